/**
 * `spectral-api-conventions fix <file>…`: lints each file with the ruleset `spectral lint` would use,
 * turns findings into text edits, applies them in one pass, checks that the result parses to the
 * original data plus exactly the intended changes, lints again and repeats until nothing fixable is
 * left. Safe fixes (example values) by default, contract fixes with --unsafe. See docs/fix.md.
 */
import { relative, resolve } from 'node:path';
import { FileRefusal, cannotWrite, readText, writeAtomically } from '../files';
import type { Command } from '../main';
import { unifiedDiff } from './diff';
import {
  LintFinding,
  LoadedRuleset,
  findRuleset,
  lintText,
  loadRuleset,
  missingSpectral,
  selectRules,
} from '../spectral';
import { Outcome, PlanOptions, SAFE_RULES, UNSAFE_RULES, hasFix, plan } from './plan';
import { Op, applyOps, getAt, normalizeAdds, sameAsIntended } from './ops';
import { openSource, parseData } from './source';
import { ParseFailure, Source, applyEdits } from './text';

const USAGE = `usage: spectral-api-conventions fix [options] <file>…

Applies the conventions' unambiguous fixes to OpenAPI descriptions (YAML or JSON), keeping
comments and layout. Safe fixes (example values) by default; --unsafe adds contract fixes.

options:
  --dry-run          print a unified diff, write nothing
  --rule <id>        fix only this rule's findings (repeatable)
  --unsafe           also add missing error responses, examples, problem media types, x-extensible-enum
  --registry <url>   $ref added responses to this registry document instead of copying them in
  --ruleset <file>   the ruleset (default: .spectral.yaml/.yml/.json/.js in this folder, as spectral lint)
  -h, --help         this text

exit codes: 0 nothing left, 1 findings remain, 2 usage or parse error (nothing written)
safe fixes: ${SAFE_RULES.join(', ')}
unsafe fixes: ${UNSAFE_RULES.join(', ')}`;

/** Rounds of lint and fix per file; each fixes what the lint before it found fixable. */
const MAX_ROUNDS = 8;

export interface FixOptions {
  dryRun: boolean;
  rules: string[];
  unsafe: boolean;
  registry?: string;
  ruleset?: string;
}

export class UsageError extends Error {}

export function parseArgs(args: string[]): { options: FixOptions; files: string[] } | 'help' {
  const options: FixOptions = { dryRun: false, rules: [], unsafe: false };
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const value = (): string => {
      const v = inline ?? args[++i];
      if (v === undefined || v === '') throw new UsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '-h':
      case '--help':
        return 'help';
      case '--dry-run':
        options.dryRun = true;
        break;
      case '--unsafe':
        options.unsafe = true;
        break;
      case '--rule':
        options.rules.push(value());
        break;
      case '--registry':
        options.registry = value();
        break;
      case '--ruleset':
      case '-r':
        options.ruleset = value();
        break;
      default:
        if (flag.startsWith('-') && flag !== '-') throw new UsageError(`unknown option ${flag}`);
        files.push(arg);
    }
  }
  if (files.length === 0) throw new UsageError('no file named');
  return { options, files };
}

/** Per rule: how many findings were fixed, and which are left, why. */
export interface RuleSummary {
  fixed: number;
  left: number;
  reasons: Map<string, number>;
}

export interface FileResult {
  file: string;
  before: string;
  after: string;
  rounds: number;
  summary: Map<string, RuleSummary>;
  /** Findings of the last lint. */
  left: LintFinding[];
}

/** Fixes one file in memory: the final text and what was fixed and left. Throws ParseFailure on a parse error. */
export async function fixText(
  loaded: LoadedRuleset,
  text: string,
  file: string,
  options: Omit<FixOptions, 'dryRun' | 'ruleset'>,
): Promise<FileResult> {
  const planOptions: PlanOptions = {
    unsafe: options.unsafe,
    rules: options.rules,
    registry: options.registry ?? loaded.registry,
    typeStyle: loaded.typeStyle,
  };
  let source: Source = openSource(text, file);
  const summary = new Map<string, RuleSummary>();
  const entry = (rule: string): RuleSummary => {
    let s = summary.get(rule);
    if (s === undefined) summary.set(rule, (s = { fixed: 0, left: 0, reasons: new Map() }));
    return s;
  };
  let rounds = 0;
  let stuck = false;
  for (;;) {
    const { findings, resolved } = await lintText(loaded.ruleset, source, file);
    const outcomes = plan(findings, file, source.data, resolved, planOptions);
    rounds++;
    const { applied, refused } =
      rounds > MAX_ROUNDS || stuck ? { applied: [], refused: [] } : feasible(source, outcomes);
    if (applied.length === 0) {
      for (const outcome of outcomes) {
        const s = entry(outcome.finding.rule);
        s.left++;
        const reason =
          'reason' in outcome
            ? outcome.reason
            : (refused.find(r => r.finding === outcome.finding)?.reason ??
              (stuck ? 'its fix changes nothing (please report it)' : 'still there after several rounds'));
        s.reasons.set(reason, (s.reasons.get(reason) ?? 0) + 1);
      }
      return { file, before: text, after: source.text, rounds, summary, left: findings };
    }
    const ops = normalizeAdds(
      source.data,
      applied.flatMap(a => a.ops),
    );
    const { edits, skipped } = source.edit(ops);
    if (skipped.length > 0) throw new Error(`edits could not be made together: ${skipped[0].reason}`);
    const next = applyEdits(source.text, edits);
    if (next === source.text) {
      // A fix whose edits change nothing would be planned again and again: the findings stay.
      stuck = true;
      continue;
    }
    const expected = applyOps(source.data, ops);
    const got = parseData(next, source.format, file);
    if (!sameAsIntended(got, expected, source.format)) {
      throw new Error(
        `the edits for ${[...new Set(applied.map(a => a.finding.rule))].join(', ')} did not give the intended document; nothing written (please report it)`,
      );
    }
    for (const a of applied) entry(a.finding.rule).fixed++;
    source = openSource(next, file, got);
  }
}

