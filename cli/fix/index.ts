/**
 * `spectral-api-conventions fix <file>…`: lints each file with the ruleset `spectral lint` would use,
 * turns findings into text edits, applies them in one pass, checks that the result parses to the
 * original data plus exactly the intended changes, lints again and repeats until nothing fixable is
 * left. Safe fixes (example values) by default, contract fixes with --unsafe. See docs/fix.md.
 */
import { relative, resolve } from 'node:path';
import { ChangedMeanwhile, FileRefusal, cannotWrite, readText, writeAtomically } from '../files';
import { isUrl, notOpenApi } from '../document';
import { setRecorder } from '../../functions/lib/baseline-filter';
import type { Command } from '../main';
import { UsageError, parseArgs as parseOptions } from '../args';
import { dryRunDiff } from './diff';
import { rulesAskedBy } from '../../manifest';
import {
  LintFinding,
  LintResult,
  GUARD_FULL_BYTES,
  addGuardRules,
  removeGuardRules,
  LoadedRuleset,
  findRuleset,
  lintText,
  loadRuleset,
  missingSpectral,
  selectRules,
} from '../spectral';
import { Outcome, SAFE_RULES, UNSAFE_RULES, hasFix, plan, planOptionsFor } from './plan';
import { JsonPath, valueAt } from '../../functions/lib/json';
import { duplicateKey } from './json';
import { Op, applyOps, normalizeAdds, sameAsIntended } from './ops';
import { openSource, parseData } from './source';
import { ParseFailure, Source, applyEdits, excerptOf, lineColumn } from './text';

const USAGE = `usage: spectral-api-conventions fix [options] <file>…

Applies the conventions' unambiguous fixes to OpenAPI descriptions (YAML or JSON), keeping
comments and layout. Safe fixes (example values) by default; --unsafe adds contract fixes.

options:
  --dry-run          print the diff (each edit by JSON pointer where a line is too long to read), write nothing
  --rule <id>        fix only this rule's findings (repeatable)
  --unsafe           also add missing error responses, examples, problem media types, x-extensible-enum
  --registry <path>  $ref added responses to this registry document (a path from here, or a URL) instead of copying them in
  --ruleset <file>   the ruleset (default: .spectral.yaml/.yml/.json/.js in this folder, as spectral lint)
  -h, --help         this text

exit codes: 0 nothing left, 1 findings remain, 2 usage error or a file left alone (missing, a URL,
not OpenAPI, unparsable, not UTF-8, read-only, or saved by another program while fix ran): nothing written
safe fixes: ${SAFE_RULES.join(', ')}
unsafe fixes: ${UNSAFE_RULES.join(', ')}`;

/** Rounds of lint and fix per file; each fixes what the lint before it found fixable. */
const MAX_ROUNDS = 8;

export interface FixOptions {
  dryRun: boolean;
  rules: string[];
  unsafe: boolean;
  /** `--registry`: a path as typed (relative to the working directory), or a URL. */
  registry?: string;
  ruleset?: string;
}

export { UsageError };

const FIX_OPTIONS = {
  help: { names: ['-h', '--help'] },
  dryRun: { names: ['--dry-run'] },
  unsafe: { names: ['--unsafe'] },
  rule: { names: ['--rule'], value: 'a value' },
  registry: { names: ['--registry'], value: 'a value' },
  ruleset: { names: ['-r', '--ruleset'], value: 'a value' },
};

