/**
 * The JSON helpers every finding's location depends on: `resolvePointer` (JSON pointers with `~0`,
 * `~1` and percent-encoding) and `sourcePath` (a path in the resolved document mapped back to where
 * its node is written), on documents parsed and resolved by Spectral; `valueAt`, the walker of plain
 * paths the rules, the fix planner and the fix's data operations share; and `Seen`.
 */
import {
  Seen,
  idOf,
  isInteger,
  jsonType,
  memo,
  quote,
  refName,
  resolvePointer,
  sourcePath,
  strings,
  valueAt,
} from '../../functions/lib/json';
import { parse } from './parsed';

describe('resolvePointer', () => {
  const root = {
    paths: { '/orders/{id}': { get: { responses: { '404': { description: 'Not found' } } } } },
    components: {
      schemas: {
        'a~b': { type: 'string' },
        'a/b': { type: 'integer' },
        'Café Order': { type: 'object' },
        '%41': { type: 'boolean' },
      },
    },
    list: [{ name: 'zero' }, { name: 'one' }],
  };

  test('walks object keys and array indices, with the path it took', () => {
    expect(resolvePointer(root, '#/list/1/name')).toEqual({ value: 'one', path: ['list', '1', 'name'] });
    expect(resolvePointer(root, '#')).toEqual({ value: root, path: [] });
  });

  test('~1 is a slash and ~0 a tilde, in that order (~01 is "~1", not "/")', () => {
    expect(resolvePointer(root, '#/paths/~1orders~1{id}/get/responses/404')).toEqual({
      value: { description: 'Not found' },
      path: ['paths', '/orders/{id}', 'get', 'responses', '404'],
    });
    expect(resolvePointer(root, '#/components/schemas/a~0b')?.value).toEqual({ type: 'string' });
    expect(resolvePointer(root, '#/components/schemas/a~1b')?.value).toEqual({ type: 'integer' });
    expect(resolvePointer({ '~1': 'tilde-one', '/': 'slash' }, '#/~01')?.value).toBe('tilde-one');
  });

  test('percent-encoded tokens (URI fragments) are decoded', () => {
    expect(resolvePointer(root, '#/components/schemas/Caf%C3%A9%20Order')?.path).toEqual([
      'components',
      'schemas',
      'Café Order',
    ]);
    expect(resolvePointer(root, '#/paths/%7E1orders%7E1%7Bid%7D/get')?.path).toEqual(['paths', '/orders/{id}', 'get']);
    expect(resolvePointer(root, '#/components/schemas/%2541')?.value).toEqual({ type: 'boolean' });
  });

  test('nothing for a pointer that leads nowhere, is not local, or is badly encoded', () => {
    expect(resolvePointer(root, '#/components/schemas/Missing')).toBeUndefined();
    expect(resolvePointer(root, '#/list/name')).toBeUndefined();
    expect(resolvePointer(root, '#/components/schemas/a~1b/type/length')).toBeUndefined();
    expect(resolvePointer(root, '#/components/schemas/toString')).toBeUndefined();
    expect(resolvePointer(root, 'other.yaml#/components/schemas/a~0b')).toBeUndefined();
    expect(resolvePointer(root, '#/components/schemas/%E0%A4%A')).toBeUndefined();
    expect(resolvePointer('not a document', '#/a')).toBeUndefined();
  });
});

