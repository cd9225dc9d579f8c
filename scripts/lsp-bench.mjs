// `npm run bench:lsp`: the language server (`spectral-api-conventions lsp`) timed through a real
// client over stdio (vscode-jsonrpc), as an editor drives it: the first diagnostics after opening a
// document, the diagnostics after an edit (from the change to the publication of that version,
// including the server's 75 ms debounce), and a quick fix resolved; on a 1,000-line description and
// on GitHub's REST description (13 MB), beside `spectral lint` with an empty ruleset on the same file
// in the same run, and the peak memory of each. Options: --runs N (default 3), --only small|github|graph
// (graph: Microsoft Graph's 20 MB description, only when asked for).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node.js';
import { stringify } from 'yaml';
import { CACHE, PACKAGES, ROOT, ensureBuilt, ensurePackage, githubDescription } from './data.mjs';
import { synthetic } from './synthetic.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const RUNS = Number(option('--runs', 3));
const ONLY = option('--only', undefined);
const CLI = join(ROOT, 'dist/cli.js');
const SPECTRAL = join(ROOT, 'node_modules/@stoplight/spectral-cli/dist/index.js');
const work = join(CACHE, 'lsp-bench');
mkdirSync(work, { recursive: true });
ensureBuilt();
writeFileSync(join(work, 'empty.spectral.yaml'), 'rules: {}\n');

const median = values => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const seconds = start => Number(process.hrtime.bigint() - start) / 1e9;

/** A synthetic conforming description of about 1,000 lines with one wrong problem title. */
function small() {
  let operations = 10;
  let text = '';
  while ((text = stringify(synthetic(operations))).split('\n').length < 1000) operations += 2;
  return text.replace('title: Not Found', 'title: Not found');
}

/** `spectral lint` with an empty ruleset: wall seconds and peak memory (MB). */
function emptyLint(file) {
  const start = process.hrtime.bigint();
  const run = spawnSync(
    process.execPath,
    [
      '--require',
      join(ROOT, 'scripts/bench-rss.cjs'),
      SPECTRAL,
      'lint',
      '-r',
      join(work, 'empty.spectral.yaml'),
      '-q',
      file,
    ],
    { encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  const wall = seconds(start);
  return { seconds: wall, mb: Number(/bench-maxrss-kb (\d+)/.exec(run.stderr)?.[1] ?? NaN) / 1024 };
}

/** A process's peak resident memory so far, in MB. */
const peakMb = pid => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

/** One session: start the server, open, edit, resolve a quick fix; the server's peak memory. */
async function session(file, text, edit, rule) {
  const child = spawn(process.execPath, [CLI, 'lsp', '--stdio'], { cwd: work });
  const connection = createMessageConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  const uri = pathToFileURL(file).href;
  let waiting;
  connection.onNotification('textDocument/publishDiagnostics', params => {
    if (params.uri === uri && waiting && params.version === waiting.version) waiting.resolve(params.diagnostics);
  });
  connection.listen();
  const published = version => new Promise(resolve => (waiting = { version, resolve }));
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(work).href,
    capabilities: {
      textDocument: { codeAction: { resolveSupport: { properties: ['edit'] } } },
      workspace: { workspaceEdit: { documentChanges: true } },
    },
  });
  await connection.sendNotification('initialized', {});
  let start = process.hrtime.bigint();
  const first = published(1);
  await connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'yaml', version: 1, text },
  });
  const diagnostics = await first;
  const open = seconds(start);
  start = process.hrtime.bigint();
  const second = published(2);
  await connection.sendNotification('textDocument/didChange', {
    textDocument: { uri, version: 2 },
    contentChanges: [{ text: edit(text) }],
  });
  await second;
  const change = seconds(start);
  // The peak memory of the diagnostics alone (open and edit), before any quick fix runs the engine.
  const diagnosticsMb = peakMb(child.pid);
  let fix = NaN;
  let chosen = NaN;
  const target = diagnostics.find(d => d.code === rule);
  if (target !== undefined) {
    const actions = await connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: target.range,
      context: { diagnostics: [target], only: ['quickfix'] },
    });
    const action = actions.find(a => a.diagnostics?.[0]?.code === rule && a.disabled === undefined);
    if (action !== undefined) {
      // Chosen right away: the resolve waits for all the engine's work.
      start = process.hrtime.bigint();
      let resolved = await connection.sendRequest('codeAction/resolve', action);
      fix = resolved.edit === undefined ? NaN : seconds(start);
      // Chosen a second after the list was shown, as a person does: the engine's first lint, started
      // when the list was asked for, is ready by then (a new list and resolve on the same text).
      const again = await connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri },
        range: target.range,
        context: { diagnostics: [target], only: ['quickfix'] },
      });
      await new Promise(resolve => setTimeout(resolve, 1000));
      start = process.hrtime.bigint();
      resolved = await connection.sendRequest(
        'codeAction/resolve',
        again.find(a => a.title === action.title),
      );
      chosen = resolved.edit === undefined ? NaN : seconds(start);
    }
  }
  const mb = peakMb(child.pid);
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  await new Promise(resolve => child.once('exit', resolve));
  connection.dispose();
  return { open, change, fix, chosen, diagnosticsMb, mb, findings: diagnostics.length };
}

