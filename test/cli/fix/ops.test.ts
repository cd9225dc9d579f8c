/**
 * cli/fix-engine/ops.ts on its own, with the shapes fixes meet in OpenAPI documents: where a new response
 * code goes among its siblings (`rank`, `insertBefore`); the ops applied to plain data (`applyOps`:
 * adds in order and into missing parents, renames keeping key order, sets inside arrays, several ops
 * on one container, the input left as it was and untouched subtrees shared); the data comparison
 * (`sameData`, `sameAsIntended`); and adds of maps that do not exist yet (`normalizeAdds`).
 */
import { Op, applyOps, insertBefore, normalizeAdds, rank, sameAsIntended, sameData } from '../../../cli/fix-engine/ops';

const problem = (status: number, title: string): unknown => ({
  description: title,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetails' } } },
  'x-status': status,
});

describe('rank: response codes in numeric order, ranges after their codes, default last', () => {
  test.each<[string, number]>([
    ['100', 100],
    ['200', 200],
    ['201', 201],
    ['404', 404],
    ['599', 599],
    ['1XX', 199.5],
    ['2XX', 299.5],
    ['4XX', 499.5],
    ['4xx', 499.5],
    ['5Xx', 599.5],
    ['default', 1000],
    // Not codes: anything else goes last.
    ['600', Infinity],
    ['099', Infinity],
    ['20', Infinity],
    ['2000', Infinity],
    ['x200', Infinity],
    ['x-200', Infinity],
    ['200 ', Infinity],
    ['6XX', Infinity],
    ['4XXX', Infinity],
    ['x4XX', Infinity],
    ['4XXa', Infinity],
    ['Default', Infinity],
    ['', Infinity],
    ['x-internal', Infinity],
    ['NotFound', Infinity],
  ])('%j ranks %d', (key, expected) => {
    expect(rank(key)).toBe(expected);
  });
});

describe('insertBefore: the sibling a new key goes before, or -1 for the end', () => {
  test.each<[string, string[], string, number]>([
    ['a code before a higher code', ['200', '404'], '201', 1],
    ['a code before every other', ['400', '404', 'default'], '200', 0],
    ['a code after every other', ['200', '201'], '404', -1],
    ['a code before its range', ['200', '4XX', 'default'], '404', 1],
    ['a range after its codes, before default', ['400', '404', 'default'], '4XX', 2],
    ['a range after a lower-case range of the same class', ['4xx', 'default'], '4XX', 1],
    ['a code before default', ['200', 'default'], '500', 1],
    ['default at the end of codes', ['200', '4XX'], 'default', -1],
    ['default before keys that are not codes', ['200', 'x-internal'], 'default', 1],
    ['a code before keys that are not codes', ['200', 'x-internal'], '404', 1],
    ['a code before a key that only looks like a range', ['200', 'x4XX', 'default'], '404', 1],
    ['a code before a key that only looks like a code', ['200', 'x-500', 'default'], '404', 1],
    ['a key that is not a code at the end', ['200', 'default', 'x-a'], 'x-b', -1],
    ['a long number at the end', ['200', 'x-note'], '2000', -1],
    ['into an empty map', [], '200', -1],
  ])('%s', (_name, keys, key, expected) => {
    expect(insertBefore(keys, key)).toBe(expected);
  });
});

/** Deep-freezes plain data, so that any write to the input throws. */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(frozen);
    Object.freeze(value);
  }
  return value;
}

