/**
 * The guard of fix: the lint after a round of edits is compared with the lint before it, by rule,
 * file and path (a message may change with the data). A round that adds a finding is rolled back and
 * the fixes that caused it are refused, found by the places their edits touch (docs/fix.md, step 6).
 */
import { JsonPath, valueAt } from '../../functions/lib/json';
import { refToken, unescapeToken } from '../../functions/lib/pointer';
import type { LintFinding } from '../shared/spectral';
import type { Op } from './ops';

/** A finding as the guard compares them: rule, file and path. */
export const findingKey = (f: LintFinding): string => JSON.stringify([f.rule, f.source, f.path.map(String)]);

/** The findings of `after` that `before` did not have, by rule and path (as many times as they are new). */
export function addedFindings(before: LintFinding[], after: LintFinding[]): LintFinding[] {
  const count = new Map<string, number>();
  for (const f of before) count.set(findingKey(f), (count.get(findingKey(f)) ?? 0) + 1);
  return after.filter(f => {
    const n = count.get(findingKey(f)) ?? 0;
    count.set(findingKey(f), n - 1);
    return n <= 0;
  });
}

/** Whether one path leads to (or into) the other. */
const related = (a: JsonPath, b: JsonPath): boolean =>
  a.length <= b.length ? a.every((k, i) => String(k) === String(b[i])) : related(b, a);

/** A `#/…` reference's path, its tokens unescaped. */
const localRefPath = (ref: string): JsonPath =>
  ref
    .slice(2)
    .split('/')
    .map(k => refToken(k) ?? unescapeToken(k));

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
    if (typeof ref === 'string' && ref.startsWith('#/')) refs.push(localRefPath(ref));
    for (const value of Object.values(node)) walk(value, depth + 1);
  };
  for (const op of ops) walk(op.kind === 'add' ? op.value : valueAt(data, op.path), 0);
  return [...places, ...refs];
}

/** The new findings at the places these ops touch (findings at the root or a top-level key are nobody's). */
function causedBy(ops: Op[], data: unknown, added: LintFinding[]): LintFinding[] {
  const places = touched(ops, data);
  return added.filter(f => f.path.length > 1 && places.some(t => related(t, f.path)));
}

/** A round as the guard judges it: what it applied, and the lints before and after it. */
export interface RoundToJudge {
  applied: { finding: LintFinding; ops: Op[] }[];
  /** The data before the round (where the applied ops' places are read). */
  before: unknown;
  /** Every finding before and after the round (the guard's rules' too). */
  lintBefore: LintFinding[];
  lintAfter: LintFinding[];
  /** Findings after the round that the next round will fix (a new one among them is a step, not harm). */
  fixableAfter: Set<LintFinding>;
}

/** The guard's verdict: the round stands, or it is rolled back with the fixes refused (and a smaller next round). */
export type Verdict = { accepted: true } | { accepted: false; refused: Map<string, string>; limit: number };

/**
 * Judges a round: accepted when it added no finding the next round does not fix; else rolled back.
 * The applied fixes whose places the new findings are at caused them and are refused; when none
 * is, the next round takes half as many (`limit`), until a round of one names its culprit.
 */
export function judge(round: RoundToJudge): Verdict {
  const added = addedFindings(round.lintBefore, round.lintAfter).filter(f => !round.fixableAfter.has(f));
  if (added.length === 0) return { accepted: true };
  const culprits =
    round.applied.length === 1
      ? round.applied
      : round.applied.filter(a => causedBy(a.ops, round.before, added).length > 0);
  const refused = new Map<string, string>();
  for (const a of culprits) {
    const caused = causedBy(a.ops, round.before, added);
    const rules = [...new Set((caused.length > 0 ? caused : added).map(f => f.rule))].join(', ');
    refused.set(findingKey(a.finding), `its fix would add a finding of ${rules}; left as it was`);
  }
  const limit = culprits.length > 0 ? Infinity : Math.max(1, Math.floor(round.applied.length / 2));
  return { accepted: false, refused, limit };
}
