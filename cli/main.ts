/**
 * `spectral-api-conventions <command>`: the package's command-line tools, beside the ruleset.
 *   fix       apply the conventions' unambiguous fixes (docs/fix.md)
 *   baseline  record today's findings so that CI fails only on new ones (docs/baseline.md)
 * Exit codes: 0 nothing left, 1 findings remain, 2 usage or parse error.
 */
export interface Command {
  /** One line for the usage text. */
  summary: string;
  run(args: string[]): Promise<number>;
}

/** The commands, loaded when named so that one command's dependencies never slow another. */
const COMMANDS: Record<string, () => Promise<Command>> = {};

export function register(name: string, load: () => Promise<Command>): void {
  COMMANDS[name] = load;
}

function usage(): string {
  return [
    'usage: spectral-api-conventions <command> [options] <file>…',
    '',
    'commands:',
    ...Object.keys(COMMANDS).map(name => `  ${name}`),
    '',
    'Run a command with --help for its options.',
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    process.stdout.write(`${usage()}\n`);
    return name === undefined ? 2 : 0;
  }
  const load = COMMANDS[name];
  if (load === undefined) {
    process.stderr.write(`spectral-api-conventions: unknown command "${name}"\n\n${usage()}\n`);
    return 2;
  }
  return (await load()).run(args);
}
