/**
 * The Problem Details helpers (functions/lib/problem.ts) where their contract reaches further than
 * the rules' documents show: JSON types beyond the base members', where a type defect is placed,
 * the shortest stack-trace header, and checkProblemSchema as the fix planner calls it (no `$ref`s
 * known) and on an `allOf` cycle.
 */
import { checkProblemSchema, hasJsonType, stackTraceKind, typePath } from '../../functions/lib/problem';

const FIVE = {
  status: { type: 'integer' },
  title: { type: 'string' },
  detail: { type: 'string' },
  type: { type: 'string' },
  instance: { type: 'string' },
};
const NOT_REQUIRED =
  'Problem member "status" is not required; expected status, title, detail, type and instance in required';

describe('hasJsonType', () => {
  test.each([
    [42, 'integer', true],
    [4.2, 'integer', false],
    ['Not Found', 'string', true],
    [404, 'string', false],
    [{ pointer: '/name' }, 'object', true],
    [[{ pointer: '/name' }], 'object', false],
    [null, 'object', false],
    ['{}', 'object', false],
    [[], 'array', true],
    [{ length: 0 }, 'array', false],
    ['[]', 'array', false],
    [true, 'boolean', false],
    ['x', 'number', false],
    [[400, 500], 'number', false],
    [{}, 'null', false],
  ])('%j is of type %s: %s', (value, type, expected) => {
    expect(hasJsonType(value, type)).toBe(expected);
  });
});

describe('typePath', () => {
  test('at the `type` keyword when the schema writes one, else at the schema itself', () => {
    expect(typePath({ type: 'integer', format: 'int32' }, ['s', 'status'])).toEqual(['s', 'status', 'type']);
    expect(typePath({ type: null }, ['s', 'status'])).toEqual(['s', 'status', 'type']);
    expect(typePath({ format: 'int32' }, ['s', 'status'])).toEqual(['s', 'status']);
    expect(typePath({ oneOf: [{ type: 'integer' }] }, ['s', 'status'])).toEqual(['s', 'status']);
    expect(typePath(true, ['s', 'status'])).toEqual(['s', 'status']);
    expect(typePath(undefined, ['parameters', 0])).toEqual(['parameters', 0]);
    expect(typePath([{ type: 'string' }], ['s', 'status'])).toEqual(['s', 'status']);
  });
});

describe('stackTraceKind', () => {
  test('an eight-character exception name (x.YError, the shortest a Java trace header can be) is a Java stack trace', () => {
    expect(stackTraceKind('x.YError')).toBe('a Java stack trace');
    expect(stackTraceKind('x.YError: order store closed')).toBe('a Java stack trace');
    expect(stackTraceKind('YError')).toBeUndefined();
  });
});

describe('checkProblemSchema', () => {
  test('without a way to tell shared members (the fix planner), a member inherited from an allOf member is reported at the schema', () => {
    const schema = { allOf: [{ type: 'object', properties: FIVE }] };
    const results = checkProblemSchema(schema, ['components', 'schemas', 'Problem']);
    expect(results).toHaveLength(5);
    expect(results[0]).toMatchObject({ message: NOT_REQUIRED, path: ['components', 'schemas', 'Problem'] });
    expect(new Set(results.map(r => JSON.stringify(r.path)))).toEqual(
      new Set([JSON.stringify(['components', 'schemas', 'Problem'])]),
    );
  });

  test('with shared allOf members, an unrequired member is reported at the member that declares it', () => {
    const schema = { allOf: [{ type: 'object', properties: FIVE }] };
    const results = checkProblemSchema(schema, ['P'], () => true);
    expect(results[0]).toMatchObject({ message: NOT_REQUIRED, path: ['P', 'allOf', 0] });
  });

  test('an allOf cycle of shared members (a resolved document whose schemas extend each other) ends: reported 17 members down', () => {
    const base: Record<string, unknown> = {};
    const problem: Record<string, unknown> = { allOf: [base, { type: 'object', properties: FIVE }] };
    base.allOf = [problem];
    const results = checkProblemSchema(problem, ['P'], () => true);
    expect(results).toHaveLength(5);
    const down = Array.from({ length: 17 }, () => ['allOf', 0]).flat();
    expect(results[0]).toMatchObject({ message: NOT_REQUIRED, path: ['P', ...down] });
  });
});
