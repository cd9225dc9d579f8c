/**
 * The report's score (cli/report/score.ts, docs/report.md "The score"): from the operations of an API
 * and, for each finding, the operations it affects (functions/lib/uses.ts, tested in
 * test/lib/uses.test.ts; through real lints in report-estate.test.ts), the share per area, the score
 * and the level.
 */
import { scoreApi } from '../../../cli/report/score';

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
