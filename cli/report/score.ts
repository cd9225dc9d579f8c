/**
 * Every number the report shows, and nothing else computes one (docs/report.md, "The score"): per
 * area of the conventions, the share of an API's operations that conform; the score is the mean of
 * those shares × 100; the level says whether all MUSTs, then all SHOULDs, are met; the estate's
 * summary, the order "worst first", the score bins and the spread of each rule are made of the
 * APIs' rows. The renderers (markdown.ts, view.ts and the page) only show these. Pure: rows in,
 * numbers out.
 *
 * Which operations a finding affects is not guessed here from where the engine placed it: the rule
 * functions know the node each defect is written at and the operations that use it
 * (functions/lib/uses.ts, noted by affected.ts). A finding in a component no operation uses counts
 * against no operation's share, but still against the level. An API without operations is not scored.
 */
import { AREAS, AreaId, RULES, RuleMeta, isRuleId } from '../../manifest';
import type { JsonPath } from '../../functions/lib/json';
import type { Concerned } from '../../functions/lib/uses';
import type { ApiResult, AreaResult, EstateSummary, Level, Status } from './model';

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
const round1 = (n: number): number => Math.round(n * 10) / 10;
const round4 = (n: number): number => Math.round(n * 10000) / 10000;

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

/** The findings of this package's rules an API has (the sum of its `rules`; 0 when not linted). */
export const findingCount = (api: ApiResult): number =>
  Object.values(api.rules ?? {}).reduce((sum, count) => sum + count, 0);

/**
 * The exceptions in force in an API: those that name a rule of this package with a reason. One
 * without a reason is listed, but not counted: it is itself a conventions-exception finding.
 */
export const exceptionsInForce = (api: ApiResult): number =>
  api.exceptions?.filter(exception => exception.valid).length ?? 0;

/** Linted APIs, worst first: lowest score, then most findings, then by file; those not scored last. */
export function worstFirst(apis: ApiResult[]): ApiResult[] {
  return apis
    .filter(api => api.status === 'linted')
    .sort(
      (a, b) =>
        (a.score ?? Infinity) - (b.score ?? Infinity) ||
        findingCount(b) - findingCount(a) ||
        (a.file < b.file ? -1 : a.file > b.file ? 1 : 0),
    );
}

/** Scored APIs per score bin: [0, 10) … [80, 90), and [90, 100] holding the perfect scores. */
export function scoreBins(apis: ApiResult[]): { from: number; to: number; apis: number }[] {
  const bins = Array.from({ length: 10 }, (_, bin) => ({ from: bin * 10, to: bin * 10 + 10, apis: 0 }));
  for (const api of apis)
    if (api.status === 'linted' && api.score !== undefined) bins[Math.min(9, Math.floor(api.score / 10))].apis++;
  return bins;
}

/** Per rule with findings in the estate: its findings and the linted APIs that have one; most found first. */
export function ruleSpread(apis: ApiResult[]): { rule: string; findings: number; apis: number }[] {
  const spread = new Map<string, { rule: string; findings: number; apis: number }>();
  for (const api of apis)
    for (const [rule, findings] of Object.entries(api.rules ?? {})) {
      if (findings === 0) continue;
      const entry = spread.get(rule) ?? { rule, findings: 0, apis: 0 };
      entry.findings += findings;
      entry.apis++;
      spread.set(rule, entry);
    }
  return [...spread.values()].sort((a, b) => b.findings - a.findings || (a.rule < b.rule ? -1 : 1));
}

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : round1((sorted[middle - 1] + sorted[middle]) / 2);
}

/** The estate in numbers: sums over the linted APIs, the median and mean of the scored ones. */
export function summarize(apis: ApiResult[]): EstateSummary {
  const linted = apis.filter(api => api.status === 'linted');
  const failed: Partial<Record<Status, number>> = {};
  for (const api of apis) if (api.status !== 'linted') failed[api.status] = (failed[api.status] ?? 0) + 1;
  const levels: Record<Level, number> = { none: 0, must: 0, should: 0 };
  const areas = {} as EstateSummary['areas'];
  for (const id of AREA_IDS) areas[id] = { operations: 0, conforming: 0, share: 1, findings: 0 };
  const rules: Record<string, number> = {};
  let operations = 0;
  let exceptions = 0;
  let notScored = 0;
  for (const api of linted) {
    // An API without operations is not scored: in no level and no score figure (its findings still count).
    if (api.level === undefined) notScored++;
    else levels[api.level]++;
    operations += api.operations ?? 0;
    exceptions += exceptionsInForce(api);
    for (const id of AREA_IDS) {
      const area = api.areas?.[id];
      if (area === undefined) continue;
      areas[id].operations += area.operations;
      areas[id].conforming += area.conforming;
      areas[id].findings += area.findings;
    }
    for (const [rule, n] of Object.entries(api.rules ?? {})) rules[rule] = (rules[rule] ?? 0) + n;
  }
  for (const id of AREA_IDS) {
    const area = areas[id];
    area.share = area.operations === 0 ? 1 : round4(area.conforming / area.operations);
  }
  const scores = linted.flatMap(api => (api.score === undefined ? [] : [api.score]));
  return {
    apis: apis.length,
    linted: linted.length,
    failed,
    operations,
    ...(scores.length > 0
      ? { medianScore: median(scores), meanScore: round1(scores.reduce((a, b) => a + b, 0) / scores.length) }
      : {}),
    levels,
    notScored,
    areas,
    rules,
    exceptions,
  };
}
