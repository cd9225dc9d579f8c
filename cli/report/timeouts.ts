/**
 * The descriptions a run could not lint in time, named at its end with the `--timeout` that would do
 * (docs/report.md): each one's time estimated from its size at the speed of the descriptions that
 * were linted (their bytes per millisecond), with room to spare. Pure: rows and sizes in, a sentence out.
 */
import type { ApiResult } from './model';

/** Spare room over the estimate: lint time is not quite linear in size, and machines drift. */
const MARGIN = 2;

export function timeoutNote(
  rows: ApiResult[],
  bytesOf: (file: string) => number,
  timeoutSeconds: number,
): string | undefined {
  const late = rows.filter(row => row.status === 'timeout');
  if (late.length === 0) return undefined;
  const timed = rows.filter(row => row.status === 'linted' && row.ms !== undefined && row.ms > 0);
  const bytes = timed.reduce((sum, row) => sum + bytesOf(row.file), 0);
  const ms = timed.reduce((sum, row) => sum + (row.ms ?? 0), 0);
  const names = late.map(row => row.file).join(', ');
  const what = `${late.length} description${late.length === 1 ? ' was' : 's were'} not linted within ${timeoutSeconds} s (--timeout): ${names}`;
  if (bytes === 0 || ms === 0)
    return `${what}; run them again with a longer --timeout, such as --timeout ${timeoutSeconds * 4}`;
  const longest = Math.max(...late.map(row => (bytesOf(row.file) * ms) / bytes / 1000));
  const suggested = Math.max(Math.ceil(longest * MARGIN), Math.ceil(timeoutSeconds * MARGIN));
  return `${what}; at the speed of the ${timed.length} linted in this run, --timeout ${suggested} would do`;
}
