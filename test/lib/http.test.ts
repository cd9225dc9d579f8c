/**
 * `expectedStatus`, the one status-fit function: problem-example-status reports what a response key
 * expects, and the fix planner fixes an example only where its status fits every key that uses it
 * (a key naming no status, null, fits none).
 */
import { expectedStatus, isErrorCode, isSuccessCode, statusClass } from '../../functions/lib/http';

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

/** Response keys that only contain a status: extensions (`x-…`) and longer numbers name none. */
test.each(['x-404', '4040', 'x-5XX', '5XXX', 'x-200', '2000', '2XXX', 'x-default'])(
  'the response key %s names no status',
  key => {
    expect(statusClass(key)).toEqual({});
    expect(isErrorCode(key)).toBe(false);
    expect(isSuccessCode(key)).toBe(false);
  },
);

test.each([
  ['404', { exact: 404 }, true, false],
  ['4xx', { range: 4 }, true, false],
  ['5XX', { range: 5 }, true, false],
  ['default', { isDefault: true }, true, false],
  ['201', { exact: 201 }, false, true],
  ['2XX', { range: 2 }, false, true],
])('the response key %s', (key, status, error, success) => {
  expect(statusClass(key)).toEqual(status);
  expect(isErrorCode(key)).toBe(error);
  expect(isSuccessCode(key)).toBe(success);
});
