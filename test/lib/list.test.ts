/**
 * List detection (§4.1), which decides what the eight list rules look at: a GET whose success
 * response is a bare array or an object with an array `results`, `x-list-operation` on the
 * operation, and the platform's `listDetection` include/exclude overrides; and the field lookups
 * the filter, sort and fields rules make on the listed item.
 */
import { documentOf } from '../../functions/lib/openapi';
import { ListDetection, filterValueDefect, hasField, listOperations, unknownFields } from '../../functions/lib/list';
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
