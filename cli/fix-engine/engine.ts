/**
 * The fix engine: fixes one document's text in memory, in rounds of the steps docs/fix.md names:
 * plan (plan.ts), choose a batch and apply it (batch.ts), lint, judge (guard.ts), in one iteration.
 * Used by the `fix` command (cli/fix/) for whole files, and by the language server for one finding,
 * through the engine's face (index.ts).
 */
import { notOpenApi } from '../shared/document';
import { LintFinding, LintResult, LoadedRuleset, lintText } from '../shared/spectral';
import { attempt, chooseBatch } from './batch';
import { addedFindings, findingKey, judge } from './guard';
import { duplicateKey } from './json';
import { Outcome, plan, planOptionsFor } from './plan';
import { openSource } from './source';
import { textParseProblem } from '../shared/keyed';
import { Edit, ParseFailure, Source } from './text';

/** Rounds of lint and fix per file; each fixes what the lint before it found fixable. */
const MAX_ROUNDS = 8;
/** Every round's lints and edits stop after this many passes (a pass that is rolled back counts too). */
const MAX_PASSES = 40;

/** Per rule: how many findings were fixed, and which are left, why. */
export interface RuleSummary {
  fixed: number;
  left: number;
  reasons: Map<string, number>;
}

export interface FixRequest {
  unsafe: boolean;
  /** The fixes asked for (`--rule`), by rule id; all when empty. */
  rules: string[];
  /** `--registry`: a path as typed (relative to the working directory), or a URL. */
  registry?: string;
  /** Fix only the finding with this key (guard.ts findingKey), in one round: a quick fix. */
  only?: string;
}

export interface FileResult {
  file: string;
  before: string;
  after: string;
  rounds: number;
  summary: Map<string, RuleSummary>;
  /** Findings of the last lint. */
  left: LintFinding[];
  /** Why each finding of the last lint with a fix was left, by finding key. */
  reasons: Map<string, string>;
  /** The edits of each accepted round, each on the text the round before made. */
  edits: Edit[][];
}

/**
 * Fixes one file in memory: the final text and what was fixed and left. Throws ParseFailure on a
 * parse error. A fix is counted only once the lint after it found nothing new.
 */
export async function fixText(
  loaded: LoadedRuleset,
  text: string,
  file: string,
  request: FixRequest,
  /** The text's lint by lintEverything with this ruleset, when already made (the language server's). */
  first?: GuardedLint,
): Promise<FileResult> {
  const result = await fixPasses(loaded, text, file, request, false, first);
  // A fix may uncover a finding that the next round fixes (a status "404" made 404 lets its title be
  // checked); when such a follow-up could not be made after all, the end has a finding the start did
  // not: start again, refusing every fix that adds a finding. A quick fix (`only`) leaves the
  // uncovered finding to its own quick fix.
  if (request.only === undefined && addedFindings(result.initial, result.final).length > 0)
    return fixPasses(loaded, text, file, request, true);
  return result;
}

/**
 * The first lint's sentence when Spectral cannot parse the document cleanly (it then checks nothing):
 * the one every command gives (parseProblem), Spectral's parser's first error with its position.
 */
export function parseFailureOf(source: Source, findings: LintFinding[], file: string): ParseFailure | undefined {
  // JSON, which fix parses itself, is scanned for duplicate keys; YAML goes through Spectral's parser.
  const parser = findings.find(f => f.rule === 'parser' && f.severity === 0 && f.source === file);
  if (parser?.range !== undefined) {
    const { line, character } = parser.range.start;
    return new ParseFailure(`${file}:${line + 1}:${character + 1}: ${parser.message}`);
  }
  if (parser === undefined && !(source.format === 'json' && duplicateKey(source.text) !== undefined)) return undefined;
  return new ParseFailure(textParseProblem(source.text, file) ?? `${file}: Spectral cannot parse it cleanly`);
}

/**
 * The text opened for editing (fix, and the language server's planner); a text fix's parsers refuse
 * is refused in Spectral's words, as every command says it.
 */
export function openForFix(text: string, file: string): Source {
  try {
    return openSource(text, file);
  } catch (error) {
    if (!(error instanceof ParseFailure)) throw error;
    const problem = textParseProblem(text, file);
    throw problem === undefined ? error : new ParseFailure(problem);
  }
}

/** A lint's findings of the ruleset's rules, and all of them, the guard's rules included (compared by the guard). */
export interface GuardedLint extends LintResult {
  all: LintFinding[];
}

/**
 * A lint that sees every finding, baselined or not: fix exists to pay down exactly the findings a
 * baseline (`spectral-api-conventions/baseline`) leaves out. A document linted with a recorder has
 * nothing suppressed by the baseline's filter (functions/lib/baseline-filter.ts); this one records nothing.
 */
export async function lintEverything(loaded: LoadedRuleset, source: Source, file: string): Promise<GuardedLint> {
  const { findings, resolved } = await lintText(loaded.ruleset, source, file, { record: () => undefined });
  // The guard's spectral:oas rules that the ruleset does not have are the guard's alone: not reported.
  const guard = new Set(loaded.guard ?? []);
  return { findings: findings.filter(f => !guard.has(f.rule)), all: findings, resolved };
}