describe('applyOps: the data the edited text must parse to', () => {
  const ok = { description: 'OK' };
  const cases: { name: string; data: unknown; ops: Op[]; expected: unknown }[] = [
    {
      name: 'adds 201 between 200 and 404',
      data: { responses: { '200': ok, '404': problem(404, 'Not Found') } },
      ops: [{ kind: 'add', path: ['responses'], key: '201', value: { description: 'Created' } }],
      expected: { responses: { '200': ok, '201': { description: 'Created' }, '404': problem(404, 'Not Found') } },
    },
    {
      name: 'adds 200 before every other response',
      data: { responses: { '404': problem(404, 'Not Found'), default: problem(500, 'Error') } },
      ops: [{ kind: 'add', path: ['responses'], key: '200', value: ok }],
      expected: { responses: { '200': ok, '404': problem(404, 'Not Found'), default: problem(500, 'Error') } },
    },
    {
      // Code keys like 200 always come first in a JavaScript object; a range can be the first key.
      name: 'adds 4XX before every other response: 5XX and default',
      data: { responses: { '5XX': problem(500, 'Server Error'), default: problem(500, 'Error') } },
      ops: [{ kind: 'add', path: ['responses'], key: '4XX', value: problem(400, 'Client Error') }],
      expected: {
        responses: {
          '4XX': problem(400, 'Client Error'),
          '5XX': problem(500, 'Server Error'),
          default: problem(500, 'Error'),
        },
      },
    },
    {
      name: 'adds 500 after the last code',
      data: { responses: { '200': ok, '404': problem(404, 'Not Found') } },
      ops: [{ kind: 'add', path: ['responses'], key: '500', value: problem(500, 'Error') }],
      expected: { responses: { '200': ok, '404': problem(404, 'Not Found'), '500': problem(500, 'Error') } },
    },
    {
      name: 'adds 4XX after 404, before default',
      data: { responses: { '200': ok, '404': problem(404, 'Not Found'), default: problem(500, 'Error') } },
      ops: [{ kind: 'add', path: ['responses'], key: '4XX', value: problem(400, 'Client Error') }],
      expected: {
        responses: {
          '200': ok,
          '404': problem(404, 'Not Found'),
          '4XX': problem(400, 'Client Error'),
          default: problem(500, 'Error'),
        },
      },
    },
    {
      name: 'adds 4XX after a lower-case 4xx',
      data: { responses: { '2XX': ok, '4xx': problem(400, 'x'), default: problem(500, 'Error') } },
      ops: [{ kind: 'add', path: ['responses'], key: '4XX', value: problem(400, 'y') }],
      expected: {
        responses: { '2XX': ok, '4xx': problem(400, 'x'), '4XX': problem(400, 'y'), default: problem(500, 'Error') },
      },
    },
    {
      name: 'adds default after the codes, before an extension',
      data: { responses: { '200': ok, 'x-internal': true } },
      ops: [{ kind: 'add', path: ['responses'], key: 'default', value: problem(500, 'Error') }],
      expected: { responses: { '200': ok, default: problem(500, 'Error'), 'x-internal': true } },
    },
    {
      name: 'adds a component (not a code) at the end',
      data: { components: { responses: { BadRequest: problem(400, 'Bad Request'), Accepted: ok } } },
      ops: [{ kind: 'add', path: ['components', 'responses'], key: 'NotFound', value: problem(404, 'Not Found') }],
      expected: {
        components: {
          responses: { BadRequest: problem(400, 'Bad Request'), Accepted: ok, NotFound: problem(404, 'Not Found') },
        },
      },
    },
    {
      name: 'adds to the root',
      data: { openapi: '3.0.3', paths: {} },
      ops: [{ kind: 'add', path: [], key: 'components', value: { schemas: {} } }],
      expected: { openapi: '3.0.3', paths: {}, components: { schemas: {} } },
    },
    {
      name: 'adds into missing parents, creating them',
      data: { openapi: '3.0.3', paths: {} },
      ops: [{ kind: 'add', path: ['components', 'responses'], key: 'NotFound', value: problem(404, 'Not Found') }],
      expected: { openapi: '3.0.3', paths: {}, components: { responses: { NotFound: problem(404, 'Not Found') } } },
    },
    {
      name: 'adds two codes and default to one responses map',
      data: { paths: { '/pets': { get: { responses: { '200': ok } } } } },
      ops: [
        { kind: 'add', path: ['paths', '/pets', 'get', 'responses'], key: 'default', value: problem(500, 'Error') },
        { kind: 'add', path: ['paths', '/pets', 'get', 'responses'], key: '404', value: problem(404, 'Not Found') },
        { kind: 'add', path: ['paths', '/pets', 'get', 'responses'], key: '400', value: problem(400, 'Bad') },
      ],
      expected: {
        paths: {
          '/pets': {
            get: {
              responses: {
                '200': ok,
                '400': problem(400, 'Bad'),
                '404': problem(404, 'Not Found'),
                default: problem(500, 'Error'),
              },
            },
          },
        },
      },
    },
    {
      name: 'renames a media type, keeping its place',
      data: {
        content: { 'text/plain': { schema: {} }, 'application/json': { schema: { type: 'object' } }, 'text/html': {} },
      },
      ops: [{ kind: 'rename', path: ['content', 'application/json'], key: 'application/problem+json' }],
      expected: {
        content: {
          'text/plain': { schema: {} },
          'application/problem+json': { schema: { type: 'object' } },
          'text/html': {},
        },
      },
    },
    {
      name: 'renames the first key, keeping its place',
      data: { schema: { 'x-enum': ['a', 'b'], type: 'string' } },
      ops: [{ kind: 'rename', path: ['schema', 'x-enum'], key: 'x-extensible-enum' }],
      expected: { schema: { 'x-extensible-enum': ['a', 'b'], type: 'string' } },
    },
    {
      name: 'sets a scalar inside an array',
      data: { tags: [{ name: 'pets' }, { name: 'Stores', description: 'x' }] },
      ops: [{ kind: 'set', path: ['tags', 1, 'name'], value: 'stores' }],
      expected: { tags: [{ name: 'pets' }, { name: 'stores', description: 'x' }] },
    },
    {
      name: 'sets an array item',
      data: { enum: ['a', 'B', 'c'] },
      ops: [{ kind: 'set', path: ['enum', 1], value: 'b' }],
      expected: { enum: ['a', 'b', 'c'] },
    },
    {
      name: 'sets, renames and adds in one container',
      data: { responses: { '200': ok, '400': { description: 'bad' }, default: problem(500, 'Error') } },
      ops: [
        { kind: 'set', path: ['responses', '400', 'description'], value: 'Bad Request' },
        { kind: 'rename', path: ['responses', 'default'], key: '5XX' },
        { kind: 'set', path: ['responses', '200', 'description'], value: 'Fine' },
        { kind: 'add', path: ['responses'], key: '404', value: problem(404, 'Not Found') },
        { kind: 'add', path: ['responses', '400'], key: 'x-note', value: 1 },
      ],
      expected: {
        responses: {
          '200': { description: 'Fine' },
          '400': { description: 'Bad Request', 'x-note': 1 },
          '404': problem(404, 'Not Found'),
          '5XX': problem(500, 'Error'),
        },
      },
    },
    {
      name: 'no ops: the data as it was',
      data: { openapi: '3.1.0', info: { title: 'x', version: '1' } },
      ops: [],
      expected: { openapi: '3.1.0', info: { title: 'x', version: '1' } },
    },
  ];
  test.each(cases)('$name', ({ data, ops, expected }) => {
    const before = JSON.stringify(data);
    const got = applyOps(frozen(data), ops);
    expect(got).toStrictEqual(expected);
    expect(JSON.stringify(got)).toBe(JSON.stringify(expected));
    expect(JSON.stringify(data)).toBe(before);
  });

  test('keys in the order the edits put them', () => {
    const data = { responses: { '200': ok, '404': {}, 'x-a': 1 } };
    const got = applyOps(data, [
      { kind: 'add', path: ['responses'], key: '201', value: {} },
      { kind: 'add', path: ['responses'], key: 'default', value: {} },
      { kind: 'rename', path: ['responses', '404'], key: '4XX' },
    ]) as { responses: object };
    expect(Object.keys(got.responses)).toStrictEqual(['200', '201', '4XX', 'default', 'x-a']);
  });

  test('copies only the containers on the paths: the rest is shared, the input unchanged', () => {
    const shared = { description: 'OK', content: { 'application/json': { schema: { type: 'object' } } } };
    const other = { get: { responses: { '200': shared } } };
    const data = {
      openapi: '3.0.3',
      paths: { '/a': { get: { responses: { '200': shared, '404': { description: 'x' } } } }, '/b': other },
      components: { schemas: { Pet: { type: 'object' } } },
    };
    const got = applyOps(data, [
      { kind: 'set', path: ['paths', '/a', 'get', 'responses', '404', 'description'], value: 'Not Found' },
      { kind: 'add', path: ['paths', '/a', 'get', 'responses'], key: '500', value: { description: 'Error' } },
    ]) as typeof data;
    expect(got).not.toBe(data);
    expect(got.paths).not.toBe(data.paths);
    expect(got.paths['/a']).not.toBe(data.paths['/a']);
    expect(got.paths['/a'].get.responses).not.toBe(data.paths['/a'].get.responses);
    expect(got.paths['/a'].get.responses['404']).not.toBe(data.paths['/a'].get.responses['404']);
    expect(got.paths['/a'].get.responses['200']).toBe(shared);
    expect(got.paths['/b']).toBe(other);
    expect(got.components).toBe(data.components);
    expect(data.paths['/a'].get.responses).toStrictEqual({ '200': shared, '404': { description: 'x' } });
  });

  test('a container reached through two paths (an alias) is copied on each, the original kept', () => {
    const response = { description: 'x' };
    const data = { responses: { a: response, b: response } };
    const got = applyOps(data, [
      { kind: 'set', path: ['responses', 'a', 'description'], value: 'A' },
      { kind: 'set', path: ['responses', 'b', 'description'], value: 'B' },
    ]);
    expect(got).toStrictEqual({ responses: { a: { description: 'A' }, b: { description: 'B' } } });
    expect(response).toStrictEqual({ description: 'x' });
  });

  test('an added value is not written to when later ops reach into it', () => {
    const value = { description: 'Not Found' };
    const got = applyOps({ responses: {} }, [
      { kind: 'add', path: ['responses'], key: '404', value },
      { kind: 'add', path: ['responses', '404'], key: 'content', value: {} },
      { kind: 'set', path: ['responses', '404', 'description'], value: 'Gone' },
    ]);
    expect(got).toStrictEqual({ responses: { '404': { description: 'Gone', content: {} } } });
    expect(value).toStrictEqual({ description: 'Not Found' });
  });

  test('a set under a missing parent does not invent it', () => {
    expect(() => applyOps({ paths: {} }, [{ kind: 'set', path: ['info', 'title'], value: 'x' }])).toThrow(TypeError);
  });
});

