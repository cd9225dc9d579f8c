/**
 * The list helpers the list-* rules read through, on documents as real APIs write them: which
 * answers read as a list in another envelope (`listShape`), which answers are known to be one
 * object (`answersOneObject`), list detection keyed by its overrides, the listed item's fields
 * through schemas that cannot be read, and the filter value grammar.
 */
import { documentOf } from '../../functions/lib/openapi';
import {
  answersOneObject,
  filterValueDefect,
  hasField,
  listOperations,
  listShape,
  namedParameter,
} from '../../functions/lib/list';

const gateway = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } };
const route = { type: 'object', properties: { id: { type: 'string' }, gateway: { type: 'string' } } };
const json = (schema: object) => ({ description: 'OK', content: { 'application/json': { schema } } });
const query = (name: string, type = 'string') => ({ name, in: 'query', schema: { type } });
/** A schema another file holds, which could not be resolved: its members cannot be known. */
const unresolved = { $ref: 'https://schemas.example.com/common/v1/audit.json' };

const DOC = documentOf({
  openapi: '3.1.0',
  info: { title: 'Gateways', version: '1.0.0' },
  paths: {
    // Two arrays of items: the one named after the collection holds them.
    '/v1/projects/{project}/gateways': {
      get: {
        parameters: [{ name: 'project', in: 'path', required: true, schema: { type: 'string' } }, query('pageToken')],
        responses: {
          '200': json({
            type: 'object',
            properties: { routes: { type: 'array', items: route }, gateways: { type: 'array', items: gateway } },
          }),
        },
      },
    },
    // Django REST framework's trailing slash: the last literal segment is still `gateways`.
    '/api/gateways/': {
      get: {
        parameters: [query('page', 'integer')],
        responses: {
          '200': json({
            type: 'object',
            properties: { gateways: { type: 'array', items: gateway }, routes: { type: 'array', items: route } },
          }),
        },
      },
    },
    // A GET taking limit alone and answering one object with no array: not a list.
    '/v1/stats': {
      get: {
        parameters: [query('limit', 'integer')],
        responses: { '200': json({ type: 'object', properties: { total: { type: 'integer' }, top: gateway } }) },
      },
    },
    // limit with cursor answering one object with no array: a list whose envelope is missing.
    '/v1/events': {
      get: {
        parameters: [query('limit', 'integer'), query('cursor')],
        responses: {
          '200': json({ type: 'object', properties: { id: { type: 'string' }, next: { type: 'string' } } }),
        },
      },
    },
    // `results` is a count here, beside the items in `data`: not a list by detection.
    '/v1/searches': {
      get: {
        parameters: [query('page', 'integer')],
        responses: {
          '200': json({
            type: 'object',
            properties: { results: { type: 'integer' }, data: { type: 'array', items: gateway } },
          }),
        },
      },
    },
    // A paged answer that cannot be read (one of its parts is in a file that could not be resolved).
    '/v1/audits': {
      get: {
        parameters: [query('page', 'integer')],
        responses: {
          '200': json({
            type: 'object',
            properties: { data: { type: 'array', items: gateway } },
            allOf: [unresolved],
          }),
        },
      },
    },
    // answersOneObject: POSTs taking a paging name.
    '/v1/tags:batchGet': {
      post: {
        parameters: [query('pageToken')],
        responses: {
          '200': json({ type: 'object', properties: { results: { type: 'array', items: { type: 'string' } } } }),
        },
      },
    },
    '/v1/gateways:purge': {
      post: { parameters: [query('pageToken')], responses: { '204': { description: 'Purged' } } },
    },
    '/v1/gateways:audit': {
      post: {
        parameters: [query('pageToken')],
        responses: { '200': json({ type: 'object', properties: { id: { type: 'string' } }, allOf: [unresolved] }) },
      },
    },
    '/v1/gateways:ping': {
      post: { parameters: [query('pageToken')], responses: { '200': json({ type: 'object' }) } },
    },
    '/v1/gateways/{gateway}': {
      post: {
        parameters: [{ name: 'gateway', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': json({ type: ['object', 'array'], properties: { id: { type: 'string' } }, items: gateway }),
        },
      },
    },
    '/v1/gateways:search': {
      post: {
        responses: {
          '200': json({
            type: 'object',
            properties: { data: { type: 'array', items: gateway }, total: { type: 'integer' } },
          }),
        },
      },
    },
    // Reddit's `/r/{subreddit}/{sort}`: a path segment named sort is no sort parameter.
    '/r/{subreddit}/{sort}': {
      get: {
        parameters: [
          { name: 'subreddit', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'sort', in: 'path', required: true, schema: { type: 'string', enum: ['hot', 'new', 'top'] } },
          { name: 'sort', in: 'header', schema: { type: 'string' } },
        ],
        responses: { '200': json({ type: 'array', items: gateway }) },
      },
    },
  },
});

const operation = (method: string, pathKey: string) =>
  DOC.operations.find(o => o.method === method && o.pathKey === pathKey)!;
const shape = (pathKey: string) => listShape(DOC, operation('get', pathKey));
const oneObject = (pathKey: string) => answersOneObject(DOC, operation('post', pathKey));
const schema = (pathKey: string) => [
  'paths',
  pathKey,
  'get',
  'responses',
  '200',
  'content',
  'application/json',
  'schema',
];

describe('listShape: a list in another envelope', () => {
  test('of two arrays of items, the one named after the path’s last literal segment holds the items', () => {
    const gateways = '/v1/projects/{project}/gateways';
    expect(shape(gateways)).toMatchObject({
      bare: false,
      wrapped: 'gateways',
      itemsPath: [...schema(gateways), 'properties', 'gateways', 'items'],
    });
    expect(shape('/api/gateways/')).toMatchObject({
      wrapped: 'gateways',
      itemsPath: [...schema('/api/gateways/'), 'properties', 'gateways', 'items'],
    });
  });

  test('one object with no array: a list without its envelope when paged by limit with cursor, not by limit alone', () => {
    expect(shape('/v1/stats')).toBeUndefined();
    expect(shape('/v1/events')).toMatchObject({ bare: false, unwrapped: true, items: undefined });
  });

  test('a results member that is no array, or an answer that cannot be read, is not a list', () => {
    expect(shape('/v1/searches')).toBeUndefined();
    expect(shape('/v1/audits')).toBeUndefined();
  });
});

describe('answersOneObject', () => {
  test('an answer of results (even of strings), of no body, or that cannot be read is not known to be one object', () => {
    expect(oneObject('/v1/tags:batchGet')).toBe(false);
    expect(oneObject('/v1/gateways:purge')).toBe(false);
    expect(oneObject('/v1/gateways:audit')).toBe(false);
  });

  test('an object with no properties, one that may be an array, or one holding items is not; one object with members is', () => {
    expect(oneObject('/v1/gateways:ping')).toBe(false);
    expect(oneObject('/v1/gateways/{gateway}')).toBe(false);
    expect(oneObject('/v1/gateways:search')).toBe(false);
    expect(answersOneObject(DOC, operation('get', '/v1/stats'))).toBe(true);
  });
});

test('namedParameter: a path segment named sort is no sort parameter; another location is', () => {
  expect(namedParameter(operation('get', '/r/{subreddit}/{sort}'), 'sort')?.in).toBe('header');
});

test('listOperations: detection is computed per set of overrides, not shared between two includes', () => {
  const included = (name: string) =>
    listOperations(DOC, { include: [name] }).map(l => `${l.operation.method} ${l.operation.pathKey}`);
  expect(included('GET /v1/stats')).toContain('get /v1/stats');
  expect(included('POST /v1/gateways:search')).not.toContain('get /v1/stats');
  expect(listOperations(DOC, { exclude: ['GET /v1/events'] })).not.toBe(listOperations(DOC, { exclude: [] }));
  expect(listOperations(DOC, { exclude: ['GET /v1/events'] }).map(l => l.operation.pathKey)).not.toContain(
    '/v1/events',
  );
});

test('hasField: a member whose schema cannot be read (an unresolved $ref) may hold any field', () => {
  const item = {
    type: 'object',
    properties: {
      audit: unresolved,
      tags: { type: 'array', items: unresolved },
      history: {
        type: 'array',
        items: { type: 'object', properties: { at: { type: 'string' } } },
        allOf: [unresolved],
      },
    },
  };
  expect(hasField(item, 'audit.createdBy')).toBe(true);
  expect(hasField(item, 'tags.name')).toBe(true);
  expect(hasField(item, 'history.by')).toBe(true);
  expect(hasField(item, 'owner.name')).toBe(false);
});

test('filterValueDefect: an empty operator, and commas or % outside in, nin, like and ilike', () => {
  expect(filterValueDefect(':active')).toBe('"" is not an operator (eq, ne, gt, lt, gte, lte, in, nin, like, ilike)');
  expect(filterValueDefect('eq:red,,blue')).toBeUndefined();
  expect(filterValueDefect('red,')).toBeUndefined();
  expect(filterValueDefect('eq:50%')).toBeUndefined();
});
