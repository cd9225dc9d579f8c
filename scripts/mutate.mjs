// `npm run mutate`: Stryker with stryker.config.json (docs/mutation.md). File arguments narrow the
// mutated files (`npm run mutate -- functions/lib/list.ts cli/fix/diff.ts`, globs too); arguments
// starting with `-` go to Stryker unchanged (`npm run mutate -- --concurrency 2`).
//
// Each set of files is its own run, with its own incremental file, and its report is kept as
// reports/runs/<label>.json: a run of some files does not forget another run's results, and
// scripts/mutation-score.mjs adds every kept report up into the score per folder.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './data.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stryker = join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js');

const args = process.argv.slice(2);
const files = [];
const options = [];
for (let i = 0; i < args.length; i++) {
  if (!args[i].startsWith('-')) files.push(args[i]);
  else {
    options.push(args[i]);
    // An option's value (`--concurrency 2`) is not a file.
    if (!args[i].includes('=') && i + 1 < args.length && !args[i + 1].startsWith('-')) options.push(args[++i]);
  }
}
const mutate = files.length > 0 ? ['--mutate', files.join(',')] : [];
const sorted = [...files].sort().join(',');
const label =
  files.length === 0
    ? 'all'
    : `${sorted.replace(/[^A-Za-z0-9.-]+/g, '_').slice(0, 60)}-${createHash('sha1').update(sorted).digest('hex').slice(0, 8)}`;
const runs = join(root, 'reports/runs');
mkdirSync(runs, { recursive: true });
// The TypeScript checker checks each mutant on its own, and it was the slow part of a run (about a
// second a mutant, when the tests of a killed mutant take a tenth of that): it re-checked every file
// that imports the mutated one. This run's checker compiles the mutated files and what they import,
// not what imports them, so a mutant that breaks only another file's types is run and judged by the
// tests rather than left out as not compiling. It has to be inside the project (Stryker checks in
// its sandbox copy), so it is test/__stryker__/tsconfig.run.json, git-ignored.
const checked = files.length > 0 ? files : ['functions/**/*.ts', 'cli/**/*.ts', 'redocly/**/*.ts'];
writeFileSync(
  join(root, 'test/__stryker__/tsconfig.run.json'),
  `${JSON.stringify({ extends: './tsconfig.json', include: checked.map(file => `../../${file}`) }, null, 2)}\n`,
);
const config = join(root, 'reports/stryker.run.json');
writeFileSync(
  config,
  JSON.stringify({
    ...JSON.parse(readFileSync(join(root, 'stryker.config.json'), 'utf8')),
    $schema: undefined,
    tsconfigFile: 'test/__stryker__/tsconfig.run.json',
  }),
);
// The built ruleset, from the sources as they are: the sandbox's dist/ is a copy of it
// (scripts/data.mjs ensureBuilt). Built in the sandbox from the mutated sources, it made every
// module-level line of functions/ count as covered by the commands' tests, which lint with it.
ensureBuilt();
const run = spawnSync(
  process.execPath,
  [
    stryker,
    'run',
    config,
    ...mutate,
    '--incrementalFile',
    join('reports/runs', `${label}.incremental.json`),
    ...options,
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, STRYKER_ORIGINAL_DIST: join(root, 'dist') } },
);
if (run.status === 0) {
  copyFileSync(join(root, 'reports/mutation/mutation.json'), join(runs, `${label}.json`));
  // The score per folder of this run, then of every run kept.
  spawnSync(process.execPath, [join(root, 'scripts/mutation-score.mjs'), join(runs, `${label}.json`)], {
    cwd: root,
    stdio: 'inherit',
  });
  spawnSync(process.execPath, [join(root, 'scripts/mutation-score.mjs')], { cwd: root, stdio: 'inherit' });
}
process.exit(run.status ?? 1);
