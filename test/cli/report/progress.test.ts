/** The report's progress line (cli/report/progress.ts): counts, time so far, time left by size, the current description. */
import { duration, progressLine } from '../../../cli/report/progress';

test.each([
  [0.2, '1 s'],
  [45, '45 s'],
  [89, '89 s'],
  [90, '2 min'],
  [45 * 60, '45 min'],
  [89 * 60, '89 min'],
  [90 * 60, '1 h 30 min'],
  [125 * 60, '2 h 5 min'],
])('%s s reads "%s"', (seconds, text) => {
  expect(duration(seconds)).toBe(text);
});

const base = { total: 2639, failed: 0, bytesTotal: 1_000_000_000 };

test('before the first description is linted: estimating', () => {
  expect(
    progressLine({ ...base, done: 0, elapsedMs: 3000, bytesDone: 0, current: 'microsoft.com/graph-beta.json' }),
  ).toBe('0/2639 descriptions linted, 0 not, 3 s, estimating the time left; now microsoft.com/graph-beta.json');
});

test('the time left goes by the share of bytes linted, not of descriptions', () => {
  // A fifth of the bytes in 60 s (2 descriptions of 2,639): four times as long again.
  expect(
    progressLine({ ...base, done: 2, failed: 1, elapsedMs: 60_000, bytesDone: 200_000_000, current: 'a/b.yaml' }),
  ).toBe('2/2639 descriptions linted, 1 not, 60 s, about 4 min left; now a/b.yaml');
});

test('at the end: the counts and the time, nothing left, no current description', () => {
  expect(
    progressLine({ ...base, done: 2639, failed: 3, elapsedMs: 283_000, bytesDone: 1_000_000_000, current: 'x.yaml' }),
  ).toBe('2639/2639 descriptions linted, 3 not, 5 min');
});
