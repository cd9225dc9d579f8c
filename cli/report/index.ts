/**
 * `spectral-api-conventions report <files, folders or globs…>`: the estate report (docs/report.md).
 * Every API description found is linted with the ruleset `spectral lint` would use for it, in
 * parallel (pool.ts), scored per area of the conventions (score.ts), and written as JSON, Markdown
 * or a self-contained HTML page. `report merge <json…>` joins reports of shards or of many
 * repositories. Exit codes: 0, 1 when a gate (`--fail-below`, `--min-level`) is not met, 2 usage.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import type { Command } from '../main';
import { OptionSpec, Parsed, formatOptions, optionsUsage, parseArgs, rulesetOption } from '../shared/args';
import { UsageError, UserError } from '../shared/errors';
import { writeAtomically } from '../shared/files';
import { findRuleset, ownRuleset } from '../shared/spectral';
import { discover, nearestRuleset, parseShard, shardOf } from './discover';
import { attachHistory, planHistory } from './history';
import { renderHtml } from './html';
import { LintTask, reportPath } from './lint-one';
import { renderMarkdown } from './markdown';
import { LEVEL_WORDS, Level, Report } from './model';
import { HEAP_MB, fileSize, lintAll } from './pool';
import { mergeReports, reportOf } from './summary';
import { timeoutNote } from './timeouts';

const FORMATS = ['markdown', 'json', 'html'] as const;
type Format = (typeof FORMATS)[number];
const LEVELS: Level[] = ['none', 'must', 'should'];

const OPTIONS = {
  ...formatOptions(FORMATS, 'markdown'),
  ruleset: rulesetOption('one ruleset for every description'),
  timeout: {
    names: ['--timeout'],
    value: 'a number of seconds',
    shows: '<seconds>',
    help: 'per description (default 120); a description over it is a row saying so',
  },
  jobs: {
    names: ['--jobs'],
    value: 'a number',
    shows: '<n>',
    help: `worker threads (default: the cores, ${availableParallelism()} here)`,
  },
  heap: {
    names: ['--heap'],
    value: 'a number of MB',
    shows: '<MB>',
    help: "each thread's heap limit (default 900); a description that needs more\nis linted again alone without one",
  },
  shard: {
    names: ['--shard'],
    value: 'i/n',
    shows: '<i>/<n>',
    help: 'only the i-th of n shares of the descriptions; merge the JSON of all n',
  },
  history: {
    names: ['--history'],
    value: 'a number of commits',
    shows: '<n>',
    help: "each description's last n commits too (git), for the trend",
  },
  failBelow: {
    names: ['--fail-below'],
    value: 'a score',
    shows: '<score>',
    help: 'exit 1 when an API scores below it, or could not be linted',
  },
  minLevel: {
    names: ['--min-level'],
    value: 'a level',
    shows: '<level>',
    help: 'exit 1 when an API is below it: must (meets MUST) or should (meets MUST and SHOULD)',
  },
  help: { names: ['-h', '--help'], help: 'this text' },
} satisfies Record<string, OptionSpec>;

const HELP = `usage: spectral-api-conventions report [options] <file, folder or glob>…
       spectral-api-conventions report merge [options] <report.json>…

Lints every API description found (in a folder: the YAML and JSON files that start as one) with
the nearest .spectral.* up from it, as spectral lint would, on all cores, and reports per API the
share of operations that conform in each area of the conventions, a score and a level (docs/report.md).

options:
${optionsUsage(OPTIONS)}
`;
type Options = Parsed<keyof typeof OPTIONS>;

function positiveNumber(options: Options, key: 'timeout' | 'jobs' | 'heap' | 'history', fallback: number): number {
  const value = options.value(key);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || (key !== 'timeout' && !Number.isInteger(n)))
    throw new UsageError(`--${key} takes a positive ${key === 'timeout' ? 'number' : 'whole number'}, not ${value}`);
  return n;
}

/** Where each format goes (`-` for standard output). */
function outputs(options: Options): [Format, string][] {
  const formats = options.values('format');
  for (const format of formats)
    if (!(FORMATS as readonly string[]).includes(format))
      throw new UsageError(`-f ${format} is not a report format; expected ${FORMATS.join(', ')}`);
  const asked = (formats.length > 0 ? formats : ['markdown']) as Format[];
  const dotted = options.dotted('output');
  for (const key of Object.keys(dotted))
    if (!asked.includes(key as Format)) throw new UsageError(`--output.${key} names a format not asked for with -f`);
  const pairs = asked.map((format, i): [Format, string] => [
    format,
    dotted[format] ?? (i === 0 ? (options.value('output') ?? '-') : '-'),
  ]);
  if (pairs.filter(([, to]) => to === '-').length > 1)
    throw new UsageError('several formats would go to standard output: give --output.<format> files');
  return pairs;
}

