/**
 * `spectral-api-conventions <command>`: the package's command-line tools, beside the ruleset.
 *   check     spectral lint for CI; with --since <git-ref>, only new findings (docs/ci.md)
 *   fix       apply the conventions' unambiguous fixes (docs/fix.md)
 *   baseline  record today's findings so that CI fails only on new ones (docs/baseline.md)
 *   lsp       a language server for editors: diagnostics, quick fixes, hover (docs/editors.md)
 *   report    the estate report: a score per API and area of the conventions (docs/report.md)
 * Exit codes: 0 nothing left, 1 findings remain, 2 usage, ruleset or document error.
 */
// The version the bundle was built from (esbuild inlines it into dist/cli.js).
import { version } from '../package.json';
import { UsageError, UserError } from './shared/errors';

export interface Command {
  /** One line for the usage text. */
  summary: string;
  /** The command's usage (`--help`), printed after a UsageError's sentence. */
  usage: string;
  /** Runs the command: its exit code, or a UserError for what the user can mend (exit 2). */
  run(args: string[]): Promise<number>;
}

interface Entry {
  /** What the command does, for the top-level usage text (known without loading the command). */
  summary: string;
  load: () => Promise<Command>;
}

/** The commands, loaded when named so that one command's dependencies never slow another. */
const COMMANDS: Record<string, Entry> = {};

export function register(name: string, summary: string, load: () => Promise<Command>): void {
  COMMANDS[name] = { summary, load };
}

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map(name => name.length));
  return [
    'usage: spectral-api-conventions <command> [options] <file>…',
    '',
    'commands:',
    ...Object.entries(COMMANDS).map(([name, { summary }]) => `  ${name.padEnd(width)}  ${summary}`),
    '',
    'Run a command with --help for its options; --version prints the version.',
    'Exit codes: 0 nothing (new) at or above the failure severity, 1 findings, 2 usage, ruleset or document error.',
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    process.stdout.write(`${usage()}\n`);
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${version}\n`);
    return 0;
  }
  const entry = COMMANDS[name];
  if (entry === undefined) {
    process.stderr.write(`spectral-api-conventions: unknown command "${name}"\n\n${usage()}\n`);
    return 2;
  }
  return runCommand(name, await entry.load(), args);
}

/**
 * Runs a command, and is the one place a user's mistake becomes a sentence and exit 2, for every
 * command: `spectral-api-conventions <name>: <sentence>`, the command's usage after a UsageError.
 */
export async function runCommand(name: string, command: Command, args: string[]): Promise<number> {
  try {
    return await command.run(args);
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    const usage = error instanceof UsageError ? `\n${command.usage}\n` : '';
    process.stderr.write(`spectral-api-conventions ${name}: ${error.message}\n${usage}`);
    return 2;
  }
}
