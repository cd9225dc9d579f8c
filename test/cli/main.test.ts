/**
 * The top level of `spectral-api-conventions` in this process (cli/main.ts's `main`): the usage,
 * the version, an unknown command, and the dispatch to a command. The commands are registered as
 * cli/index.ts registers them (loaded here by a static import: jest runs no dynamic import).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import baseline from '../../cli/baseline/index';
import check from '../../cli/check/index';
import { main, register } from '../../cli/main';
import { ROOT, captured } from '../__helpers__/in-process';

const FIX = "apply the conventions' unambiguous fixes, keeping comments and layout (docs/fix.md)";
const CHECK = 'spectral lint for CI; with --since <git-ref>, only the findings new since that revision (docs/ci.md)';
const BASELINE = "record today's findings so that CI fails only on new ones; --check, --prune (docs/baseline.md)";
const LSP = 'a language server for editors: our findings, quick fixes made by fix, hover (docs/editors.md)';
const REPORT =
  'the estate report: per API and area of the conventions, a score and a level; HTML, JSON, Markdown (docs/report.md)';
const USAGE = `usage: spectral-api-conventions <command> [options] <file>…

commands:
  check     ${CHECK}
  baseline  ${BASELINE}

Run a command with --help for its options; --version prints the version.
Exit codes: 0 nothing (new) at or above the failure severity, 1 findings, 2 usage, ruleset or document error.
`;

beforeAll(() => {
  register('check', CHECK, () => Promise.resolve(check));
  register('baseline', BASELINE, () => Promise.resolve(baseline));
});

const run = (...argv: string[]) => captured(() => main(argv));

test('--help and -h: the usage with each command and its summary, exit 0', async () => {
  expect(await run('--help')).toEqual({ code: 0, stdout: USAGE, stderr: '' });
  expect(await run('-h', 'check')).toEqual({ code: 0, stdout: USAGE, stderr: '' });
});

test('no command: the usage, exit 2', async () => {
  expect(await run()).toEqual({ code: 2, stdout: USAGE, stderr: '' });
});

test('--version and -v: the version of package.json', async () => {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  expect(await run('--version')).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  expect(await run('-v')).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
});

test('an unknown command: its name and the usage on standard error, exit 2', async () => {
  expect(await run('lint', 'openapi.yaml')).toEqual({
    code: 2,
    stdout: '',
    stderr: `spectral-api-conventions: unknown command "lint"\n\n${USAGE}`,
  });
});

test("a command's own arguments go to it: baseline --help, check with a usage error", async () => {
  const help = await run('baseline', '--help');
  expect(help.stdout.startsWith('usage: spectral-api-conventions baseline [--update | --prune | --check]')).toBe(true);
  expect(help.code).toBe(0);
  const usage = await run('check', '--fail-severity', 'fatal', 'openapi.yaml');
  expect(usage.stderr.split('\n')[0]).toBe(
    'spectral-api-conventions check: --fail-severity fatal: one of error, warn, info, hint',
  );
  expect(usage.code).toBe(2);
});

/**
 * The bin's entry point itself (cli/index.ts), loaded as the bin loads it: it registers the three
 * commands and runs `main` on the process's arguments, the exit code going to `process.exitCode`.
 * (A command it loads is not run here: its loader is a dynamic import, which jest cannot run;
 * test/e2e.cli.test.ts runs each command through the built bin.)
 */
async function entryPoint(...args: string[]): Promise<{ stdout: string; stderr: string; exitCode: unknown }> {
  const { argv, exitCode } = process;
  process.argv = ['/usr/bin/node', '/project/node_modules/.bin/spectral-api-conventions', ...args];
  try {
    const output = await captured(async () => {
      jest.isolateModules(() => {
        require('../../cli/index');
      });
      // main's promise settles after the module has loaded.
      await new Promise(resolve => setTimeout(resolve, 10));
      return 0;
    });
    return { stdout: output.stdout, stderr: output.stderr, exitCode: process.exitCode };
  } finally {
    process.argv = argv;
    process.exitCode = exitCode;
  }
}

test('the entry point registers check, fix, baseline, lsp and report with their summaries, and sets the exit code', async () => {
  const usage = `usage: spectral-api-conventions <command> [options] <file>…

commands:
  check     ${CHECK}
  fix       ${FIX}
  baseline  ${BASELINE}
  lsp       ${LSP}
  report    ${REPORT}

Run a command with --help for its options; --version prints the version.
Exit codes: 0 nothing (new) at or above the failure severity, 1 findings, 2 usage, ruleset or document error.
`;
  expect(await entryPoint('--help')).toEqual({ stdout: usage, stderr: '', exitCode: 0 });
  expect(await entryPoint('lint', 'openapi.yaml')).toEqual({
    stdout: '',
    stderr: `spectral-api-conventions: unknown command "lint"\n\n${usage}`,
    exitCode: 2,
  });
});

test('a command that fails to load is an error with its stack on standard error and exit 2, never a silent success', async () => {
  // The loaders are dynamic imports, which jest cannot run: the real failure of a command's module.
  const run = await entryPoint('fix', '--help');
  expect(run.stdout).toBe('');
  // The stack names the error's class and code; the message alone would not.
  expect(run.stderr).toMatch(
    /^spectral-api-conventions: TypeError \[ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING_FLAG\]: .+\n$/,
  );
  expect(run.exitCode).toBe(2);
});
