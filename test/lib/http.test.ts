/**
 * `expectedStatus`, the one status-fit function: problem-example-status reports what a response key
 * expects, and the fix planner fixes an example only where its status fits every key that uses it
 * (a key naming no status, null, fits none).
 */
import { expectedStatus } from '../../functions/lib/http';

test.each<[code: string, status: number, expected: string | undefined | null]>([
  ['404', 404, undefined],
  ['404', 400, '404'],
  ['4XX', 409, undefined],
  ['4xx', 409, undefined],
  ['4XX', 500, 'a 4xx status'],
  ['5XX', 503, undefined],
  ['default', 400, undefined],
  ['default', 599, undefined],
  ['default', 200, 'a 4xx or 5xx status'],
  ['default', 600, 'a 4xx or 5xx status'],
  ['x-internal', 404, null],
  ['600', 600, null],
])('a %s response and an example of status %d: %p', (code, status, expected) => {
  expect(expectedStatus(code, status)).toBe(expected);
});
