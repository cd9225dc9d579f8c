/**
 * List detection (§4.1), which decides what the eight list rules look at: a GET whose success
 * response is a bare array or an object with an array `results`, `x-list-operation` on the
 * operation, and the platform's `listDetection` include/exclude overrides; and the field lookups
 * the filter, sort and fields rules make on the listed item.
 */
import { documentOf } from '../../functions/lib/openapi';
import {
  ListDetection,
  filterValueDefect,
  hasField,
  listOperations,
  listShape,
  parameterExamples,
  parametersOf,
  queryParameter,
  unknownFields,
} from '../../functions/lib/list';
import { parse } from './parsed';

const YAML = `
openapi: 3.1.0
info: { title: Labs, version: 1.0.0 }
paths:
  /labs/v1/bare:
    get:
      operationId: listBare
      responses:
        '200':
          description: A bare array.
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Sample' } }
  /labs/v1/envelope:
    get:
      operationId: listEnvelope
      responses:
        '200':
          description: An envelope.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/SamplePage' }
  /labs/v1/created:
    get:
      responses:
        '201':
          description: The first 2xx counts when there is no 200.
          content:
            application/vnd.labs+json:
              schema: { type: array, items: { type: string } }
  /labs/v1/one:
    get:
      operationId: getOne
      responses:
        '200':
          description: One sample, not a list.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Sample' }
  /labs/v1/search:
    post:
      operationId: search
      responses:
        '200':
          description: A POST answering a list is not a list operation by detection.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/SamplePage' }
  /labs/v1/marked:
    post:
      operationId: marked
      x-list-operation: true
      responses:
        '200':
          description: Marked a list.
          content:
            application/json:
              schema: { type: object, properties: { id: { type: string } } }
  /labs/v1/unmarked:
    get:
      operationId: unmarked
      x-list-operation: false
      responses:
        '200':
          description: Marked not a list.
          content:
            application/json:
              schema: { type: array, items: { type: string } }
  /labs/v1/xml:
    get:
      operationId: xmlList
      responses:
        '200':
          description: Only XML.
          content:
            application/xml:
              schema: { type: array, items: { type: string } }
  /labs/v1/alternatives:
    get:
      operationId: listAlternatives
      responses:
        '200':
          description: An envelope composed with allOf, its items with anyOf.
          content:
            application/json:
              schema:
                allOf:
                  - type: object
                    properties:
                      results:
                        type: array
                        items:
                          type: object
                          properties: { id: { type: string } }
                          anyOf:
                            - properties: { colour: { type: string } }
                            - properties: { size: { type: integer } }
                    required: [results]
components:
  schemas:
    Sample:
      type: object
      properties:
        id: { type: string }
        collectedAt: { type: string, format: date-time }
        specimen:
          type: object
          properties:
            kind: { type: string }
            tubes: { type: array, items: { type: object, properties: { colour: { type: string } } } }
    SamplePage:
      type: object
      required: [results]
      properties:
        results: { type: array, items: { $ref: '#/components/schemas/Sample' } }
        metadata: { type: object }
`;

async function detected(detection?: ListDetection): Promise<string[]> {
  const { resolved } = await parse(YAML);
  return listOperations(documentOf(resolved), detection).map(
    list => `${list.operation.method.toUpperCase()} ${list.operation.pathKey}`,
  );
}

