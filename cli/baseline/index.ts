/**
 * `spectral-api-conventions baseline [--update | --prune | --check] [<file>…]`: records the
 * findings of this package's rules on the documents in `.spectral-baseline.json`, so that a ruleset
 * with the baseline (`extends: ["spectral-api-conventions/baseline"]`) reports only new ones
 * (docs/baseline.md).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Command } from '../main';
import type { Ruleset } from '@stoplight/spectral-core';
import {
  BASELINE_FILE,
  Counts,
  formatBaseline,
  parseBaseline,
  partsOf,
  relativeTo,
} from '../../functions/lib/baseline-file';
import { writeAtomically } from '../shared/files';
import { OptionSpec, Parsed, oneOf, optionsUsage, parseArgs, rulesetOption } from '../shared/args';
import { UsageError, UserError } from '../shared/errors';
// The ruleset found and loaded as `spectral lint` does, shared with the fix command.
import { LoadedRuleset, findRuleset, loadRuleset } from '../shared/spectral';
import { isHttpUrl } from '../shared/document';
import { DocumentError, findingsAndDefects, lintKeyed } from '../shared/keyed';
import { shownName } from '../shared/files';
import { carryOver, compare } from '../shared/moves';

const OPTIONS = {
  update: { names: ['--update'], help: "rewrite it from today's findings (adds new ones: review the diff)" },
  prune: {
    names: ['--prune'],
    help: 'drop the entries of fixed findings, carry moved ones (a renamed path) over;\nnever adds a new finding',
  },
  check: { names: ['--check'], help: 'list fixed, moved and new findings; exit 1 when any is fixed or moved' },
  baseline: {
    names: ['-b', '--baseline'],
    value: 'a file',
    shows: '<file>',
    help: `the baseline file (default: the one the ruleset is configured with,\nelse ${BASELINE_FILE}; relative to the working directory)`,
  },
  ruleset: rulesetOption(
    "the ruleset (default: the .spectral.yaml/.yml/.json/.js of this folder,\nas for spectral lint; this package's rules when there is none)",
  ),
  help: { names: ['-h', '--help'], help: 'this text' },
} satisfies Record<string, OptionSpec>;

const USAGE = `usage: spectral-api-conventions baseline [--update | --prune | --check] [options] [<file>…]

Records the findings of spectral-api-conventions' rules on the documents, by file, rule, location
and message, with counts, so that a ruleset with the baseline reports only new findings. With no
mode, it writes the baseline, and refuses when it exists. The documents (<file>…) default to those
the baseline was made from.

${optionsUsage(OPTIONS)}

Exit codes: 0 done (--check: nothing fixed or moved), 1 --check found fixed or moved entries,
2 usage error, unreadable baseline, or a document the rules cannot check (nothing is written).`;

type Mode = 'create' | 'update' | 'prune' | 'check';

/** What every mode works on: the baseline file, what it held, the documents and today's findings. */
interface Work {
  baselinePath: string;
  /** The baseline as shown in sentences (relative to the working directory). */
  shown: string;
  old?: { counts: Counts; documents: string[] };
  /** The documents, as the baseline names them (relative to it). */
  documents: string[];
  /** Today's defects by key. */
  now: Counts;
  /** How many findings today's defects make (a finding merges the defects of one rule at one place). */
  findings: number;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
const sum = (counts: Counts | [unknown, number][]): number => [...counts].reduce((a, [, n]) => a + n, 0);

const describe = (key: string): string => {
  const [file, rule, location, message] = partsOf(key);
  return `${file}#${location}  ${rule}  ${message}`;
};

/**
 * The baseline the ruleset is configured with (`createRuleset({ baseline })`, the baseline preset),
 * read from its `baseline-invalid` rule, which names it; undefined for a ruleset without one.
 */
export function configuredBaseline(ruleset: Ruleset): string | undefined {
  const description = ruleset.rules['baseline-invalid']?.description ?? '';
  return /^The baseline (.+) can be read and used\.$/.exec(description)?.[1];
}

async function prepare(mode: Mode, parsed: Parsed<keyof typeof OPTIONS>): Promise<Work> {
  const cwd = process.cwd();
  const loaded: LoadedRuleset = await loadRuleset(findRuleset(parsed.value('ruleset'), cwd));
  // The file -b names, else the one the configuration names, else the default: relative to the
  // working directory, as the ruleset resolves it in spectral lint.
  const named = parsed.value('baseline') ?? configuredBaseline(loaded.ruleset) ?? BASELINE_FILE;
  const baselinePath = path.resolve(cwd, named);
  const baselineDir = path.dirname(baselinePath);
  const shown = shownName(baselinePath, cwd);

  let old: Work['old'];
  if (fs.existsSync(baselinePath)) {
    if (mode === 'create') {
      throw new UserError(
        `${shown} exists: --update rewrites it, --prune drops what no longer matches, --check lists what no longer matches`,
      );
    }
    if (fs.statSync(baselinePath).isDirectory()) throw new UserError(`${shown} is a folder, not a baseline file`);
    try {
      old = parseBaseline(fs.readFileSync(baselinePath, 'utf8'), shown);
    } catch (error) {
      // The ruleset's layer has no UserError: its sentence for a file that is not a baseline becomes one here.
      throw new UserError((error as Error).message);
    }
  } else if (mode === 'prune' || mode === 'check') {
    throw new UserError(
      `${baselinePath} does not exist: write it first with \`spectral-api-conventions baseline <file>…\``,
    );
  }

  // The documents: those named (relative to the working directory, as spectral lint takes them),
  // else those the baseline was made from (relative to the baseline).
  // One document named twice (`api/a.yaml ./api/a.yaml`) is linted and counted once.
  const given = [...new Set(parsed.positionals.map(file => (isHttpUrl(file) ? file : path.resolve(cwd, file))))];
  // A URL in the list stays a URL (path.resolve would make it a file named http:/…).
  const files =
    given.length > 0
      ? given
      : (old?.documents ?? []).map(file => (isHttpUrl(file) ? file : path.resolve(baselineDir, file)));
  if (files.length === 0) throw new UsageError('name the documents to lint');
  let now: Counts;
  let findings: number;
  try {
    ({ counts: now, findings } = await lintKeyed(loaded.ruleset, files, baselineDir));
  } catch (e) {
    // A document our rules cannot check is refused, and the baseline is not written (an empty one
    // would pass everything); --check, which never writes, says it could not check.
    if (e instanceof DocumentError)
      throw new UserError(`${e.message}\n${shown} ${mode === 'check' ? 'was not checked' : 'was not written'}`);
    throw e;
  }
  const documents = [...new Set(files.map(file => (isHttpUrl(file) ? file : relativeTo(baselineDir, file))))];
  return { baselinePath, shown, old, documents, now, findings };
}

/** No mode, or --update: the baseline is today's findings. */
function write(work: Work): number {
  const { now, old, documents, shown } = work;
  writeAtomically(work.baselinePath, formatBaseline(now, documents));
  const added = old === undefined ? 0 : [...now].filter(([key, n]) => n > (old.counts.get(key) ?? 0)).length;
  process.stdout.write(
    `${shown}: ${findingsAndDefects(work.findings, sum(now))} of ${plural(documents.length, 'document', 'documents')} recorded` +
      (old === undefined ? '\n' : ` (${plural(added, 'entry', 'entries')} new or grown)\n`),
  );
  return 0;
}

/** --prune: fixed entries dropped, moved ones carried over to their new place; nothing new added. */
function prune(work: Work): number {
  const old = work.old!;
  const comparison = compare(old.counts, work.now);
  const { fixed, moved } = comparison;
  if (fixed.length === 0 && moved.length === 0) {
    process.stdout.write(`${work.shown}: nothing to prune\n`);
    return 0;
  }
  const kept = carryOver(old.counts, work.now, comparison);
  writeAtomically(work.baselinePath, formatBaseline(kept, old.documents));
  // Only what happened: "1 defect no longer found, dropped; 8 remain", a move named when there is one.
  // The baseline's entries are defects: the findings they were part of are not linted any more.
  const movedCount = sum(moved.map(([, , n]) => [0, n] as [unknown, number]));
  const parts = [
    ...(fixed.length > 0 ? [`${plural(sum(fixed), 'defect', 'defects')} no longer found, dropped`] : []),
    ...(movedCount > 0 ? [`${plural(movedCount, 'defect', 'defects')} moved, carried over`] : []),
  ];
  process.stdout.write(
    `${work.shown}: ${parts.join('; ')}; ${plural(sum(kept), 'defect remains', 'defects remain')}\n`,
  );
  return 0;
}

/**
 * --check: exit 1 when the baseline lists fixed or moved defects; new ones are listed for information.
 * Its lists are of baseline entries, so its counts are of defects.
 */
function check(work: Work): number {
  const old = work.old!;
  const { fixed, moved, added } = compare(old.counts, work.now);
  const lines: string[] = [];
  const fixedCount = sum(fixed);
  const movedCount = sum(moved.map(([, , n]) => [0, n] as [unknown, number]));
  const addedCount = sum(added);
  if (fixedCount > 0) {
    lines.push(`${plural(fixedCount, 'known defect is', 'known defects are')} fixed but still in the baseline:`);
    for (const [key, n] of fixed)
      lines.push(`  ${describe(key)}  (baseline ${old.counts.get(key)}, found ${(old.counts.get(key) ?? 0) - n})`);
  }
  if (movedCount > 0) {
    lines.push(
      `${plural(movedCount, 'known defect', 'known defects')} moved (a renamed path), reported as new by spectral lint until the baseline follows:`,
    );
    for (const [from, to, n] of moved)
      lines.push(`  ${describe(from)}\n    → ${partsOf(to)[0]}#${partsOf(to)[2]}${n > 1 ? `  (${n})` : ''}`);
  }
  if (addedCount > 0) {
    lines.push(
      `${plural(addedCount, 'defect is', 'defects are')} new (not in the baseline; spectral lint reports ${addedCount === 1 ? 'it' : 'them'}):`,
    );
    for (const [key, n] of added) lines.push(`  ${describe(key)}${n > 1 ? `  (${n})` : ''}`);
  }
  if (fixedCount === 0 && movedCount === 0) {
    lines.unshift(
      `${work.shown}: every entry still matches (${plural(sum(old.counts), 'known defect', 'known defects')})`,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  }
  lines.unshift(`${work.shown}: ${fixedCount} fixed, ${movedCount} moved and ${addedCount} new defects`);
  lines.push(
    `Run \`npx spectral-api-conventions baseline --prune\` and commit ${work.shown}: it drops the fixed entries${movedCount > 0 ? ' and carries the moved ones over' : ''}, so that they cannot come back unnoticed.`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
  return 1;
}

async function run(argv: string[]): Promise<number> {
  // A UserError (an option, the ruleset, the baseline file, a document) is main.ts's to print.
  const parsed: Parsed<keyof typeof OPTIONS> = parseArgs(argv, OPTIONS);
  if (parsed.has('help')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const mode: Mode = oneOf(parsed, OPTIONS, ['update', 'prune', 'check']) ?? 'create';
  const work = await prepare(mode, parsed);
  if (mode === 'prune') return prune(work);
  if (mode === 'check') return check(work);
  return write(work);
}

const command: Command = {
  summary: 'record known findings so that CI fails only on new ones (docs/baseline.md)',
  usage: USAGE,
  run,
};
export default command;
