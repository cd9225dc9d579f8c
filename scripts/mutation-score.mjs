// The mutation score per folder, from Stryker's JSON reports: the files given, or every run kept in
// reports/runs/ by `npm run mutate` (for each mutated file, the newest run that mutated it). The
// score is killed / (killed + survived + no coverage), timeouts counted as killed, mutants that do
// not compile or are ignored (static) left out, as Stryker counts it (docs/mutation.md).
// `npm run mutate` prints it at the end; `--markdown` prints the table for docs/mutation.md;
// `--survivors` lists the mutants that survived or that no test reached, one per line, to judge.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const markdown = args.includes('--markdown');
const survivors = args.includes('--survivors');
const reports = args.filter(a => !a.startsWith('--'));
const runs = join(root, 'reports/runs');
const kept = reports.length === 0;
if (kept && existsSync(runs))
  reports.push(
    ...readdirSync(runs)
      .filter(name => name.endsWith('.json') && !name.endsWith('.incremental.json'))
      .map(name => join(runs, name))
      .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs),
  );
if (reports.length === 0) {
  console.error('no report: run npm run mutate first');
  process.exit(2);
}

const folders = new Map();
/** @param {string} folder @param {string} status */
const count = (folder, status) => {
  if (!folders.has(folder)) folders.set(folder, { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, other: 0 });
  const row = folders.get(folder);
  row[status in row ? status : 'other']++;
};
// The mutants of each file, from the last report (oldest first) that mutated it.
const byFile = new Map();
// The source lines of each file, for --survivors.
const sourceLines = new Map();
for (const report of reports) {
  if (!existsSync(report)) {
    console.error(`${report}: no report (run npm run mutate first)`);
    process.exit(2);
  }
  const { files } = JSON.parse(readFileSync(report, 'utf8'));
  for (const [name, { mutants, source }] of Object.entries(files)) {
    const file = name.replaceAll('\\', '/');
    byFile.set(file, mutants);
    sourceLines.set(file, source.split('\n'));
  }
}
if (survivors) {
  const shown = (/** @type {string} */ text) =>
    (text.length > 100 ? `${text.slice(0, 100)}…` : text).replace(/\s+/g, ' ');
  for (const [file, mutants] of byFile)
    for (const { status, location, mutatorName, replacement } of mutants) {
      if (status !== 'Survived' && status !== 'NoCoverage') continue;
      const line = sourceLines.get(file)[location.start.line - 1].trim();
      console.log(`${file}:${location.start.line}:${location.start.column} ${status} ${mutatorName}`);
      console.log(`    ${shown(line)}\n  → ${shown(replacement ?? '')}`);
    }
  process.exit(0);
}
for (const [file, mutants] of byFile) {
  for (const mutant of mutants) {
    count(`${dirname(file)}/`, mutant.status);
    count('all', mutant.status);
  }
}
/** @param {{ Killed: number, Timeout: number, Survived: number, NoCoverage: number }} r A folder's mutants by status. */
const score = r => {
  const detected = r.Killed + r.Timeout;
  const valid = detected + r.Survived + r.NoCoverage;
  return valid === 0 ? '-' : `${((100 * detected) / valid).toFixed(1)}%`;
};
const rows = [...folders].sort(([a], [b]) => (a === 'all' ? 1 : b === 'all' ? -1 : a < b ? -1 : 1));
if (markdown) {
  console.log('| Folder | Killed | Timed out | Survived | No coverage | Score |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const [folder, r] of rows)
    console.log(
      `| ${folder === 'all' ? '**all**' : `\`${folder}\``} | ${r.Killed} | ${r.Timeout} | ${r.Survived} | ${r.NoCoverage} | ${score(r)} |`,
    );
} else {
  console.log(
    `${'folder'.padEnd(18)} ${'killed'.padStart(7)} ${'timeout'.padStart(8)} ${'survived'.padStart(9)} ${'no cov'.padStart(7)} ${'score'.padStart(7)}`,
  );
  for (const [folder, r] of rows)
    console.log(
      `${folder.padEnd(18)} ${String(r.Killed).padStart(7)} ${String(r.Timeout).padStart(8)} ${String(r.Survived).padStart(9)} ${String(r.NoCoverage).padStart(7)} ${score(r).padStart(7)}`,
    );
}
if (kept) console.log(`${byFile.size} files measured, from ${reports.length} run(s) kept in reports/runs/`);