describe('listOperations', () => {
  test('detection: GETs answering a bare array or a results envelope, by 200 else the first 2xx, JSON only', async () => {
    expect(await detected()).toEqual([
      'GET /labs/v1/bare',
      'GET /labs/v1/envelope',
      'GET /labs/v1/created',
      'POST /labs/v1/marked',
      'GET /labs/v1/alternatives',
    ]);
  });

  test('the shape: bare or envelope, the schema and the listed item with their resolved-document paths', async () => {
    const { resolved } = await parse(YAML);
    const lists = listOperations(documentOf(resolved));
    const bare = lists.find(l => l.operation.pathKey === '/labs/v1/bare')!;
    const envelope = lists.find(l => l.operation.pathKey === '/labs/v1/envelope')!;
    const schema = ['content', 'application/json', 'schema'];
    expect(bare.bare).toBe(true);
    expect(bare.response.code).toBe('200');
    expect(bare.schemaPath).toEqual(['paths', '/labs/v1/bare', 'get', 'responses', '200', ...schema]);
    expect(bare.itemsPath).toEqual([...bare.schemaPath, 'items']);
    expect(envelope.bare).toBe(false);
    expect(envelope.itemsPath).toEqual([...envelope.schemaPath, 'properties', 'results', 'items']);
    expect(envelope.items).toBe((resolved.components as never)['schemas']['Sample']);
    const alternatives = lists.find(l => l.operation.pathKey === '/labs/v1/alternatives')!;
    expect(alternatives.itemsPath).toEqual([...alternatives.schemaPath, 'allOf', 0, 'properties', 'results', 'items']);
    expect(lists.find(l => l.operation.pathKey === '/labs/v1/created')!.response.code).toBe('201');
  });

  test('x-list-operation: true makes any operation a list (envelope or not); false removes a detected one', async () => {
    const { resolved } = await parse(YAML);
    const lists = listOperations(documentOf(resolved));
    expect(lists.map(l => l.operation.node.operationId)).not.toContain('unmarked');
    // `marked` is a POST answering a plain object: a list by its mark, with unknown items.
    const marked = lists.find(l => l.operation.node.operationId === 'marked');
    expect(marked).toMatchObject({ bare: false, items: undefined, itemsPath: undefined });
    expect(marked?.schemaPath).toEqual([
      'paths',
      '/labs/v1/marked',
      'post',
      'responses',
      '200',
      'content',
      'application/json',
      'schema',
    ]);
  });

  test('include adds operations by operationId or "METHOD /path"; exclude removes them', async () => {
    expect(await detected({ include: ['search', 'GET /labs/v1/one'] })).toEqual([
      'GET /labs/v1/bare',
      'GET /labs/v1/envelope',
      'GET /labs/v1/created',
      'GET /labs/v1/one',
      'POST /labs/v1/search',
      'POST /labs/v1/marked',
      'GET /labs/v1/alternatives',
    ]);
    expect(await detected({ exclude: ['listBare', 'GET /labs/v1/envelope'] })).toEqual([
      'GET /labs/v1/created',
      'POST /labs/v1/marked',
      'GET /labs/v1/alternatives',
    ]);
  });

  test('one operation in both include and exclude: exclude wins (as the README says)', async () => {
    expect(await detected({ include: ['search', 'listBare'], exclude: ['search', 'GET /labs/v1/bare'] })).toEqual([
      'GET /labs/v1/envelope',
      'GET /labs/v1/created',
      'POST /labs/v1/marked',
      'GET /labs/v1/alternatives',
    ]);
  });

  test('x-list-operation wins over both include and exclude', async () => {
    expect(await detected({ include: ['unmarked'] })).not.toContain('GET /labs/v1/unmarked');
    const { resolved } = await parse(YAML);
    const marked = listOperations(documentOf(resolved), { exclude: ['marked'] }).find(
      l => l.operation.node.operationId === 'marked',
    );
    expect(marked).toMatchObject({ bare: false, items: undefined, itemsPath: undefined });
    expect(marked?.response.code).toBe('200');
  });

  test('computed once per document and overrides: the same list for the same overrides, another for others', async () => {
    const { resolved } = await parse(YAML);
    const doc = documentOf(resolved);
    expect(listOperations(doc, { include: ['search'] })).toBe(listOperations(doc, { include: ['search'] }));
    expect(listOperations(doc, { include: ['search'] })).not.toBe(listOperations(doc));
    expect(listOperations(doc, { include: ['search'] })).toHaveLength(6);
  });

  test('Swagger 2.0: the produces in force decides whether a response is JSON', async () => {
    const { resolved } = await parse({
      swagger: '2.0',
      info: { title: 'T', version: '1' },
      produces: ['application/xml'],
      paths: {
        '/xml': { get: { responses: { '200': { description: 'x', schema: { type: 'array', items: {} } } } } },
        '/json': {
          get: {
            produces: ['application/json'],
            responses: { '200': { description: 'x', schema: { type: 'array', items: {} } } },
          },
        },
      },
    });
    expect(listOperations(documentOf(resolved)).map(l => l.operation.pathKey)).toEqual(['/json']);
  });
});

describe('fields of the listed item', () => {
  test('hasField follows dotted names through nested objects and arrays, and anyOf alternatives', async () => {
    const { resolved } = await parse(YAML);
    const lists = listOperations(documentOf(resolved));
    const items = lists.find(l => l.operation.pathKey === '/labs/v1/envelope')!.items;
    expect(hasField(items, 'collectedAt')).toBe(true);
    expect(hasField(items, 'specimen.kind')).toBe(true);
    expect(hasField(items, 'specimen.tubes.colour')).toBe(true);
    expect(hasField(items, 'specimen.colour')).toBe(false);
    expect(hasField(items, 'colour')).toBe(false);
    expect(unknownFields(items, ['id', 'colour', 'specimen.kind'])).toEqual(['colour']);
    const alternatives = lists.find(l => l.operation.pathKey === '/labs/v1/alternatives')!.items;
    expect(unknownFields(alternatives, ['id', 'colour', 'size', 'weight'])).toEqual(['weight']);
  });

  test('unknown item fields (no properties) accept every name', () => {
    expect(unknownFields({ type: 'object' }, ['anything'])).toEqual([]);
    expect(unknownFields(undefined, ['anything'])).toEqual([]);
  });
});