const documents = [];
if (ONLY === undefined || ONLY === 'small') {
  const file = join(work, 'small.yaml');
  const text = small();
  writeFileSync(file, text);
  documents.push({
    name: `1,000-line description (${text.split('\n').length} lines)`,
    file,
    text,
    edit: t => t.replace('description: ', 'description: Edited. '),
    rule: 'problem-example-title',
  });
}
if (ONLY === undefined || ONLY === 'github') {
  const file = githubDescription();
  const text = readFileSync(file, 'utf8');
  // An edit of one summary (the server gets the whole text, as with full sync).
  documents.push({
    name: 'GitHub REST (13 MB)',
    file,
    text,
    edit: t => t.replace('"summary": "', '"summary": "Edited. '),
    rule: 'error-responses-required',
  });
}

if (ONLY === 'graph') {
  // Microsoft Graph v1.0 (20 MB of JSON, 7,400 paths): not in the default run, which it would lengthen by minutes.
  const file = join(ensurePackage(PACKAGES.directory), 'api/microsoft.com/graph.json');
  const text = readFileSync(file, 'utf8');
  documents.push({
    name: 'Microsoft Graph v1.0 (20 MB)',
    file,
    text,
    edit: t => t.replace('"summary": "', '"summary": "Edited. '),
    // Diagnostics only: a quick fix on it is not timed here.
    rule: undefined,
  });
}

console.log(
  '| document | spectral lint, empty ruleset s | first diagnostics s | ratio | after an edit s | ratio | quick fix resolved at once s | ratio | resolved 1 s after the list s | memory MB: empty lint / server, diagnostics / server, with quick fixes |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const doc of documents) {
  const empty = [];
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    empty.push(emptyLint(doc.file));
    runs.push(await session(doc.file, doc.text, doc.edit, doc.rule));
  }
  const e = median(empty.map(r => r.seconds));
  const m = key => median(runs.map(r => r[key]));
  const mem = `${median(empty.map(r => r.mb)).toFixed(0)} / ${m('diagnosticsMb').toFixed(0)} / ${m('mb').toFixed(0)}`;
  console.log(
    `| ${doc.name} | ${e.toFixed(2)} | ${m('open').toFixed(2)} | ${(m('open') / e).toFixed(2)} | ${m('change').toFixed(3)} | ${(m('change') / e).toFixed(2)} | ${m('fix').toFixed(3)} | ${(m('fix') / e).toFixed(2)} | ${m('chosen').toFixed(3)} | ${mem} |`,
  );
}
console.log(`\nmedians of ${RUNS} runs each, ${new Date().toISOString().slice(0, 10)}, ${process.version}`);
