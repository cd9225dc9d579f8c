/**
 * The report's score (cli/report/score.ts, docs/report.md "The score"): from the operations of an API
 * and, for each finding, the operations it affects (functions/lib/uses.ts, tested in
 * test/lib/uses.test.ts; through real lints in report-estate.test.ts), the share per area, the score
 * and the level.
 */
import type { ApiResult } from '../../../cli/report/model';
import {
  exceptionsInForce,
  findingCount,
  ruleSpread,
  scoreApi,
  scoreBins,
  summarize,
  worstFirst,
} from '../../../cli/report/score';

const OPERATIONS = [
  ['paths', '/orders', 'get'],
  ['paths', '/orders', 'post'],
  ['paths', '/orders/{id}', 'get'],
  ['paths', '/orders/{id}', 'delete'],
];

test('a finding affecting one operation counts against it alone; the area loses its share of the fifth', () => {
  const scored = scoreApi(OPERATIONS, [{ rule: 'error-responses-required', operations: [OPERATIONS[1]] }]);
  expect(scored.operations).toBe(4);
  expect(scored.areas['error-responses']).toEqual({ operations: 4, conforming: 3, share: 0.75, findings: 1, lost: 5 });
  expect(scored.score).toBe(95);
  expect(scored.level).toBe('none');
  expect(scored.rules).toEqual({ 'error-responses-required': 1 });
});

test('findings of one area affecting overlapping operations count each operation once', () => {
  const scored = scoreApi(OPERATIONS, [
    { rule: 'problem-details-schema', operations: [OPERATIONS[0], OPERATIONS[2]] },
    { rule: 'problem-example-title', operations: [OPERATIONS[2], OPERATIONS[3]] },
  ]);
  expect(scored.areas['problem-details']).toMatchObject({ conforming: 1, findings: 2, share: 0.25, lost: 15 });
  expect(scored.score).toBe(85);
});

test('a finding affecting no operation (a component nothing uses) counts against none, but still against the level', () => {
  const scored = scoreApi(OPERATIONS, [{ rule: 'problem-details-schema', operations: [] }]);
  expect(scored.areas['problem-details']).toMatchObject({ conforming: 4, share: 1, findings: 1 });
  expect([scored.score, scored.level]).toEqual([100, 'none']);
});

test('a finding affecting every operation (a server URL) empties the area', () => {
  const scored = scoreApi(OPERATIONS, [{ rule: 'path-version-segment', operations: 'all' }]);
  expect(scored.areas.versioning).toMatchObject({ conforming: 0, share: 0, lost: 20 });
  expect([scored.score, scored.level]).toEqual([80, 'must']);
});

test('the level: SHOULD findings alone meet MUST; no finding meets both; other rules are counted, not scored', () => {
  expect(scoreApi(OPERATIONS, [{ rule: 'list-sort-parameter', operations: [OPERATIONS[0]] }]).level).toBe('must');
  const clean = scoreApi(OPERATIONS, [{ rule: 'oas3-api-servers', operations: [] }]);
  expect(clean).toMatchObject({ score: 100, level: 'should', otherFindings: 1, rules: {} });
});

test('an API without operations is not scored: no score, no level; its findings are still counted', () => {
  const scored = scoreApi([], [{ rule: 'problem-registry-shape', operations: [] }]);
  expect(scored.operations).toBe(0);
  expect(scored.score).toBeUndefined();
  expect(scored.level).toBeUndefined();
  expect(scored.rules).toEqual({ 'problem-registry-shape': 1 });
  expect(scored.areas.registry).toMatchObject({ operations: 0, conforming: 0, findings: 1 });
});

/** A linted row with a score and findings per rule, as lint-one.ts writes one. */
const row = (file: string, score: number | undefined, rules: Record<string, number>): ApiResult => ({
  file,
  status: 'linted',
  operations: score === undefined ? 0 : 4,
  ...(score === undefined ? {} : { score, level: 'none' as const }),
  rules,
});

test('worst first: lowest score, then most findings, then by file; not scored last; not linted left out', () => {
  const apis = [
    row('b.yaml', 40, { 'error-responses-required': 1 }),
    row('a.yaml', 40, { 'error-responses-required': 1 }),
    row('c.yaml', 40, { 'error-responses-required': 3 }),
    row('d.yaml', undefined, {}),
    row('e.yaml', 10, {}),
    { file: 'f.yaml', status: 'unparsable', reason: 'f.yaml:1:1: …' } as ApiResult,
  ];
  expect(worstFirst(apis).map(api => api.file)).toEqual(['e.yaml', 'c.yaml', 'a.yaml', 'b.yaml', 'd.yaml']);
});

test('score bins: ten of ten points, the last holding the perfect scores; not scored APIs in none', () => {
  const bins = scoreBins([
    row('a', 0, {}),
    row('b', 9.9, {}),
    row('c', 90, {}),
    row('d', 100, {}),
    row('e', undefined, {}),
  ]);
  expect(bins.map(bin => bin.apis)).toEqual([2, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
  expect(bins[9]).toEqual({ from: 90, to: 100, apis: 2 });
});

test('rule spread and finding counts: findings and APIs per rule, most found first', () => {
  const apis = [
    row('a', 50, { 'list-sort-parameter': 2, 'error-responses-required': 1 }),
    row('b', 50, { 'error-responses-required': 5, 'path-version-segment': 0 }),
  ];
  expect(ruleSpread(apis)).toEqual([
    { rule: 'error-responses-required', findings: 6, apis: 2 },
    { rule: 'list-sort-parameter', findings: 2, apis: 1 },
  ]);
  expect(apis.map(findingCount)).toEqual([3, 5]);
});

test('exceptions: the summary and each row count those in force, not those without a reason', () => {
  const api: ApiResult = {
    ...row('a', 80, {}),
    exceptions: [
      { rule: 'list-sort-parameter', at: '', reason: 'PLAT-42', valid: true },
      { rule: 'path-version-segment', at: '', valid: false },
    ],
  };
  expect(exceptionsInForce(api)).toBe(1);
  expect(summarize([api]).exceptions).toBe(1);
});

test('the median of an even number of scored APIs is the mean of the middle two, to one decimal', () => {
  const summary = summarize([
    row('a', 10, {}),
    row('b', 20.1, {}),
    row('c', 30, {}),
    row('d', 90, {}),
    row('e', undefined, {}),
  ]);
  expect(summary.medianScore).toBe(25.1);
  expect(summary.meanScore).toBe(37.5);
  expect(summary.notScored).toBe(1);
});
