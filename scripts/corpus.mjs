// `npm run test:corpus`: lints thousands of real API descriptions with the ruleset loaded once, the
// rule functions' safety net switched off, and reports the documents on which a rule function threw
// and, per rule, its findings and the share of documents it fires on.
//   --sample N   a fixed sample of N documents (every k-th of the sorted list), as CI runs it
//   --write      also write the table to docs/corpus.md
//   --json       print the summary as JSON instead of text
// The output is deterministic: two runs give the same text. Timing goes to stderr.
import { readFile } from 'node:fs/promises';
import { writeFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import {
  CACHE,
  ROOT,
  corpusDescriptions,
  corpusSample,
  ensureBuilt,
  ghesDescription,
  githubDescription,
  offlineResolver,
} from './data.mjs';

process.env.SPECTRAL_API_CONVENTIONS_THROW = '1';
const require = createRequire(import.meta.url);
const { Spectral, Document } = require('@stoplight/spectral-core');
const Parsers = require('@stoplight/spectral-parsers');

const argv = process.argv.slice(2);
const SAMPLE = argv.includes('--sample') ? Number(argv[argv.indexOf('--sample') + 1]) : undefined;
const WRITE = argv.includes('--write');
const JSON_OUT = argv.includes('--json');

const ruleset = require(ensureBuilt());

const resolver = offlineResolver;

function corpus() {
  const docs = corpusDescriptions();
  if (SAMPLE !== undefined) return corpusSample(docs, SAMPLE);
  return [...docs, { set: 'github', path: githubDescription() }, { set: 'ghes', path: ghesDescription() }];
}

const docs = corpus();

const ruleIds = Object.keys(ruleset.rules).sort();
const findings = Object.fromEntries(ruleIds.map(id => [id, 0]));
const firedOn = Object.fromEntries(ruleIds.map(id => [id, 0]));
const threw = [];
const failed = [];
/** @type {Record<string, number>} */
const counts = {};
const started = Date.now();

for (const [i, doc] of docs.entries()) {
  const name = relative(CACHE, doc.path);
  counts[doc.set] = (counts[doc.set] ?? 0) + 1;
  try {
    const text = await readFile(doc.path, 'utf8');
    const parser = /** @type {import('@stoplight/spectral-parsers').IParser} */ (
      doc.path.endsWith('.json') ? Parsers.Json : Parsers.Yaml
    );
    const spectral = new Spectral({ resolver: resolver() });
    spectral.setRuleset(ruleset);
    const results = await spectral.run(new Document(text, parser, doc.path));
    const seen = new Set();
    for (const result of results) {
      if (!(result.code in findings)) continue;
      findings[result.code]++;
      seen.add(result.code);
    }
    for (const id of seen) firedOn[id]++;
  } catch (error) {
    const message = String(/** @type {{ message?: unknown } | undefined} */ (error)?.message ?? error);
    if (/threw an exception/.test(message)) threw.push({ name, message: message.split('\n')[0] });
    else failed.push({ name, message: message.split('\n')[0] });
  }
  if ((i + 1) % 200 === 0)
    process.stderr.write(
      `${i + 1}/${docs.length} documents, heap ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MB\n`,
    );
}

const total = docs.length;
const sets = Object.entries(counts)
  .map(([set, n]) => `${n} from ${set}`)
  .join(', ');
const lines = [
  `${total} documents (${sets}); rule functions threw on ${threw.length}; Spectral itself failed on ${failed.length}.`,
  '',
  '| rule | findings | documents | share of documents |',
  '| --- | ---: | ---: | ---: |',
  ...ruleIds.map(id => `| ${id} | ${findings[id]} | ${firedOn[id]} | ${((100 * firedOn[id]) / total).toFixed(1)}% |`),
];
for (const t of threw) lines.push(`threw: ${t.name}: ${t.message}`);
for (const f of failed) lines.push(`spectral failed: ${f.name}: ${f.message}`);
const text = lines.join('\n');

if (JSON_OUT) console.log(JSON.stringify({ total, threw, failed, findings, firedOn }));
else console.log(text);
process.stderr.write(`corpus: ${((Date.now() - started) / 1000).toFixed(0)} s\n`);

if (WRITE) {
  const path = join(ROOT, 'docs/corpus.md');
  const page = readFileSync(path, 'utf8');
  const start = page.indexOf('<!-- corpus:start -->');
  const end = page.indexOf('<!-- corpus:end -->');
  writeFileSync(path, `${page.slice(0, start)}<!-- corpus:start -->\n${text}\n${page.slice(end)}`);
}
process.exit(threw.length > 0 ? 1 : 0);