/** The gates: a sentence per API that fails one. */
function gateFailures(report: Report, options: Options): string[] {
  const below = options.value('failBelow');
  const level = options.value('minLevel');
  if (below === undefined && level === undefined) return [];
  const threshold = below === undefined ? undefined : Number(below);
  const failures: string[] = [];
  for (const api of report.apis) {
    if (api.status !== 'linted') {
      failures.push(`${api.file}: not linted (${api.status})`);
      continue;
    }
    // An API without operations is not scored: no gate judges it.
    if (api.score === undefined || api.level === undefined) continue;
    if (threshold !== undefined && api.score < threshold)
      failures.push(`${api.file}: score ${api.score} is below ${threshold}`);
    if (level !== undefined && LEVELS.indexOf(api.level) < LEVELS.indexOf(level as Level))
      failures.push(`${api.file}: ${LEVEL_WORDS[api.level]}; --min-level ${level} asks ${LEVEL_WORDS[level as Level]}`);
  }
  return failures;
}

function checkGates(options: Options): void {
  const below = options.value('failBelow');
  if (below !== undefined && !(Number(below) >= 0 && Number(below) <= 100))
    throw new UsageError(`--fail-below takes a score from 0 to 100, not ${below}`);
  const level = options.value('minLevel');
  if (level !== undefined && level !== 'must' && level !== 'should')
    throw new UsageError(`--min-level takes must or should, not ${level}`);
}

function write(report: Report, destinations: [Format, string][]): void {
  for (const [format, to] of destinations) {
    const text =
      format === 'json'
        ? `${JSON.stringify(report, null, 2)}\n`
        : format === 'markdown'
          ? renderMarkdown(report)
          : renderHtml(report);
    if (to === '-') process.stdout.write(text);
    else writeAtomically(to, text);
  }
}

async function lintReport(options: Options, cwd: string): Promise<Report> {
  const targets = options.positionals.length > 0 ? options.positionals : ['.'];
  const shard = options.value('shard') === undefined ? undefined : parseShard(options.value('shard')!);
  const files = shardOf(discover(targets, cwd), shard);
  if (files.length === 0 && shard === undefined)
    throw new UserError(`no API description found in ${targets.join(', ')}`);
  const given = options.value('ruleset');
  const builtIn = ownRuleset();
  if (builtIn === undefined) throw new Error('dist/ruleset.js is missing; run npm run build');
  const folders = new Map<string, string | undefined>();
  const tasks: LintTask[] = files.map(file => {
    const ruleset = given !== undefined ? findRuleset(given, cwd) : (nearestRuleset(file, folders) ?? builtIn);
    return { file, ruleset, rulesetName: ruleset === builtIn ? '(built-in)' : relative(cwd, ruleset) || ruleset, cwd };
  });
  const pool = {
    jobs: positiveNumber(options, 'jobs', availableParallelism()),
    timeout: positiveNumber(options, 'timeout', 120),
    heapMb: positiveNumber(options, 'heap', HEAP_MB),
    notes: process.stderr,
    progress: process.stderr.isTTY ? process.stderr : undefined,
  };
  const rows = await lintAll(tasks, pool);
  // Named at the end of the run, where a CI log is read: which descriptions ran out of time, and the limit that would do.
  const byName = new Map(tasks.map(task => [reportPath(task.file, cwd), task.file]));
  const late = timeoutNote(rows, file => fileSize(byName.get(file) ?? file), pool.timeout);
  if (late !== undefined) process.stderr.write(`spectral-api-conventions report: ${late}\n`);
  if (options.has('history')) {
    const plan = planHistory(rows, tasks, positiveNumber(options, 'history', 1));
    try {
      attachHistory(rows, plan, await lintAll(plan.tasks, pool));
    } finally {
      plan.cleanup();
    }
  }
  return reportOf(rows, { shard });
}

function mergeReport(options: Options): Report {
  const files = options.positionals.slice(1);
  if (files.length === 0) throw new UsageError('report merge needs the JSON reports to join');
  return mergeReports(
    files.map(name => {
      let report: Report;
      try {
        report = JSON.parse(readFileSync(name, 'utf8')) as Report;
      } catch (error) {
        throw new UserError(`${name} is not a report: ${(error as Error).message}`);
      }
      if (!Array.isArray(report?.apis))
        throw new UserError(`${name} is not a report of spectral-api-conventions (no apis)`);
      return { name, report };
    }),
  );
}

const report: Command = {
  summary: 'the estate report: a score per API and area of the conventions (docs/report.md)',
  usage: HELP.trimEnd(),
  // A UserError (an option, a path, a report to merge, git) is main.ts's to print.
  async run(args: string[]): Promise<number> {
    const options: Options = parseArgs(args, OPTIONS);
    if (options.has('help')) {
      process.stdout.write(HELP);
      return 0;
    }
    checkGates(options);
    // Checked before linting: a wrong -o should not cost the whole estate's lint.
    const destinations = outputs(options);
    const merging = options.positionals[0] === 'merge';
    const made = merging ? mergeReport(options) : await lintReport(options, process.cwd());
    write(made, destinations);
    const failures = gateFailures(made, options);
    for (const failure of failures) process.stderr.write(`${failure}\n`);
    return failures.length > 0 ? 1 : 0;
  },
};

export default report;
