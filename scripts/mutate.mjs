// `npm run mutate`: Stryker with stryker.config.json (docs/mutation.md). File arguments narrow the
// mutated files (`npm run mutate -- functions/lib/list.ts cli/fix/diff.ts`, globs too); arguments
// starting with `-` go to Stryker unchanged (`npm run mutate -- --concurrency 2`).
import { spawnSync } from 'node:child_process';
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
const run = spawnSync(process.execPath, [stryker, 'run', ...mutate, ...options], { cwd: root, stdio: 'inherit' });
// The score per folder of what this run mutated (scripts/mutation-score.mjs).
if (run.status === 0)
  spawnSync(process.execPath, [join(root, 'scripts/mutation-score.mjs')], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