/** A text and its lint: what a round starts from, and what it makes. */
interface Linted {
  source: Source;
  lint: GuardedLint;
}

/**
 * The rounds, as ESLint's fixer runs its passes: each round plans (plan.ts), chooses a batch and
 * applies it (batch.ts), lints the result and has the guard judge it (guard.ts `judge`): accepted,
 * the result is what the next round starts from; rolled back, the next round starts from the same
 * text without the refused fixes.
 *
 * The stop conditions, all here: no fixable outcome is left (or none the batch can apply together);
 * MAX_ROUNDS accepted rounds; MAX_PASSES passes in all (rolled back ones and clashes count); a fix
 * whose edits change nothing (`stuck`: it would be planned again and again). Each outcome left is
 * then given its reason.
 */
async function fixPasses(
  loaded: LoadedRuleset,
  text: string,
  file: string,
  request: FixRequest,
  strict: boolean,
  first?: GuardedLint,
): Promise<FileResult & { initial: LintFinding[]; final: LintFinding[] }> {
  const opened: Source = openForFix(text, file);
  // What baseline and check refuse (an empty file, AsyncAPI, another YAML/JSON), fix refuses: not "findings remain".
  const notChecked = notOpenApi(opened.data, file);
  if (notChecked !== undefined) throw new ParseFailure(notChecked);
  const planOptions = await planOptionsFor(file, opened.data, request, loaded);
  const planFor = ({ lint, source }: Linted): Outcome[] =>
    plan(lint.findings, file, source.data, lint.resolved, planOptions);
  /** The outcomes a round may apply: all, or a quick fix's one finding. */
  const wanted = (outcomes: Outcome[]): Outcome[] =>
    request.only === undefined ? outcomes : outcomes.filter(o => findingKey(o.finding) === request.only);
  const summary = new Map<string, RuleSummary>();
  const entry = (rule: string): RuleSummary => {
    let s = summary.get(rule);
    if (s === undefined) summary.set(rule, (s = { fixed: 0, left: 0, reasons: new Map() }));
    return s;
  };
  /** Findings whose fix was refused after it was tried, with why. */
  const refusedFixes = new Map<string, string>();
  const accepted: Edit[][] = [];
  /** How many outcomes the next round may apply (halving a round that added findings it cannot attribute). */
  let limit = Infinity;
  let rounds = 0;
  let stuck = false;
  let current: Linted = { source: opened, lint: first ?? (await lintEverything(loaded, opened, file)) };
  const failure = parseFailureOf(opened, current.lint.all, file);
  if (failure !== undefined) throw failure;
  const initial = current.lint.all;
  let outcomes = planFor(current);
  for (let pass = 1; ; pass++) {
    rounds++;
    const batch =
      rounds > MAX_ROUNDS || pass > MAX_PASSES || stuck
        ? { applied: [], refused: [] }
        : chooseBatch(current.source, wanted(outcomes), refusedFixes, limit, file);
    if (batch.applied.length === 0) {
      // The end: every outcome left, with why.
      const reasons = new Map<string, string>();
      for (const outcome of outcomes) {
        const s = entry(outcome.finding.rule);
        s.left++;
        const reason =
          'reason' in outcome
            ? outcome.reason
            : (refusedFixes.get(findingKey(outcome.finding)) ??
              batch.refused.find(r => r.finding === outcome.finding)?.reason ??
              (stuck ? 'its fix changes nothing (please report it)' : 'still there after several rounds'));
        s.reasons.set(reason, (s.reasons.get(reason) ?? 0) + 1);
        reasons.set(findingKey(outcome.finding), reason);
      }
      return {
        file,
        before: text,
        after: current.source.text,
        rounds,
        summary,
        left: current.lint.findings,
        reasons,
        edits: accepted,
        initial,
        final: current.lint.all,
      };
    }
    // Each was checked on its own (chooseBatch); together they may clash: then one at a time.
    const made = batch.made ?? attempt(current.source, batch.applied, file);
    if (typeof made === 'string') {
      limit = 1;
      continue; // the same text: its lint and plan stand
    }
    if (made.next === current.source.text) {
      stuck = true;
      continue;
    }
    const source = openSource(made.next, file, made.data);
    const next: Linted = { source, lint: await lintEverything(loaded, source, file) };
    // Outside strict mode, a new finding that the next round fixes is a step, not harm (checked
    // again at the end); that plan is the next round's when the round stands.
    const nextOutcomes = strict ? undefined : planFor(next);
    const verdict = judge({
      applied: batch.applied,
      before: current.source.data,
      lintBefore: current.lint.all,
      lintAfter: next.lint.all,
      fixableAfter: new Set(
        (nextOutcomes ?? []).filter(o => 'ops' in o && !refusedFixes.has(findingKey(o.finding))).map(o => o.finding),
      ),
    });
    if (verdict.accepted) {
      for (const a of batch.applied) entry(a.finding.rule).fixed++;
      accepted.push(made.edits);
      limit = Infinity;
      current = next;
      outcomes = nextOutcomes ?? planFor(next);
    } else {
      for (const [key, reason] of verdict.refused) refusedFixes.set(key, reason);
      limit = verdict.limit;
      // Rolled back: the round does not count, and the next starts from the same text and plan.
      rounds--;
    }
  }
}
