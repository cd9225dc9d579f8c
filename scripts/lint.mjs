// `npm run lint [-- <spectral lint arguments>]`: runs the real Spectral CLI's `spectral lint` with
// this repository's ruleset, from the folder npm was started in, with the arguments exactly as
// given and in their order. Only two things are added: `--ruleset .spectral.yaml` (this
// repository's) unless the arguments name a ruleset, and the bundled example,
// fixtures/openapi-3.1.yaml, when they name no document. Nothing is moved or rewritten, so that
// `-o report.json` can only ever write report.json, and a missing document is Spectral's own
// error and exit code. dist/ is rebuilt first when a source file is newer than it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, ensureBuilt } from './data.mjs';

/** The options of `spectral lint` that take a value (Spectral CLI 6, `spectral lint --help`). */
const TAKES_VALUE = new Set([
  '-e',
  '--encoding',
  '-f',
  '--format',
  '-o',
  '--output',
  '--stdin-filepath',
  '--resolver',
  '-r',
  '--ruleset',
  '-F',
  '--fail-severity',
]);

/** Whether the arguments name a document (a positional argument) and a ruleset. */
/** @param {string[]} args */
export function readArguments(args) {
  let documents = false;
  let ruleset = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      documents ||= i + 1 < args.length;
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      documents = true;
      continue;
    }
    const [name] = arg.split('=', 1);
    if (name === '-r' || name === '--ruleset') ruleset = true;
    // `--output.json out.json` names an output per format.
    const takesValue = TAKES_VALUE.has(name) || name.startsWith('--output.');
    if (takesValue && !arg.includes('=')) i++;
  }
  return { documents, ruleset };
}

export const EXAMPLE = join(ROOT, 'fixtures/openapi-3.1.yaml');

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  ensureBuilt();
  const args = process.argv.slice(2);
  const { documents, ruleset } = readArguments(args);
  const cli = join(ROOT, 'node_modules/@stoplight/spectral-cli/dist/index.js');
  const run = spawnSync(
    process.execPath,
    [
      cli,
      'lint',
      ...(ruleset ? [] : ['--ruleset', join(ROOT, '.spectral.yaml')]),
      ...args,
      ...(documents ? [] : [EXAMPLE]),
    ],
    // npm runs scripts in the package folder; INIT_CWD is where the user typed the command.
    { stdio: 'inherit', cwd: process.env.INIT_CWD ?? process.cwd() },
  );
  process.exit(run.status ?? 1);
}
