/**
 * Which operations use a node (functions/lib/uses.ts), on a description laid out as Redocly's
 * openapi-starter lays it out: path items in files of their own, shared responses, parameters and
 * schemas in files of theirs, one path item written in the root.
 */
import { Dict, JsonPath } from '../../functions/lib/json';
import { documentOf } from '../../functions/lib/openapi';
import { operationsUsing } from '../../functions/lib/uses';
import { WrittenDocument, WrittenDocuments, documentName } from '../../functions/lib/written';

const FILES: Record<string, Dict> = {
  '/api/openapi.yaml': {
    openapi: '3.1.0',
    info: { title: 'Cafe', version: '1.0' },
    servers: [{ url: 'https://api.example.com/cafe' }],
    paths: {
      '/menu': { $ref: 'paths/menu.yaml' },
      '/orders': {
        get: { responses: { '400': { $ref: 'components/responses/BadRequest.yaml' } } },
        post: { responses: { '201': { description: 'Created' } } },
      },
      '/health': { $ref: 'paths/health.yaml' },
    },
    webhooks: { orderReady: { post: { responses: { '200': { description: 'OK' } } } } },
    components: {
      schemas: { Unused: { type: 'object' }, Dessert: { $ref: '#/components/schemas/Item' }, Item: { type: 'object' } },
    },
  },
  '/api/paths/menu.yaml': {
    parameters: [{ $ref: '../components/parameters/Limit.yaml' }],
    get: {
      responses: {
        '400': { $ref: '../components/responses/BadRequest.yaml' },
        '200': { content: { 'application/json': { schema: { $ref: '../openapi.yaml#/components/schemas/Dessert' } } } },
      },
    },
    post: { responses: { '201': { description: 'Created' } } },
  },
  '/api/paths/health.yaml': { get: { responses: { '200': { description: 'OK' } } } },
  '/api/components/parameters/Limit.yaml': { name: 'limit', in: 'query', schema: { type: 'integer' } },
  '/api/components/responses/BadRequest.yaml': {
    description: 'Bad request',
    content: { 'application/problem+json': { schema: { $ref: '../schemas/Error.yaml' } } },
  },
  '/api/components/schemas/Error.yaml': { type: 'object', properties: { title: { type: 'string' } } },
};

const written = (source: string): WrittenDocument => ({ source, data: FILES[source] });
const root = written('/api/openapi.yaml');
const documents: WrittenDocuments = {
  root,
  documentAt: (reference, from) => {
    const name = documentName(reference, from);
    return name === root.source ? root : FILES[name] === undefined ? undefined : written(name);
  },
};

/** The resolved description, as the engine hands it to the rules: path items in place. */
const resolved = documentOf({
  ...FILES['/api/openapi.yaml'],
  paths: {
    '/menu': FILES['/api/paths/menu.yaml'],
    '/orders': (FILES['/api/openapi.yaml'].paths as Dict)['/orders'],
    '/health': FILES['/api/paths/health.yaml'],
  },
});

const MENU_GET = ['paths', '/menu', 'get'];
const MENU_POST = ['paths', '/menu', 'post'];
const ORDERS_GET = ['paths', '/orders', 'get'];
const ORDERS_POST = ['paths', '/orders', 'post'];

const using = (source: string, path: JsonPath) =>
  operationsUsing(documents, resolved, { document: source === root.source ? root : written(source), path });

describe('operationsUsing', () => {
  test.each<[string, string, JsonPath, JsonPath[] | 'all']>([
    ['a server URL concerns every operation', '/api/openapi.yaml', ['servers', 0, 'url'], 'all'],
    ['info, the root itself', '/api/openapi.yaml', [], 'all'],
    ['the paths object as a whole', '/api/openapi.yaml', ['paths'], 'all'],
    [
      'a path key written in the root, its path item in a file',
      '/api/openapi.yaml',
      ['paths', '/menu'],
      [MENU_GET, MENU_POST],
    ],
    ['the $ref that brings a path item in', '/api/openapi.yaml', ['paths', '/menu', '$ref'], [MENU_GET, MENU_POST]],
    ['an operation in a path-item file', '/api/paths/menu.yaml', ['get', 'responses'], [MENU_GET]],
    ['the path-item file itself', '/api/paths/menu.yaml', [], [MENU_GET, MENU_POST]],
    [
      'a parameter of the path item, at its $ref',
      '/api/paths/menu.yaml',
      ['parameters', 0, '$ref'],
      [MENU_GET, MENU_POST],
    ],
    [
      'a parameter file reached from the path item',
      '/api/components/parameters/Limit.yaml',
      ['schema'],
      [MENU_GET, MENU_POST],
    ],
    [
      'a response file used by operations of two path items',
      '/api/components/responses/BadRequest.yaml',
      ['content'],
      [MENU_GET, ORDERS_GET],
    ],
    [
      'a schema reached through that response file',
      '/api/components/schemas/Error.yaml',
      ['properties', 'title'],
      [MENU_GET, ORDERS_GET],
    ],
    [
      'an alias in the root reached back from a path file',
      '/api/openapi.yaml',
      ['components', 'schemas', 'Dessert', '$ref'],
      [MENU_GET],
    ],
    [
      'a node of the root reached back from a path file, through a chain of $refs',
      '/api/openapi.yaml',
      ['components', 'schemas', 'Item'],
      [MENU_GET],
    ],
    ['an operation written in the root', '/api/openapi.yaml', ['paths', '/orders', 'post', 'responses'], [ORDERS_POST]],
    ['a path item written in the root', '/api/openapi.yaml', ['paths', '/orders'], [ORDERS_GET, ORDERS_POST]],
    ['a component nothing uses', '/api/openapi.yaml', ['components', 'schemas', 'Unused'], []],
    ['a webhook (not an operation of the API)', '/api/openapi.yaml', ['webhooks', 'orderReady', 'post'], []],
  ])('%s', (_name, source, path, expected) => {
    expect(using(source, path)).toEqual(expected);
  });

  test('a $ref to a document that was not loaded leads nowhere: what it would bring concerns no operation', () => {
    const partial: WrittenDocuments = {
      root,
      documentAt: (reference, from) => (documentName(reference, from) === root.source ? root : undefined),
    };
    expect(operationsUsing(partial, resolved, { document: root, path: ['paths', '/health'] })).toEqual([
      ['paths', '/health', 'get'],
    ]);
    expect(
      operationsUsing(partial, resolved, { document: written('/api/components/schemas/Error.yaml'), path: [] }),
    ).toEqual([]);
  });

  test('a cycle of $refs ends', () => {
    const cyclic: Record<string, Dict> = {
      '/c/openapi.yaml': {
        openapi: '3.0.3',
        paths: { '/a': { get: { responses: { '200': { $ref: '#/components/responses/A' } } } } },
        components: {
          responses: { A: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } },
          schemas: { Node: { properties: { next: { $ref: '#/components/schemas/Node' } } } },
        },
      },
    };
    const cRoot: WrittenDocument = { source: '/c/openapi.yaml', data: cyclic['/c/openapi.yaml'] };
    const cDocs: WrittenDocuments = { root: cRoot, documentAt: () => cRoot };
    expect(
      operationsUsing(cDocs, documentOf(cyclic['/c/openapi.yaml']), {
        document: cRoot,
        path: ['components', 'schemas', 'Node', 'properties', 'next'],
      }),
    ).toEqual([['paths', '/a', 'get']]);
  });
});
