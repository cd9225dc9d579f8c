/**
 * The commands' argument parser: one table of options per command, the same rules for all of them.
 * `--name value`, `--name=value` and `-n value` for an option that takes a value; a flag takes none;
 * `--prefix.<key> value` for a dotted option (`--output.sarif spectral.sarif`, as `spectral lint`
 * writes it); `--` ends the options; a lone `-` is a positional. An unknown option, or one without
 * its value, is a `UsageError` whose message is the sentence to print.
 */

import { UsageError } from './errors';

export interface OptionSpec {
  /** Its spellings, e.g. `['-b', '--baseline']`. */
  names: string[];
  /** What its value is called in an error ("needs a file"); a flag when absent. */
  value?: string;
  /** A dotted option: `--<name>.<key> <value>` (e.g. `--output.sarif file`). */
  dotted?: boolean;
  /** Its value as the usage shows it (`<file>`), for an option that takes one. */
  shows?: string;
  /** What the usage says it does; `\n` starts a line under the first. */
  help: string;
}

/**
 * `-f, --format` and `-o, --output` (with `--output.<format>`), as `spectral lint` takes them: the
 * formats a command writes, and the one it writes when none is asked for.
 */
export const formatOptions = (formats: readonly string[], fallback: string) =>
  ({
    format: {
      names: ['-f', '--format'],
      value: 'a format',
      shows: '<format>',
      help: `${formats.join(', ')} (default ${fallback}; repeatable)`,
    },
    output: {
      names: ['-o', '--output'],
      value: 'a file',
      dotted: true,
      shows: '<file>',
      help: 'where the first format goes; --output.<format> <file> for each other',
    },
  }) satisfies Record<string, OptionSpec>;

/** `-r, --ruleset <file>`, as `spectral lint` takes it; what it defaults to is each command's to say. */
export const rulesetOption = (help: string) =>
  ({ names: ['-r', '--ruleset'], value: 'a file', shows: '<file>', help }) satisfies OptionSpec;

/**
 * The options' part of a command's usage, made from its option table, so that the two never
 * disagree: each option's spellings and value, then what it does, in a column.
 */
export function optionsUsage(spec: Record<string, OptionSpec>): string {
  const options = Object.values(spec);
  const left = options.map(
    option => `  ${option.names.join(', ')}${option.shows === undefined ? '' : ` ${option.shows}`}`,
  );
  const width = Math.max(...left.map(text => text.length)) + 2;
  return options
    .map((option, i) =>
      option.help
        .split('\n')
        .map((line, k) => `${k === 0 ? left[i].padEnd(width) : ' '.repeat(width)}${line}`)
        .join('\n'),
    )
    .join('\n');
}

export interface Parsed<K extends string> {
  /** Whether the option was given (a flag, or a value option at least once). */
  has(key: K): boolean;
  /** Its last value. */
  value(key: K): string | undefined;
  /** Every value, in order (repeatable options such as `--rule` or `-f`). */
  values(key: K): string[];
  /** The dotted values by key: `--output.sarif a.sarif` gives `{ sarif: 'a.sarif' }`. */
  dotted(key: K): Record<string, string>;
  positionals: string[];
}

export function parseArgs<K extends string>(argv: readonly string[], spec: Record<K, OptionSpec>): Parsed<K> {
  const byName = new Map<string, K>();
  for (const key of Object.keys(spec) as K[]) for (const name of spec[key].names) byName.set(name, key);
  const values = new Map<K, string[]>();
  const flags = new Set<K>();
  const dotted = new Map<K, Record<string, string>>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    const dot = name.startsWith('--') ? name.indexOf('.') : -1;
    const key = byName.get(dot > 0 ? name.slice(0, dot) : name);
    if (key === undefined || (dot > 0 && spec[key].dotted !== true)) throw new UsageError(`unknown option ${name}`);
    const option = spec[key];
    if (option.value === undefined) {
      if (inline !== undefined) throw new UsageError(`${name} takes no value`);
      flags.add(key);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') throw new UsageError(`${name} needs ${option.value}`);
    if (dot > 0) (dotted.get(key) ?? dotted.set(key, {}).get(key)!)[name.slice(dot + 1)] = value;
    else values.set(key, [...(values.get(key) ?? []), value]);
  }
  return {
    has: key => flags.has(key) || values.has(key) || dotted.has(key),
    value: key => values.get(key)?.at(-1),
    values: key => values.get(key) ?? [],
    dotted: key => dotted.get(key) ?? {},
    positionals,
  };
}

/** At most one of the given options; a sentence naming the two first given otherwise. */
export function oneOf<K extends string, S extends K>(
  parsed: Parsed<K>,
  spec: Record<K, OptionSpec>,
  keys: S[],
): S | undefined {
  const given = keys.filter(key => parsed.has(key));
  if (given.length > 1) {
    throw new UsageError(`${spec[given[0]].names.at(-1)} and ${spec[given[1]].names.at(-1)} cannot be combined`);
  }
  return given[0];
}
