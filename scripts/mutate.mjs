// `npm run mutate`: Stryker with stryker.config.json (docs/mutation.md). File arguments narrow the
// mutated files (`npm run mutate -- functions/lib/list.ts cli/fix/diff.ts`, globs too); arguments
// starting with `-` go to Stryker unchanged (`npm run mutate -- --concurrency 2`).
//
// Each set of files is its own run, with its own incremental file, and its report is kept as
// reports/runs/<label>.json: a run of some files does not forget another run's results, and
// scripts/mutation-score.mjs adds every kept report up into the score per folder.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
// Mutating functions/ alone: test/__stryker__/left-out.json's forCliOnly suites are left out.
const functionsOnly = files.length > 0 && files.every(file => file.startsWith('functions/'));
const run = spawnSync(
  process.execPath,
  [stryker, 'run', ...mutate, '--incrementalFile', join('reports/runs', `${label}.incremental.json`), ...options],
  { cwd: root, stdio: 'inherit', env: { ...process.env, STRYKER_MUTATES_FUNCTIONS_ONLY: functionsOnly ? '1' : '0' } },
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