test('filterValueDefect: the [<operator>:]<value> grammar', () => {
  expect(filterValueDefect('gte:2024-01-01')).toBeUndefined();
  expect(filterValueDefect('plain')).toBeUndefined();
  expect(filterValueDefect('in:a,b')).toBeUndefined();
  expect(filterValueDefect('between:1')).toBe(
    '"between" is not an operator (eq, ne, gt, lt, gte, lte, in, nin, like, ilike)',
  );
  expect(filterValueDefect('eq:')).toBe('the value after the operator must be non-empty and contain no ":" or "&"');
  expect(filterValueDefect('eq:a&b')).toBe('the value after the operator must be non-empty and contain no ":" or "&"');
  expect(filterValueDefect('in:a,,b')).toBe('in: takes a comma-separated list without empty items');
  expect(filterValueDefect('ilike:%ab%')).toBe('ilike: uses * as its wildcard, not %');
});

/** A shop API as found in the wild: list shapes next to single resources, and hand-written response keys. */
const SHOP = `
openapi: 3.1.0
info: { title: Shop, version: 1.0.0 }
paths:
  /orders/{orderId}:
    get:
      parameters: [{ name: orderId, in: path, required: true, schema: { type: string } }]
      responses:
        '200':
          description: One order, typed as an array by mistake.
          content: { application/json: { schema: { type: array, items: { type: object } } } }
  /orders/{orderId}/lines:
    parameters: [{ name: orderId, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200':
          description: The lines of an order.
          content: { application/json: { schema: { type: array, items: { type: object } } } }
  /rates/rate_{currency}:
    get:
      responses:
        '200':
          description: One rate, its key written into the segment.
          content: { application/json: { schema: { type: array, items: { type: number } } } }
  /batches:
    get:
      responses:
        '200':
          description: One batch holding results, no paging.
          content:
            application/json:
              schema:
                type: object
                properties:
                  id: { type: string }
                  results: { type: array, items: { type: object } }
  /reports:
    get:
      responses:
        '200':
          description: A results envelope that carries a request identifier.
          content:
            application/json:
              schema:
                type: object
                properties:
                  request_identifier: { type: string }
                  results: { type: array, items: { type: object } }
  /drafts:
    get:
      responses:
        '200':
          description: results is no array.
          content:
            application/json:
              schema:
                type: object
                properties:
                  results: { description: The draft's results. }
  /events:
    get:
      parameters: [{ name: page, in: query, schema: { type: integer } }]
      responses:
        '200':
          description: Paged, items untyped objects under data.
          content:
            application/json:
              schema:
                type: object
                properties:
                  data: { type: array, items: { properties: { id: { type: string } } } }
  /alerts:
    get:
      parameters: [{ name: page, in: query, schema: { type: integer } }]
      responses:
        '200':
          description: Paged, nullable object items under data.
          content:
            application/json:
              schema:
                type: object
                properties:
                  data: { type: array, items: { type: [object, 'null'] } }
  /albums:
    get:
      parameters:
        - { name: limit, in: query, schema: { type: integer } }
        - { name: offset, in: query, schema: { type: integer } }
      responses:
        '200':
          description: Spotify-like, the items one level down, beside a link.
          content:
            application/json:
              schema:
                type: object
                properties:
                  href: { type: string }
                  albums:
                    type: object
                    properties: { items: { type: array, items: { type: object } } }
  /api/orders/:
    get:
      parameters: [{ name: page, in: query, schema: { type: integer } }]
      responses:
        '200':
          description: Two arrays of objects, one named after the collection.
          content:
            application/json:
              schema:
                type: object
                properties:
                  suggestions: { type: array, items: { type: object } }
                  orders: { type: array, items: { type: object } }
  /legacy/ok:
    get:
      responses:
        '200 OK':
          description: A key that is no status code.
          content: { application/json: { schema: { type: array, items: { type: object } } } }
  /legacy/http:
    get:
      responses:
        'HTTP 200':
          description: A key that is no status code.
          content: { application/json: { schema: { type: array, items: { type: object } } } }
  /exports:
    post:
      x-list-operation: true
      responses:
        '200':
          description: Marked a list, but its JSON body has only an example.
          content: { application/json: { example: [] } }
  /search:
    get:
      parameters:
        - { name: fields, in: header, schema: { type: string } }
        - { name: fields, in: query, schema: { type: string } }
        - { name: X-Request-Id, in: header, schema: { type: string } }
        - { name: q, in: query, content: {} }
        - { name: sort, in: query, schema: { type: string } }
        - name: filter
          in: query
          schema: { type: string }
          examples:
            byStatus: { dataValue: 'eq:open' }
            elsewhere: { externalValue: 'https://example.com/filter.txt' }
      responses:
        '200':
          description: A bare array.
          content: { application/json: { schema: { type: array, items: { type: object } } } }
`;

