/**
 * Known findings against today's, by key (file, rule, location, message): which known ones are
 * fixed, which moved, which of today's are new. A finding moved when its path was renamed and
 * nothing else changed: a known key under `/paths/<old>/…` and a new key under `/paths/<new>/…`
 * with the same file, rule and rest of the location (so the same method and the same place in the
 * operation), the same message once each path is written as `{path}`, and path templates of the
 * same shape (as many segments, `{parameters}` at the same places): `/commerce/orders/v1/invoices`
 * → `/commerce/billing/v1/invoices`. Used by `baseline --check`/`--prune` and by `check --since`.
 */
import { Counts, baselineKey, partsOf } from '../../functions/lib/baseline-file';
import { unescapeToken } from '../../functions/lib/pointer';

export interface Comparison {
  /** Known keys found fewer times today: [key, how many fewer]. */
  fixed: [key: string, count: number][];
  /** Known keys found today under a renamed path: [known key, today's key, how many]. */
  moved: [from: string, to: string, count: number][];
  /** Today's keys beyond the known counts that are not moves: [key, how many more]. */
  added: [key: string, count: number][];
}

const decode = unescapeToken;

/** The path template a location is under, and the rest of the location; undefined outside `/paths`. */
function underPath(location: string): { template: string; rest: string } | undefined {
  // `s`: a key on the way may hold a line break (an example named on two lines); the rest takes it too.
  const match = /^\/paths\/([^/]+)(.*)$/s.exec(location);
  return match === null ? undefined : { template: decode(match[1]), rest: match[2] };
}

/** `/a/{id}/b` → `/*\/{}/*`: the segments' count and where the parameters are. */
const shape = (template: string): string =>
  template
    .split('/')
    .map(segment => (/^\{[^}]*\}$/.test(segment) ? '{}' : segment === '' ? '' : '*'))
    .join('/');

/** What a key is once its path is set aside; equal for a finding and its move. */
function signature(key: string): string | undefined {
  const [file, rule, location, message] = partsOf(key);
  const under = underPath(location);
  if (under === undefined) return undefined;
  return JSON.stringify([file, rule, under.rest, shape(under.template), message.split(under.template).join('{path}')]);
}

const templateOf = (key: string): string | undefined => underPath(partsOf(key)[2])?.template;

export function compare(known: Counts, now: Counts): Comparison {
  const stale: [string, number][] = [];
  for (const [key, count] of known) {
    const today = now.get(key) ?? 0;
    if (today < count) stale.push([key, count - today]);
  }
  const extra = new Map<string, number>();
  for (const [key, count] of now) {
    const before = known.get(key) ?? 0;
    if (count > before) extra.set(key, count - before);
  }
  // Today's extra keys by signature, so that each stale key finds its move in one lookup.
  const bySignature = new Map<string, string[]>();
  for (const key of extra.keys()) {
    const sig = signature(key);
    if (sig !== undefined) bySignature.set(sig, [...(bySignature.get(sig) ?? []), key]);
  }
  const fixed: Comparison['fixed'] = [];
  const moved: Comparison['moved'] = [];
  for (const [key, count] of stale) {
    let left = count;
    const sig = signature(key);
    for (const candidate of sig === undefined ? [] : (bySignature.get(sig) ?? [])) {
      if (left === 0) break;
      // A move renames the path: the same template is a fix here and a new defect there.
      if (templateOf(candidate) === templateOf(key)) continue;
      const available = extra.get(candidate) ?? 0;
      const n = Math.min(left, available);
      if (n === 0) continue;
      moved.push([key, candidate, n]);
      extra.set(candidate, available - n);
      left -= n;
    }
    if (left > 0) fixed.push([key, left]);
  }
  const added = [...extra].filter(([, n]) => n > 0);
  return { fixed, moved, added };
}

/** The known counts with each move carried over to its new key: what a baseline holds after `--prune`. */
export function carryOver(known: Counts, now: Counts, comparison: Comparison): Counts {
  const kept: Counts = new Map();
  for (const [key, count] of known) {
    const n = Math.min(count, now.get(key) ?? 0);
    if (n > 0) kept.set(key, n);
  }
  for (const [, to, n] of comparison.moved) kept.set(to, (kept.get(to) ?? 0) + n);
  return kept;
}

/** The counts with each key rewritten by `rename` (file renames between two revisions); counts of keys that meet add up. */
export function renameKeys(counts: Counts, rename: (file: string, message: string) => [string, string]): Counts {
  const out: Counts = new Map();
  for (const [key, count] of counts) {
    const [file, rule, location, message] = partsOf(key);
    const [renamedFile, renamedMessage] = rename(file, message);
    const renamed = baselineKey(renamedFile, rule, location, renamedMessage);
    out.set(renamed, (out.get(renamed) ?? 0) + count);
  }
  return out;
}