describe('sourcePath through a document parsed and resolved by Spectral', () => {
  const yaml = `
openapi: 3.1.0
info: { title: Orders, version: 1.0.0 }
paths:
  /orders/{id}:
    get:
      responses:
        '404': { $ref: '#/components/responses/NotFound' }
        '410': { $ref: '#/components/responses/Gone' }
        '422': { $ref: '#/paths/~1orders~1{id}/get/responses/404' }
        '500': { $ref: '#/components/responses/Server%20Error' }
        '502': { $ref: '#/components/responses/a~0b' }
        '503': { $ref: '../registry/problem-details.yaml#/components/responses/InternalServerError' }
  /tree:
    get:
      responses:
        '200':
          description: A tree.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Node' }
components:
  responses:
    NotFound:
      description: Not found.
      content:
        application/problem+json:
          schema: { $ref: '#/components/schemas/Problem' }
          examples:
            missing: { value: { status: 404 } }
    Gone: { $ref: '#/components/responses/NotFound' }
    Server Error:
      description: Server error.
    a~b:
      description: Bad gateway.
  schemas:
    Problem:
      type: object
      properties:
        status: { type: integer }
    Node:
      type: object
      properties:
        value: { type: string }
        children:
          type: array
          items: { $ref: '#/components/schemas/Node' }
`;

  test('a path into a shared component is mapped to the component, media type keys intact', async () => {
    const { unresolved, resolved } = await parse(yaml);
    const path = ['paths', '/orders/{id}', 'get', 'responses', '404', 'content', 'application/problem+json'];
    expect(sourcePath(unresolved, [...path, 'examples', 'missing', 'value', 'status'])).toEqual([
      'components',
      'responses',
      'NotFound',
      'content',
      'application/problem+json',
      'examples',
      'missing',
      'value',
      'status',
    ]);
    // The resolved document really holds that node there: the path was one Spectral gives.
    const paths = resolved.paths as Record<string, Record<string, Record<string, Record<string, unknown>>>>;
    expect(paths['/orders/{id}'].get.responses['404']).toHaveProperty(['content', 'application/problem+json']);
  });

  test('through a chain of $refs: a path into nested references ends in the last one', async () => {
    const { unresolved } = await parse(yaml);
    const at = (code: string, ...rest: string[]): (string | number)[] =>
      sourcePath(unresolved, ['paths', '/orders/{id}', 'get', 'responses', code, ...rest]);
    // 410 -> Gone -> NotFound; the schema inside NotFound -> Problem.
    expect(at('410', 'content', 'application/problem+json', 'schema', 'properties', 'status', 'type')).toEqual([
      'components',
      'schemas',
      'Problem',
      'properties',
      'status',
      'type',
    ]);
    // 422 -> (~1 pointer) the 404 entry -> NotFound.
    expect(at('422', 'description')).toEqual(['components', 'responses', 'NotFound', 'description']);
    // The node that is itself a $ref maps to its target.
    expect(at('410')).toEqual(['components', 'responses', 'NotFound']);
  });

  test('percent-encoded and ~0 pointers map to the keys as written', async () => {
    const { unresolved } = await parse(yaml);
    expect(sourcePath(unresolved, ['paths', '/orders/{id}', 'get', 'responses', '500', 'description'])).toEqual([
      'components',
      'responses',
      'Server Error',
      'description',
    ]);
    expect(sourcePath(unresolved, ['paths', '/orders/{id}', 'get', 'responses', '502', 'description'])).toEqual([
      'components',
      'responses',
      'a~b',
      'description',
    ]);
  });

  test('a path that leaves through an external $ref is returned as it is, for Spectral to map', async () => {
    const { unresolved, resolved, errors } = await parse(yaml);
    expect(errors).toEqual([]);
    const path = ['paths', '/orders/{id}', 'get', 'responses', '503', 'content', 'application/problem+json'];
    const responses = (resolved.paths as never)['/orders/{id}']['get']['responses'];
    expect(responses['503']).toHaveProperty(['content', 'application/problem+json', 'schema']);
    expect(sourcePath(unresolved, [...path, 'schema'])).toEqual([...path, 'schema']);
  });

  test('a path written where it is (no $ref on the way) is unchanged', async () => {
    const { unresolved } = await parse(yaml);
    const path = ['components', 'responses', 'NotFound', 'content', 'application/problem+json', 'examples'];
    expect(sourcePath(unresolved, path)).toEqual(path);
    expect(sourcePath(unresolved, ['paths', '/tree', 'get', 'responses', '200', 'description'])).toEqual([
      'paths',
      '/tree',
      'get',
      'responses',
      '200',
      'description',
    ]);
  });

  test('a recursive schema: every level of the resolved cycle maps to the one component', async () => {
    const { unresolved } = await parse(yaml);
    const schema = ['paths', '/tree', 'get', 'responses', '200', 'content', 'application/json', 'schema'];
    const deep = [...schema, 'properties', 'children', 'items', 'properties', 'children', 'items'];
    expect(sourcePath(unresolved, [...deep, 'properties', 'value', 'type'])).toEqual([
      'components',
      'schemas',
      'Node',
      'properties',
      'value',
      'type',
    ]);
    expect(sourcePath(unresolved, [...schema, 'properties', 'children', 'items'])).toEqual([
      'components',
      'schemas',
      'Node',
    ]);
  });

  test('past the written nodes, the rest of the path is kept after the mapped part', async () => {
    const { unresolved } = await parse(yaml);
    expect(sourcePath(unresolved, ['paths', '/orders/{id}', 'get', 'responses', '410', 'headers', 'X-Rate'])).toEqual([
      'components',
      'responses',
      'NotFound',
      'headers',
      'X-Rate',
    ]);
    expect(sourcePath(unresolved, ['paths', '/nowhere', 'get'])).toEqual(['paths', '/nowhere', 'get']);
  });

  test('array indices are followed', async () => {
    const { unresolved } = await parse({
      openapi: '3.0.3',
      paths: { '/a': { get: { parameters: [{ name: 'x' }, { $ref: '#/components/parameters/Limit' }] } } },
      components: { parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer' } } } },
    });
    expect(sourcePath(unresolved, ['paths', '/a', 'get', 'parameters', 1, 'schema', 'type'])).toEqual([
      'components',
      'parameters',
      'Limit',
      'schema',
      'type',
    ]);
    expect(sourcePath(unresolved, ['paths', '/a', 'get', 'parameters', 0, 'name'])).toEqual([
      'paths',
      '/a',
      'get',
      'parameters',
      0,
      'name',
    ]);
  });

  test('a $ref cycle with no node at its end, or a pointer to nowhere, leaves the path as it is', () => {
    const cyclic = { a: { $ref: '#/b' }, b: { $ref: '#/c' }, c: { $ref: '#/a' } };
    expect(sourcePath(cyclic, ['a', 'x'])).toEqual(['a', 'x']);
    const self = { a: { $ref: '#/a' } };
    expect(sourcePath(self, ['a'])).toEqual(['a']);
    const dangling = { a: { $ref: '#/missing' } };
    expect(sourcePath(dangling, ['a', 'b'])).toEqual(['a', 'b']);
  });
});

describe('Seen', () => {
  test('an object is first once per context; contexts are independent', () => {
    const seen = new Seen();
    const node = {};
    expect(seen.first(node)).toBe(true);
    expect(seen.first(node)).toBe(false);
    expect(seen.first(node, '404')).toBe(true);
    expect(seen.first(node, '404')).toBe(false);
    expect(seen.first(node, '400')).toBe(true);
    expect(seen.first(node)).toBe(false);
  });

  test('distinct objects, even equal ones, are distinct; separate Seen instances do not share', () => {
    const seen = new Seen();
    expect(seen.first({ a: 1 }, 'x')).toBe(true);
    expect(seen.first({ a: 1 }, 'x')).toBe(true);
    const node = {};
    expect(seen.first(node, 'x')).toBe(true);
    expect(new Seen().first(node, 'x')).toBe(true);
  });

  test('values that are not objects are always first (nothing to remember them by)', () => {
    const seen = new Seen();
    for (const value of ['a', 1, null, undefined, true]) {
      expect(seen.first(value)).toBe(true);
      expect(seen.first(value)).toBe(true);
      expect(seen.first(value, 'c')).toBe(true);
    }
  });

  test('a shared node reached from two places of a resolved document is one object: checked once', async () => {
    const { resolved } = await parse(`
openapi: 3.0.3
info: { title: T, version: '1' }
paths:
  /a: { get: { responses: { '404': { $ref: '#/components/responses/NotFound' } } } }
  /b: { get: { responses: { '404': { $ref: '#/components/responses/NotFound' } } } }
components:
  responses:
    NotFound: { description: Not found. }
`);
    const paths = resolved.paths as never;
    const seen = new Seen();
    expect(seen.first(paths['/a']['get']['responses']['404'], '404')).toBe(true);
    expect(seen.first(paths['/b']['get']['responses']['404'], '404')).toBe(false);
    expect(idOf(paths['/a']['get']['responses']['404'])).toBe(idOf(paths['/b']['get']['responses']['404']));
    expect(idOf('x')).toBe(0);
  });
});

test('strings: every string with its path, once, through cycles', () => {
  const value: Record<string, unknown> = { a: 'x', list: ['y', { b: 'z' }] };
  value.self = value;
  expect(strings(value, ['root'])).toEqual([
    { value: 'x', path: ['root', 'a'] },
    { value: 'y', path: ['root', 'list', 0] },
    { value: 'z', path: ['root', 'list', 1, 'b'] },
  ]);
});

describe('valueAt: own keys and digit indices, no $ref followed, undefined where the path leads nowhere', () => {
  const root = {
    paths: { '/orders': { get: { parameters: [{ name: 'limit' }, { $ref: '#/components/parameters/Sort' }] } } },
    components: { parameters: { Sort: { name: 'sort' } } },
  };
  test.each<[string, (string | number)[], unknown]>([
    ['the root for an empty path', [], root],
    ['an array element by number', ['paths', '/orders', 'get', 'parameters', 0, 'name'], 'limit'],
    ['an array element by digits', ['paths', '/orders', 'get', 'parameters', '0', 'name'], 'limit'],
    ['a $ref is not followed', ['paths', '/orders', 'get', 'parameters', 1, 'name'], undefined],
    ['the $ref itself', ['paths', '/orders', 'get', 'parameters', 1, '$ref'], '#/components/parameters/Sort'],
    ['past the end of an array', ['paths', '/orders', 'get', 'parameters', 2], undefined],
    ['a key on an array', ['paths', '/orders', 'get', 'parameters', 'length'], undefined],
    ['an inherited key', ['components', 'toString'], undefined],
    ['through a string', ['paths', '/orders', 'get', 'parameters', 0, 'name', 0], undefined],
    ['a missing key', ['paths', '/pets'], undefined],
  ])('%s', (_name, path, expected) => {
    expect(valueAt(root, path)).toBe(expected);
  });
});

describe('array indices are digits and within the list', () => {
  const list = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'];
  test.each<[string, string, unknown]>([
    ['two digits', '10', 'k'],
    ['a space before', ' 1', undefined],
    ['a space after', '1 ', undefined],
    ['empty', '', undefined],
    ['the length', '11', undefined],
  ])('%s: %j', (_name, key, expected) => {
    expect(valueAt(list, [key])).toBe(expected);
  });

  test('a pointer past the end of a list, or to the root, as resolvePointer reads it', () => {
    const doc = { list: ['a'] };
    expect(resolvePointer(doc, '#/list/1')).toBeUndefined();
    expect(resolvePointer(doc, '#/list/0')).toEqual({ value: 'a', path: ['list', '0'] });
    expect(resolvePointer(doc, '#')).toEqual({ value: doc, path: [] });
    // Looked up once per document: the same answer, the same object.
    expect(resolvePointer(doc, '#/list/0')).toBe(resolvePointer(doc, '#/list/0'));
  });
});

test('sourcePath follows a chain of 33 local $refs (the 34th hop is taken for a loop)', () => {
  const schemas: Record<string, unknown> = { s33: { type: 'object', properties: { x: { type: 'string' } } } };
  for (let i = 0; i < 33; i++) schemas[`s${i}`] = { $ref: `#/components/schemas/s${i + 1}` };
  const doc = { components: { schemas } };
  expect(sourcePath(doc, ['components', 'schemas', 's0', 'properties', 'x'])).toEqual([
    'components',
    'schemas',
    's33',
    'properties',
    'x',
  ]);
  const longer = {
    components: { schemas: { ...schemas, s33: { $ref: '#/components/schemas/s34' }, s34: schemas.s33 } },
  };
  expect(sourcePath(longer, ['components', 'schemas', 's0', 'properties', 'x'])).toEqual([
    'components',
    'schemas',
    's0',
    'properties',
    'x',
  ]);
});

describe('values in messages', () => {
  test.each<[unknown, string]>([
    [null, 'null'],
    [[1], 'an array'],
    [3, 'an integer'],
    [2.5, 'a number'],
    ['3', 'a string'],
    [true, 'a boolean'],
    [{}, 'an object'],
    [undefined, 'undefined'],
  ])('jsonType(%j) is %s', (value, expected) => {
    expect(jsonType(value)).toBe(expected);
  });

  test('isInteger: numbers without a fraction only', () => {
    expect([3, 3.5, '3', null].map(isInteger)).toEqual([true, false, false, false]);
  });

  test('quote: shortened past 80 characters, control characters shown, anything written', () => {
    expect(quote('a'.repeat(80))).toBe(`"${'a'.repeat(80)}"`);
    expect(quote('a'.repeat(81))).toBe(`"${'a'.repeat(79)}…"`);
    expect(quote('one\ttwo\n')).toBe('"one\\ttwo\\n"');
    expect(quote({ a: 1 })).toBe('"{"a":1}"');
    expect(quote(undefined)).toBe('"undefined"');
  });
});

test('idOf: a distinct number above 0 for each object, 0 for anything else', () => {
  const numbers = [{}, {}, {}].map(idOf);
  expect(new Set(numbers).size).toBe(3);
  expect(numbers.every(n => n > 0)).toBe(true);
  expect(idOf('x')).toBe(0);
});

test('memo computes once per object, an undefined result included', () => {
  let calls = 0;
  const nothing = memo<object, undefined>(() => {
    calls++;
    return undefined;
  });
  const key = {};
  nothing(key);
  nothing(key);
  expect(calls).toBe(1);
});

test('refName: the last token decoded, or as written when it cannot be decoded', () => {
  expect(refName('#/components/schemas/Error%20Body')).toBe('Error Body');
  expect(refName('#/components/schemas/a~1b')).toBe('a/b');
  expect(refName('#/components/schemas/Bad%E0')).toBe('Bad%E0');
  expect(refName('problems.yaml')).toBe('problems.yaml');
});