describe('list detection on shapes seen in the wild', () => {
  test('which operations are lists, and in which envelope', async () => {
    const { resolved } = await parse(SHOP);
    const doc = documentOf(resolved);
    const lists = listOperations(doc).map(l => [
      `${l.operation.method.toUpperCase()} ${l.operation.pathKey}`,
      l.wrapped ?? (l.bare ? 'bare' : 'envelope'),
    ]);
    expect(lists).toEqual([
      ['GET /orders/{orderId}/lines', 'bare'],
      ['GET /reports', 'envelope'],
      ['GET /events', 'data'],
      ['GET /alerts', 'data'],
      ['GET /api/orders/', 'orders'],
      ['GET /search', 'bare'],
    ]);
  });

  test('listShape answers nothing for the single resources and malformed responses', async () => {
    const { resolved } = await parse(SHOP);
    const doc = documentOf(resolved);
    const shape = (pathKey: string) =>
      listShape(
        doc,
        doc.operations.find(o => o.pathKey === pathKey)!,
      );
    for (const pathKey of ['/orders/{orderId}', '/rates/rate_{currency}', '/batches', '/drafts', '/albums'])
      expect(shape(pathKey)).toBeUndefined();
    for (const pathKey of ['/legacy/ok', '/legacy/http', '/exports']) expect(shape(pathKey)).toBeUndefined();
  });
});

describe('parameters', () => {
  test('parametersOf: the schema of each parameter, or none; queryParameter prefers the query one', async () => {
    const { resolved } = await parse(SHOP);
    const doc = documentOf(resolved);
    const search = doc.operations.find(o => o.pathKey === '/search')!;
    const base = ['paths', '/search', 'get', 'parameters'];
    expect(parametersOf(search).map(p => [p.in, p.name, p.schema, p.schemaPath])).toEqual([
      ['header', 'fields', { type: 'string' }, [...base, 0, 'schema']],
      ['query', 'fields', { type: 'string' }, [...base, 1, 'schema']],
      ['header', 'X-Request-Id', { type: 'string' }, [...base, 2, 'schema']],
      ['query', 'q', undefined, [...base, 3, 'schema']],
      ['query', 'sort', { type: 'string' }, [...base, 4, 'schema']],
      ['query', 'filter', { type: 'string' }, [...base, 5, 'schema']],
    ]);
    expect(queryParameter(search, 'fields')?.path).toEqual([...base, 1]);
    expect(queryParameter(search, 'X-Request-Id')?.path).toEqual([...base, 2]);
    expect(queryParameter(search, 'limit')).toBeUndefined();
  });

  test('parameterExamples: only the examples written, dataValue (OpenAPI 3.2) included', async () => {
    const { resolved } = await parse(SHOP);
    const doc = documentOf(resolved);
    const search = doc.operations.find(o => o.pathKey === '/search')!;
    const [sort, filter] = ['sort', 'filter'].map(name => queryParameter(search, name)!);
    expect(parameterExamples(sort)).toEqual([]);
    expect(parameterExamples(filter)).toEqual([
      { value: 'eq:open', path: ['paths', '/search', 'get', 'parameters', 5, 'examples', 'byStatus', 'dataValue'] },
    ]);
  });

  test('Swagger 2.0: a parameter is its own schema (its example read once); a body without schema has none', async () => {
    const { resolved } = await parse({
      swagger: '2.0',
      info: { title: 'T', version: '1' },
      produces: ['application/json', 'application/xml'],
      paths: {
        '/orders': {
          get: {
            parameters: [{ name: 'limit', in: 'query', type: 'integer', example: 20 }],
            responses: { '200': { description: 'x', schema: { type: 'array', items: { type: 'object' } } } },
          },
          post: {
            parameters: [{ name: 'order', in: 'body' }],
            responses: { '201': { description: 'x' } },
          },
        },
        '/exports': {
          get: { 'x-list-operation': true, responses: { '200': { description: 'No schema.' } } },
        },
      },
    });
    const doc = documentOf(resolved);
    const [get, post] = doc.operations;
    const [limit] = parametersOf(get);
    expect(limit.schema).toBe(limit.node);
    expect(parameterExamples(limit)).toEqual([
      { value: 20, path: ['paths', '/orders', 'get', 'parameters', 0, 'example'] },
    ]);
    expect(parametersOf(post)[0].schema).toBeUndefined();
    // JSON among the produces makes the array a list; a marked operation with no schema is none.
    expect(listOperations(doc).map(l => l.operation.pathKey)).toEqual(['/orders']);
  });
});
