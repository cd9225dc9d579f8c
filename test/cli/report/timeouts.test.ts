/** The descriptions a report run could not lint in time, and the --timeout that would do (cli/report/timeouts.ts). */
import { timeoutNote } from '../../../cli/report/timeouts';
import type { ApiResult } from '../../../cli/report/model';

const SIZES: Record<string, number> = { 'a.json': 1_000_000, 'b.json': 2_000_000, 'graph.json': 20_000_000 };
const size = (file: string) => SIZES[file] ?? 0;

test('none late: nothing to say', () => {
  expect(timeoutNote([{ file: 'a.json', status: 'linted', ms: 1000 }], size, 120)).toBeUndefined();
});

test('a late description is estimated at the speed of those linted, with twice the room', () => {
  const rows: ApiResult[] = [
    { file: 'a.json', status: 'linted', ms: 1000 },
    { file: 'b.json', status: 'linted', ms: 2000 },
    { file: 'graph.json', status: 'timeout', reason: 'graph.json was not linted within 10 s (--timeout)' },
  ];
  // 3 MB in 3 s: 1 MB a second; 20 MB: 20 s, twice that: 40.
  expect(timeoutNote(rows, size, 10)).toBe(
    '1 description was not linted within 10 s (--timeout): graph.json; at the speed of the 2 linted in this run, --timeout 40 would do',
  );
});

test('never less than twice the limit that was too short', () => {
  const rows: ApiResult[] = [
    { file: 'graph.json', status: 'linted', ms: 20_000 },
    { file: 'a.json', status: 'timeout' },
  ];
  expect(timeoutNote(rows, size, 30)).toMatch(/--timeout 60 would do$/);
});