describe('sameData: deep equality of plain data, key order aside', () => {
  const response = { description: 'OK', content: { 'application/json': { example: [1, 'a', null] } } };
  test.each<[string, unknown, unknown, boolean]>([
    ['one object', response, response, true],
    ['equal copies', response, JSON.parse(JSON.stringify(response)), true],
    ['keys in another order', { a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 }, true],
    ['equal scalars', 'x', 'x', true],
    ['other strings', 'ab', 'cd', false],
    ['other numbers', 1, 2, false],
    ['other values in a map', { a: 1 }, { a: 2 }, false],
    ['a number and a string', { a: 1 }, { a: '1' }, false],
    ['null and a map', { a: null }, { a: {} }, false],
    ['a map and null', { a: {} }, { a: null }, false],
    ['NaN and NaN', { a: NaN }, { a: NaN }, true],
    ['NaN and a number', { a: NaN }, { a: 1 }, false],
    ['a number and NaN', { a: 1 }, { a: NaN }, false],
    ['NaN and null', { a: NaN }, { a: null }, false],
    ['a map and an array', {}, [], false],
    ['an array and a map', [], {}, false],
    ['a map with index keys and an array', { '0': 'a' }, ['a'], false],
    ['equal arrays', [1, { a: 2 }], [1, { a: 2 }], true],
    ['arrays with other items', [1, 2], [1, 3], false],
    ['a shorter array', [1], [1, 2], false],
    ['a longer array', [1, 2], [1], false],
    ['arrays in another order', [1, 2], [2, 1], false],
    ['a map with a key more', { a: 1 }, { a: 1, b: 2 }, false],
    ['a map with a key less', { a: 1, b: 2 }, { a: 1 }, false],
    ['maps with other keys', { a: 1 }, { b: 1 }, false],
    ['maps with other keys holding undefined', { a: undefined }, { b: undefined }, false],
    ['maps alike but for the last value', { a: 1, b: 2 }, { a: 1, b: 3 }, false],
  ])('%s: %p', (_name, a, b, expected) => {
    expect(sameData(a, b)).toBe(expected);
  });
});