/** The outcomes with ops whose edits can be made (each on its own), and those that cannot, with why. */
function feasible(
  source: Source,
  outcomes: Outcome[],
): { applied: { finding: LintFinding; ops: Op[] }[]; refused: { finding: LintFinding; reason: string }[] } {
  const refused: { finding: LintFinding; reason: string }[] = [];
  const candidates: { finding: LintFinding; ops: Op[] }[] = [];
  const taken = new Set<string>();
  const changing = (op: Op): boolean =>
    op.kind === 'add' ||
    (op.kind === 'set' ? getAt(source.data, op.path) !== op.value : op.path[op.path.length - 1] !== op.key);
  for (const outcome of outcomes) {
    if (!('ops' in outcome)) continue;
    if (!outcome.ops.some(changing)) {
      refused.push({ finding: outcome.finding, reason: 'its fix changes nothing (please report it)' });
      continue;
    }
    // Two findings that change one value (or rename one key) wait for the next round, one at a time.
    const changes = outcome.ops.filter(op => op.kind !== 'add').map(op => JSON.stringify(op.path));
    if (changes.some(c => taken.has(c))) continue;
    changes.forEach(c => taken.add(c));
    candidates.push(outcome);
  }
  // One scan of a JSON text for the places of all the ops; when they can all be made, that is all.
  const all = normalizeAdds(
    source.data,
    candidates.flatMap(c => c.ops),
  );
  source.prepare?.(all);
  if (source.edit(all).skipped.length === 0) return { applied: candidates, refused };
  // Else each on its own, to know which cannot be made, and why.
  const applied = candidates.filter(candidate => {
    const { skipped } = source.edit(normalizeAdds(source.data, candidate.ops));
    if (skipped.length > 0) refused.push({ finding: candidate.finding, reason: skipped[0].reason });
    return skipped.length === 0;
  });
  return { applied, refused };
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map(r => r[c].length)));
  return rows
    .map(r =>
      r
        .map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function formatSummary(result: FileResult, name: string): string {
  const rows = [...result.summary.entries()].sort(([a], [b]) => a.localeCompare(b));
  const fixed = rows.reduce((n, [, s]) => n + s.fixed, 0);
  const left = rows.reduce((n, [, s]) => n + s.left, 0);
  const lines = [`${name}: ${fixed} fixed, ${left} left`];
  if (rows.length > 0) {
    lines.push(
      table([
        ['rule', 'fixed', 'left', 'why left'],
        ...rows.map(([rule, s]) => [
          rule,
          String(s.fixed),
          String(s.left),
          [...s.reasons.entries()].map(([reason, n]) => (s.reasons.size > 1 ? `${reason} (${n})` : reason)).join('; '),
        ]),
      ]),
    );
  }
  return lines.join('\n');
}

async function run(args: string[]): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`spectral-api-conventions fix: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (parsed === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const { options, files } = parsed;
  let loaded: LoadedRuleset;
  try {
    loaded = await loadRuleset(findRuleset(options.ruleset));
  } catch (error) {
    const message = missingSpectral(error) ?? `cannot load the ruleset: ${(error as Error).message}`;
    process.stderr.write(`spectral-api-conventions fix: ${message}\n`);
    return 2;
  }
  const unknown = options.rules.filter(id => loaded.ruleset.rules[id] === undefined && !hasFix(id));
  if (unknown.length > 0) {
    process.stderr.write(`spectral-api-conventions fix: unknown rule ${unknown.join(', ')} (not in ${loaded.file})\n`);
    return 2;
  }
  // With --rule, only those rules run (problem-example-members too for the string status fix).
  const asked = options.rules.flatMap(id => (id === 'problem-example-status' ? [id, 'problem-example-members'] : [id]));
  selectRules(loaded.ruleset, asked);
  const report = options.dryRun ? process.stderr : process.stdout;
  let code = 0;
  for (const given of files) {
    const file = resolve(given);
    const name = relative(process.cwd(), file) || given;
    let text: string;
    try {
      text = readText(file, name);
    } catch (error) {
      if (!(error instanceof FileRefusal)) throw error;
      process.stderr.write(`spectral-api-conventions fix: ${error.message}\n`);
      code = 2;
      continue;
    }
    const unwritable = options.dryRun ? undefined : cannotWrite(file, name);
    if (unwritable !== undefined) {
      process.stderr.write(
        `spectral-api-conventions fix: ${unwritable}; nothing written (--dry-run shows the fixes)\n`,
      );
      code = 2;
      continue;
    }
    let result: FileResult;
    try {
      result = await fixText(loaded, text, file, options);
    } catch (error) {
      const message =
        error instanceof ParseFailure ? error.message.replace(file, name) : `${name}: ${(error as Error).message}`;
      const excerpt = error instanceof ParseFailure && error.excerpt !== undefined ? `${error.excerpt}\n` : '';
      process.stderr.write(`spectral-api-conventions fix: ${message}; the file is untouched\n${excerpt}`);
      code = 2;
      continue;
    }
    if (result.after !== text) {
      if (options.dryRun) process.stdout.write(unifiedDiff(text, result.after, name.split('\\').join('/')));
      else writeAtomically(file, result.after);
    }
    report.write(`${formatSummary(result, name)}\n`);
    if (result.left.length > 0 && code === 0) code = 1;
  }
  return code;
}

const command: Command = { summary: 'apply the conventions’ unambiguous fixes (docs/fix.md)', run };
export default command;
