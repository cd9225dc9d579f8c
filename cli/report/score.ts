/**
 * How an API is scored (docs/report.md, "The score"): per area of the conventions, the share of
 * its operations that conform; the score is the mean of those shares × 100; the level says whether
 * all MUSTs, then all SHOULDs, are met. Pure: the operations and the findings in, numbers out.
 *
 * Which operations a finding affects is not guessed here from where the engine placed it: the rule
 * functions know the node each defect is written at and the operations that use it
 * (functions/lib/uses.ts, noted by affected.ts). A finding in a component no operation uses counts
 * against no operation's share, but still against the level. An API without operations is not scored.
 */
import { AREAS, AreaId, RULES, RuleMeta, isRuleId } from '../../manifest';
import type { JsonPath } from '../../functions/lib/json';
import type { Concerned } from '../../functions/lib/uses';
import type { AreaResult, Level } from './model';

export const AREA_IDS = Object.keys(AREAS) as AreaId[];

/** A finding as scoring needs it: its rule and the operations it affects. */
export interface Affecting {
  rule: string;
  operations: Concerned;
}

/** Whether a rule of this package enforces a MUST of the conventions (error or must), else a SHOULD. */
export const isMustRule = (id: string): boolean => isRuleId(id) && (RULES[id] as RuleMeta).severity !== 'warn';

/** The area a rule's findings count in, for this package's rules that are scored. */
const areaOf = (id: string): AreaId | undefined =>
  isRuleId(id) ? ((RULES[id] as RuleMeta).area ?? undefined) : undefined;

export interface Scored {
  operations: number;
  /** Undefined for an API without operations: not scored. */
  score?: number;
  level?: Level;
  areas: Record<AreaId, AreaResult>;
  rules: Record<string, number>;
  otherFindings: number;
}

/** Scores to one decimal, shares to four: as the report writes them. */
export const round1 = (n: number): number => Math.round(n * 10) / 10;
export const round4 = (n: number): number => Math.round(n * 10000) / 10000;

/**
 * The score, level and per-area results of one API description from its operations (their paths in
 * the resolved document) and its findings. No operations: findings are counted, nothing is scored.
 */
export function scoreApi(operations: JsonPath[], findings: Affecting[]): Scored {
  const index = new Map(operations.map((path, i) => [JSON.stringify(path.map(String)), i]));
  const failing = new Map<AreaId, Set<number> | 'all'>();
  const counts = new Map<AreaId, number>();
  const rules: Record<string, number> = {};
  let otherFindings = 0;
  let mustMissed = false;
  let shouldMissed = false;
  for (const finding of findings) {
    if (!isRuleId(finding.rule)) {
      otherFindings++;
      continue;
    }
    rules[finding.rule] = (rules[finding.rule] ?? 0) + 1;
    const area = areaOf(finding.rule);
    // A rule outside the areas (the exceptions' own check) is counted, not scored.
    if (area === undefined) continue;
    if (isMustRule(finding.rule)) mustMissed = true;
    else shouldMissed = true;
    counts.set(area, (counts.get(area) ?? 0) + 1);
    const already = failing.get(area);
    if (already === 'all') continue;
    if (finding.operations === 'all') {
      failing.set(area, 'all');
      continue;
    }
    const set = already ?? new Set<number>();
    for (const path of finding.operations) {
      const i = index.get(JSON.stringify(path.map(String)));
      if (i !== undefined) set.add(i);
    }
    failing.set(area, set);
  }
  const total = operations.length;
  const areas = {} as Record<AreaId, AreaResult>;
  let shares = 0;
  for (const id of AREA_IDS) {
    const failed = failing.get(id);
    const failedCount = failed === 'all' ? total : (failed?.size ?? 0);
    const share = total === 0 ? 0 : (total - failedCount) / total;
    shares += share;
    areas[id] = {
      operations: total,
      conforming: total - failedCount,
      share: round4(share),
      findings: counts.get(id) ?? 0,
      lost: round1(((1 - share) * 100) / AREA_IDS.length),
    };
  }
  if (total === 0) return { operations: 0, areas, rules, otherFindings };
  const score = round1((shares / AREA_IDS.length) * 100);
  const level: Level = mustMissed ? 'none' : shouldMissed ? 'must' : 'should';
  return { operations: total, score, level, areas, rules, otherFindings };
}