describe('sameAsIntended: the edited text parses to the intended data', () => {
  test.each<[string, unknown, unknown, 'json' | 'yaml', boolean]>([
    ['JSON, the same data in the same order', { a: 1, b: [2] }, { a: 1, b: [2] }, 'json', true],
    ['JSON, the same data in another order', { b: [2], a: 1 }, { a: 1, b: [2] }, 'json', true],
    ['JSON, other data', { a: 1, b: [2] }, { a: 1, b: [3] }, 'json', false],
    ['JSON, a key missing', { a: 1 }, { a: 1, b: 2 }, 'json', false],
    ['YAML, the same data in another order', { b: 2, a: 1 }, { a: 1, b: 2 }, 'yaml', true],
    ['YAML, other data', { a: 1 }, { a: 2 }, 'yaml', false],
    // YAML has .inf and .nan, which JSON would write as null: not the same data.
    ['YAML, .inf where null was meant', { a: Infinity }, { a: null }, 'yaml', false],
    ['YAML, .nan where null was meant', { a: NaN }, { a: null }, 'yaml', false],
    ['YAML, .nan kept', { a: NaN }, { a: NaN }, 'yaml', true],
  ])('%s', (_name, got, expected, format, same) => {
    expect(sameAsIntended(got, expected, format)).toBe(same);
  });
});