export function parseArgs(args: string[]): { options: FixOptions; files: string[] } | 'help' {
  const parsed = parseOptions(args, FIX_OPTIONS);
  if (parsed.has('help')) return 'help';
  const options: FixOptions = {
    dryRun: parsed.has('dryRun'),
    rules: parsed.values('rule'),
    unsafe: parsed.has('unsafe'),
    registry: parsed.value('registry'),
    ruleset: parsed.value('ruleset'),
  };
  if (options.registry === undefined) delete options.registry;
  if (options.ruleset === undefined) delete options.ruleset;
  if (parsed.positionals.length === 0) throw new UsageError('no file named');
  return { options, files: parsed.positionals };
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

/** A finding as the guard compares them: rule, file and path (a message may change with the data). */
const keyOf = (f: LintFinding): string => JSON.stringify([f.rule, f.source, f.path.map(String)]);

/** The findings of `after` that `before` did not have, by rule and path (as many times as they are new). */
function addedFindings(before: LintFinding[], after: LintFinding[]): LintFinding[] {
  const count = new Map<string, number>();
  for (const f of before) count.set(keyOf(f), (count.get(keyOf(f)) ?? 0) + 1);
  return after.filter(f => {
    const n = count.get(keyOf(f)) ?? 0;
    count.set(keyOf(f), n - 1);
    return n <= 0;
  });
}

/** Whether one path leads to (or into) the other. */
const related = (a: JsonPath, b: JsonPath): boolean =>
  a.length <= b.length ? a.every((k, i) => String(k) === String(b[i])) : related(b, a);

/**
 * The places an outcome's ops change (an added entry's own path, a set or renamed value's), and the
 * local components their values `$ref`: a media type renamed to problem+json makes its schema's
 * component a problem schema, whose findings are reported at the component.
 */
function touched(ops: Op[], data: unknown): JsonPath[] {
  const places = ops.map(op => (op.kind === 'add' ? [...op.path, op.key] : op.path));
  const refs: JsonPath[] = [];
  const walk = (node: unknown, depth: number): void => {
    if (depth > 20 || node === null || typeof node !== 'object') return;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/'))
      refs.push(
        ref
          .slice(2)
          .split('/')
          .map(k => decodeURIComponent(k).replace(/~1/g, '/').replace(/~0/g, '~')),
      );
    for (const value of Object.values(node)) walk(value, depth + 1);
  };
  for (const op of ops) walk(op.kind === 'add' ? op.value : valueAt(data, op.path), 0);
  return [...places, ...refs];
}

/** Every round's lints and edits stop after this many passes (a pass that is rolled back counts too). */
const MAX_PASSES = 40;

/**
 * The first lint's findings that say Spectral could not parse the document cleanly (a duplicate key):
 * it then checks nothing, so a fix would be blind. JSON, which fix parses itself, is scanned for
 * duplicate keys; YAML goes through Spectral's parser, whose findings say so.
 */
function unparsable(source: Source, findings: LintFinding[], file: string): ParseFailure | undefined {
  if (source.format === 'json') {
    const duplicate = duplicateKey(source.text);
    if (duplicate !== undefined) {
      const { line, column } = lineColumn(source.text, duplicate.offset);
      return new ParseFailure(
        `${file}: Spectral cannot parse it cleanly (it checks nothing then): duplicate key ${JSON.stringify(duplicate.key)} at ${duplicate.path.join('.')} (line ${line}, column ${column})`,
        excerptOf(source.text, line, column),
      );
    }
  }
  const parser = findings.find(f => f.rule === 'parser' && f.severity === 0 && f.source === file);
  if (parser === undefined) return undefined;
  return new ParseFailure(
    `${file}: Spectral cannot parse it cleanly (it checks nothing then): ${parser.message}${parser.path.length > 0 ? ` at ${parser.path.join('.')}` : ''}`,
  );
}

/**
 * The text after the outcomes' edits, checked: it parses to the original data plus exactly the
 * intended changes. Else why not (an edit that cannot be made, or whose result is not what was meant).
 */
function attempt(source: Source, outcomes: Applied[], file: string): { next: string; data: unknown } | string {
  const ops = normalizeAdds(
    source.data,
    outcomes.flatMap(a => a.ops),
  );
  const { edits, skipped } = source.edit(ops);
  if (skipped.length > 0) return skipped[0].reason;
  const next = applyEdits(source.text, edits);
  let data: unknown;
  try {
    data = parseData(next, source.format, file);
  } catch (error) {
    return `its edit would not parse (${(error as Error).message.replace(`${file}: `, '')}); left as it was`;
  }
  if (!sameAsIntended(data, applyOps(source.data, ops), source.format))
    return 'its edit would not give the intended data; left as it was';
  return { next, data };
}

interface Applied {
  finding: LintFinding;
  ops: Op[];
}

/**
 * Fixes one file in memory: the final text and what was fixed and left. Throws ParseFailure on a
 * parse error. Each round lints, plans, edits and checks the text; the next lint is the guard: a
 * round whose edits add a finding (by rule and path) is rolled back, the outcomes that caused it
 * refused with the finding as the reason (found by path, else by halving the round), the rest
 * tried again. A fix is counted only once the lint after it found nothing new.
 */
export async function fixText(
  loaded: LoadedRuleset,
  text: string,
  file: string,
  options: Omit<FixOptions, 'dryRun' | 'ruleset'>,
): Promise<FileResult> {
  const result = await fixPasses(loaded, text, file, options, false);
  // A fix may uncover a finding that the next round fixes (a status "404" made 404 lets its title be
  // checked); when such a follow-up could not be made after all, the end has a finding the start did
  // not: start again, refusing every fix that adds a finding.
  if (result.initial !== undefined && addedFindings(result.initial, result.final ?? []).length > 0)
    return fixPasses(loaded, text, file, options, true);
  return result;
}

async function fixPasses(
  loaded: LoadedRuleset,
  text: string,
  file: string,
  options: Omit<FixOptions, 'dryRun' | 'ruleset'>,
  strict: boolean,
): Promise<FileResult & { initial?: LintFinding[]; final?: LintFinding[] }> {
  let source: Source = openSource(text, file);
  // What baseline and check refuse (an empty file, AsyncAPI, another YAML/JSON), fix refuses: not "findings remain".
  const notChecked = notOpenApi(source.data, file);
  if (notChecked !== undefined) throw new ParseFailure(notChecked);
  const planOptions = await planOptionsFor(file, source.data, options, loaded);
  const summary = new Map<string, RuleSummary>();
  const entry = (rule: string): RuleSummary => {
    let s = summary.get(rule);
    if (s === undefined) summary.set(rule, (s = { fixed: 0, left: 0, reasons: new Map() }));
    return s;
  };
  /** Findings whose fix was refused after it was tried, with why. */
  const refusedFixes = new Map<string, string>();
  /** The round before the lint under way: what to roll back to, and what it applied. */
  let last: { source: Source; lint: GuardedLint; applied: Applied[] } | undefined;
  /** How many outcomes the next round may apply (halving a round that added findings it cannot attribute). */
  let limit = Infinity;
  let rounds = 0;
  let stuck = false;
  let initial: LintFinding[] | undefined;
  for (let pass = 1; ; pass++) {
    let lint = await lintEverything(loaded, source, file);
    if (pass === 1) {
      const failure = unparsable(source, lint.all, file);
      if (failure !== undefined) throw failure;
      initial = lint.all;
    }
    let outcomes: Outcome[] | undefined;
    if (last !== undefined) {
      let added = addedFindings(last.lint.all, lint.all);
      if (!strict) {
        // A new finding that the next round fixes is a step, not harm (checked again at the end). The
        // plan is this round's too, unless the round is rolled back.
        outcomes = plan(lint.findings, file, source.data, lint.resolved, planOptions);
        const fixable = new Set(
          outcomes.filter(o => 'ops' in o && !refusedFixes.has(keyOf(o.finding))).map(o => o.finding),
        );
        added = added.filter(f => !fixable.has(f));
      }
      if (added.length === 0) {
        for (const a of last.applied) entry(a.finding.rule).fixed++;
        limit = Infinity;
      } else {
        // Roll the round back. The outcomes whose places the new findings are at caused them; if none
        // is, the round is halved until one outcome is left, which then is refused.
        const culprits =
          last.applied.length === 1
            ? last.applied
            : last.applied.filter(a =>
                added.some(f => f.path.length > 1 && touched(a.ops, last!.source.data).some(t => related(t, f.path))),
              );
        for (const a of culprits) {
          const caused = added.filter(
            f => f.path.length > 1 && touched(a.ops, last!.source.data).some(t => related(t, f.path)),
          );
          const rules = [...new Set((caused.length > 0 ? caused : added).map(f => f.rule))].join(', ');
          refusedFixes.set(keyOf(a.finding), `its fix would add a finding of ${rules}; left as it was`);
        }
        limit = culprits.length > 0 ? Infinity : Math.max(1, Math.floor(last.applied.length / 2));
        source = last.source;
        lint = last.lint;
        outcomes = undefined;
        rounds--;
      }
      last = undefined;
    }
    const { findings, resolved } = lint;
    outcomes ??= plan(findings, file, source.data, resolved, planOptions);
    rounds++;
    const {
      applied,
      refused,
      made: checked,
    } = rounds > MAX_ROUNDS || pass > MAX_PASSES || stuck
      ? { applied: [], refused: [] }
      : feasible(source, outcomes, refusedFixes, limit, file);
    if (applied.length === 0) {
      for (const outcome of outcomes) {
        const s = entry(outcome.finding.rule);
        s.left++;
        const reason =
          'reason' in outcome
            ? outcome.reason
            : (refusedFixes.get(keyOf(outcome.finding)) ??
              refused.find(r => r.finding === outcome.finding)?.reason ??
              (stuck ? 'its fix changes nothing (please report it)' : 'still there after several rounds'));
        s.reasons.set(reason, (s.reasons.get(reason) ?? 0) + 1);
      }
      return { file, before: text, after: source.text, rounds, summary, left: findings, initial, final: lint.all };
    }
    const made = checked ?? attempt(source, applied, file);
    if (typeof made === 'string') {
      // Each was checked on its own (feasible); together they clash: one at a time from now on.
      limit = 1;
      continue;
    }
    if (made.next === source.text) {
      // A fix whose edits change nothing would be planned again and again: the findings stay.
      stuck = true;
      continue;
    }
    last = { source, lint, applied };
    source = openSource(made.next, file, made.data);
  }
}

/**
 * A lint that sees every finding, baselined or not: fix exists to pay down exactly the findings a
 * baseline (`spectral-api-conventions/baseline`) leaves out. While a recorder is set, the baseline's
 * filter suppresses nothing (functions/lib/baseline.ts); this one records nothing.
 */
async function lintEverything(loaded: LoadedRuleset, source: Source, file: string): Promise<GuardedLint> {
  setRecorder({ record: () => undefined });
  try {
    const { findings, resolved } = await lintText(loaded.ruleset, source, file);
    // The guard's spectral:oas rules that the ruleset does not have are the guard's alone: not reported.
    const guard = new Set(loaded.guard ?? []);
    return {
      findings: findings.filter(f => !guard.has(f.rule)),
      all: findings,
      resolved,
    };
  } finally {
    setRecorder(undefined);
  }
}

/** A lint's findings of the ruleset's rules, and all of them, the guard's rules included (compared by the guard). */
interface GuardedLint extends LintResult {
  all: LintFinding[];
}

/**
 * The outcomes with ops whose edits can be made and checked (each on its own, when not all together),
 * up to `limit` of them, and those that cannot, with why.
 */
function feasible(
  source: Source,
  outcomes: Outcome[],
  refusedFixes: Map<string, string>,
  limit: number,
  file: string,
): { applied: Applied[]; refused: { finding: LintFinding; reason: string }[]; made?: ReturnType<typeof attempt> } {
  const refused: { finding: LintFinding; reason: string }[] = [];
  const candidates: Applied[] = [];
  const taken = new Set<string>();
  const changing = (op: Op): boolean =>
    op.kind === 'add' ||
    (op.kind === 'set' ? valueAt(source.data, op.path) !== op.value : op.path[op.path.length - 1] !== op.key);
  for (const outcome of outcomes) {
    if (!('ops' in outcome)) continue;
    if (refusedFixes.has(keyOf(outcome.finding))) continue;
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
  if (candidates.length <= limit) {
    const made = attempt(source, candidates, file);
    if (typeof made !== 'string') return { applied: candidates, refused, made };
  }
  // Else each on its own, to know which cannot be made, and why.
  const applied: Applied[] = [];
  for (const candidate of candidates) {
    if (applied.length >= limit) break;
    const made = attempt(source, [candidate], file);
    if (typeof made === 'string') {
      refused.push({ finding: candidate.finding, reason: made });
      refusedFixes.set(keyOf(candidate.finding), made);
    } else applied.push(candidate);
  }
  return { applied, refused };
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map(r => r[c].length)));
  return rows
    .map(r =>
      r
        .map((cell, c) => cell.padEnd(widths[c]))
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
  // With --rule, only those rules run, and those whose fix is also asked by that name (manifest.ts).
  const asked = options.rules.flatMap(rulesAskedBy);
  selectRules(loaded.ruleset, asked);
  const report = options.dryRun ? process.stderr : process.stdout;
  let code = 0;
  /** A file fix must leave alone, and why: exit code 2. */
  const refuse = (message: string): void => {
    process.stderr.write(`spectral-api-conventions fix: ${message}\n`);
    code = 2;
  };
  for (const given of files) {
    const file = resolve(given);
    const name = relative(process.cwd(), file) || given;
    let text: string;
    try {
      if (isUrl(given))
        throw new FileRefusal(`${given} is a URL, which fix cannot write to: download it and fix the local copy`);
      text = readText(file, name);
    } catch (error) {
      if (!(error instanceof FileRefusal)) throw error;
      refuse(error.message);
      continue;
    }
    const unwritable = options.dryRun ? undefined : cannotWrite(file, name);
    if (unwritable !== undefined) {
      refuse(`${unwritable}; nothing written (--dry-run shows the fixes)`);
      continue;
    }
    let result: FileResult;
    // The guard's rules, as many as the document's size allows (GUARD_FULL_BYTES), for this file only.
    loaded.guard = addGuardRules(loaded.ruleset, text.length <= GUARD_FULL_BYTES);
    try {
      result = await fixText(loaded, text, file, options);
    } catch (error) {
      const message =
        error instanceof ParseFailure ? error.message.replace(file, name) : `${name}: ${(error as Error).message}`;
      const excerpt = error instanceof ParseFailure && error.excerpt !== undefined ? `\n${error.excerpt}` : '';
      refuse(`${message}; the file is untouched${excerpt}`);
      continue;
    } finally {
      removeGuardRules(loaded.ruleset, loaded.guard);
    }
    if (result.after !== text) {
      if (options.dryRun) process.stdout.write(dryRunDiff(text, result.after, name.split('\\').join('/')));
      else
        try {
          // Another program's write while fix ran (an editor's save, a second fix) is kept, not lost.
          writeAtomically(file, result.after, { unchangedFrom: text, name });
        } catch (error) {
          if (!(error instanceof ChangedMeanwhile)) throw error;
          refuse(error.message);
          continue;
        }
    }
    report.write(`${formatSummary(result, name)}\n`);
    const fixed = [...result.summary.values()].reduce((n, s) => n + s.fixed, 0);
    if (fixed > 0 && loaded.ruleset.rules['baseline-suppressed'] !== undefined) {
      // The baseline still counts what was just fixed; pruning it keeps it from hiding those findings if they come back.
      report.write(
        `${name}: the baseline may still count findings fixed here; \`spectral-api-conventions baseline --prune\` drops them\n`,
      );
    }
    if (result.left.length > 0 && code === 0) code = 1;
  }
  return code;
}

const command: Command = { summary: 'apply the conventions’ unambiguous fixes (docs/fix.md)', run };
export default command;
