/**
 * Choosing and applying a round's fixes: the planned outcomes whose edits can be made, checked that
 * the edited text parses to the original data plus exactly the intended changes (docs/fix.md, steps
 * 4 and 5).
 */
import { valueAt } from '../../functions/lib/json';
import type { LintFinding } from '../shared/spectral';
import { findingKey } from './guard';
import { Op, applyOps, normalizeAdds, sameAsIntended } from './ops';
import type { Outcome } from './plan';
import { parseData } from './source';
import { Edit, Source, applyEdits } from './text';

/** A planned fix chosen for a round: the finding and the ops that fix it. */
export interface Applied {
  finding: LintFinding;
  ops: Op[];
}

/** An edited text, checked: its data and the edits that made it. */
export interface Made {
  next: string;
  data: unknown;
  edits: Edit[];
}

/**
 * The text after the outcomes' edits, checked: it parses to the original data plus exactly the
 * intended changes. Else why not (an edit that cannot be made, or whose result is not what was meant).
 */
export function attempt(source: Source, outcomes: Applied[], file: string): Made | string {
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
  return { next, data, edits };
}

/** A round's choice: the outcomes applied, those refused with why, and the text they make when checked together. */
export interface Batch {
  applied: Applied[];
  refused: { finding: LintFinding; reason: string }[];
  made?: Made;
}

/**
 * The outcomes with ops whose edits can be made and checked (each on its own, when not all together),
 * up to `limit` of them, and those that cannot, with why (also recorded in `refusedFixes`).
 */
export function chooseBatch(
  source: Source,
  outcomes: Outcome[],
  refusedFixes: Map<string, string>,
  limit: number,
  file: string,
): Batch {
  const refused: { finding: LintFinding; reason: string }[] = [];
  const candidates: Applied[] = [];
  const taken = new Set<string>();
  const changing = (op: Op): boolean =>
    op.kind === 'add' ||
    (op.kind === 'set' ? valueAt(source.data, op.path) !== op.value : op.path[op.path.length - 1] !== op.key);
  for (const outcome of outcomes) {
    if (!('ops' in outcome)) continue;
    if (refusedFixes.has(findingKey(outcome.finding))) continue;
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
  source.prepare?.(
    normalizeAdds(
      source.data,
      candidates.flatMap(c => c.ops),
    ),
  );
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
      refusedFixes.set(findingKey(candidate.finding), made);
    } else applied.push(candidate);
  }
  return { applied, refused };
}