describe('normalizeAdds: adds of maps that do not exist yet, and adds that change nothing', () => {
  const notFound = problem(404, 'Not Found');
  const schema = { type: 'object', properties: { type: { type: 'string' } } };
  const cases: { name: string; data: unknown; ops: Op[]; expected: Op[] }[] = [
    {
      name: 'an add into an existing map is kept',
      data: { components: { responses: {} } },
      ops: [{ kind: 'add', path: ['components', 'responses'], key: 'NotFound', value: notFound }],
      expected: [{ kind: 'add', path: ['components', 'responses'], key: 'NotFound', value: notFound }],
    },
    {
      name: 'an add of a key already there is dropped',
      data: { components: { responses: { NotFound: { description: 'x' } } } },
      ops: [{ kind: 'add', path: ['components', 'responses'], key: 'NotFound', value: notFound }],
      expected: [],
    },
    {
      name: 'the same add twice is made once',
      data: { components: { responses: {} } },
      ops: [
        { kind: 'add', path: ['components', 'responses'], key: 'NotFound', value: notFound },
        { kind: 'add', path: ['components', 'responses'], key: 'NotFound', value: notFound },
      ],
      expected: [{ kind: 'add', path: ['components', 'responses'], key: 'NotFound', value: notFound }],
    },
    {
      name: 'an add under missing components becomes an add of components to the root',
      data: { openapi: '3.0.3', paths: {} },
      ops: [{ kind: 'add', path: ['components', 'responses'], key: 'NotFound', value: notFound }],
      expected: [{ kind: 'add', path: [], key: 'components', value: { responses: { NotFound: notFound } } }],
    },
    {
      name: 'an add three maps deep under a missing map nests them in order',
      data: { openapi: '3.0.3', components: {} },
      ops: [{ kind: 'add', path: ['components', 'schemas', 'Problem', 'properties'], key: 'type', value: {} }],
      expected: [
        {
          kind: 'add',
          path: ['components'],
          key: 'schemas',
          value: { Problem: { properties: { type: {} } } },
        },
      ],
    },
    {
      name: 'two adds under one missing map are merged; other ops kept in place',
      data: { openapi: '3.0.3', paths: { '/a': { get: { responses: { '200': {} } } } } },
      ops: [
        { kind: 'add', path: ['components', 'responses'], key: 'NotFound', value: notFound },
        { kind: 'set', path: ['openapi'], value: '3.0.4' },
        { kind: 'add', path: ['components', 'schemas'], key: 'ProblemDetails', value: schema },
        { kind: 'add', path: ['components', 'responses'], key: 'NotFound', value: { description: 'other' } },
        { kind: 'add', path: ['paths', '/a', 'get', 'responses'], key: '404', value: { $ref: '#/x' } },
      ],
      expected: [
        {
          kind: 'add',
          path: [],
          key: 'components',
          value: { responses: { NotFound: notFound }, schemas: { ProblemDetails: schema } },
        },
        { kind: 'set', path: ['openapi'], value: '3.0.4' },
        { kind: 'add', path: ['paths', '/a', 'get', 'responses'], key: '404', value: { $ref: '#/x' } },
      ],
    },
  ];
  test.each(cases)('$name', ({ data, ops, expected }) => {
    expect(normalizeAdds(frozen(data), ops)).toStrictEqual(expected);
  });
});
