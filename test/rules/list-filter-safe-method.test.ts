import { testRule } from '../__helpers__/spectral';

const info = { title: 'Labs', version: '1.0.0' };
const FILTER = '^(eq|ne|gt|lt|gte|lte|in|nin|like|ilike)?:?([^:&]+)$';
const specimen = { type: 'object', properties: { id: { type: 'string' }, type: { type: 'string' } } };
const json = (schema: unknown) => ({ description: 'OK', content: { 'application/json': { schema } } });
const envelope = { type: 'object', required: ['results'], properties: { results: { type: 'array', items: specimen } } };
const page = json(envelope);
const filter = (name: string) => ({ name, in: 'query', schema: { type: 'string', pattern: FILTER } });
const body = { required: true, content: { 'application/json': { schema: specimen } } };

const FILTERS = (method: string, names: string) => `${method} operation takes operator filters (${names}); filtering must be a safe, idempotent, cacheable GET`;
const ENVELOPE = (method: string) => `${method} operation answers a list envelope; listing and filtering must be a safe, idempotent, cacheable GET`;
const BODY = 'List operation has a request body; expected its inputs as query parameters only';

testRule('list-filter-safe-method', [
  {
    name: 'OpenAPI 3.1: a GET list with filters and a POST that creates one item are clean',
    document: {
      openapi: '3.1.0',
      info,
      paths: {
        '/specimens': {
          get: { parameters: [filter('type')], responses: { '200': page } },
          post: { parameters: [{ name: 'dryRun', in: 'query', schema: { type: 'boolean' } }], requestBody: body, responses: { '201': json(specimen) } },
        },
      },
    },
    errors: [],
  },
  {
    name: 'a POST that takes operator-pattern query filters: one finding at the operation, naming them',
    document: {
      openapi: '3.0.3',
      info,
      paths: { '/specimens/search': { post: { parameters: [filter('type'), filter('status'), { name: 'q', in: 'query', schema: { type: 'string' } }], responses: { '200': json(specimen) } } } },
    },
    errors: [{ path: ['paths', '/specimens/search', 'post'], message: FILTERS('POST', 'type, status') }],
  },
  {
    name: 'path-item filters reach every method of the path: the DELETE is reported, the GET is not',
    document: {
      openapi: '3.0.3',
      info,
      paths: {
        '/specimens': {
          parameters: [filter('type')],
          get: { responses: { '200': page } },
          delete: { responses: { '204': { description: 'deleted' } } },
        },
      },
    },
    errors: [{ path: ['paths', '/specimens', 'delete'], message: FILTERS('DELETE', 'type') }],
  },
  {
    name: 'a non-GET that answers a list envelope; a bare array or x-list-operation: false on a non-GET is not reported',
    document: {
      openapi: '3.1.0',
      info,
      paths: {
        '/specimens': {
          put: { requestBody: body, responses: { '200': page } },
          post: { requestBody: body, responses: { '200': json({ type: 'array', items: specimen }) } },
          patch: { 'x-list-operation': false, requestBody: body, responses: { '200': page } },
        },
      },
    },
    errors: [{ path: ['paths', '/specimens', 'put'], message: ENVELOPE('PUT') }],
  },
  {
    name: 'a list operation with a request body: at the requestBody',
    document: {
      openapi: '3.0.3',
      info,
      paths: { '/specimens': { get: { requestBody: body, responses: { '200': page } } } },
    },
    errors: [{ path: ['paths', '/specimens', 'get', 'requestBody'], message: BODY }],
  },
  {
    name: 'x-list-operation: true on a POST search: it answers an envelope and takes a body, both reported',
    document: {
      openapi: '3.1.0',
      info,
      paths: { '/specimens/search': { post: { 'x-list-operation': true, requestBody: body, responses: { '200': page } } } },
    },
    errors: [
      { path: ['paths', '/specimens/search', 'post'], message: ENVELOPE('POST') },
      { path: ['paths', '/specimens/search', 'post', 'requestBody'], message: BODY },
    ],
  },
  {
    name: 'Swagger 2.0: body and formData parameters of a list operation; pattern filters on a POST',
    document: {
      swagger: '2.0',
      info,
      basePath: '/clinical/labs/v1',
      paths: {
        '/specimens': {
          get: {
            parameters: [{ name: 'type', in: 'query', type: 'string', pattern: FILTER }, { name: 'query', in: 'body', schema: specimen }],
            responses: { '200': { description: 'OK', schema: envelope } },
          },
          post: {
            parameters: [{ name: 'type', in: 'query', type: 'string', pattern: FILTER }],
            responses: { '201': { description: 'Created', schema: specimen } },
          },
        },
        '/samples': {
          get: {
            consumes: ['application/x-www-form-urlencoded'],
            parameters: [{ name: 'type', in: 'formData', type: 'string' }],
            responses: { '200': { description: 'OK', schema: { type: 'array', items: specimen } } },
          },
        },
      },
    },
    errors: [
      { path: ['paths', '/specimens', 'get', 'parameters', 1], message: BODY },
      { path: ['paths', '/specimens', 'post'], message: FILTERS('POST', 'type') },
      { path: ['paths', '/samples', 'get', 'parameters', 0], message: BODY },
    ],
  },
  {
    name: 'a shared operator filter in components.parameters, used by a GET and a PATCH: only the PATCH is reported',
    document: `
openapi: 3.1.0
info: { title: Labs, version: 1.0.0 }
paths:
  /specimens:
    get:
      parameters: [{ $ref: '#/components/parameters/Type' }]
      responses: { '200': { description: OK, content: { application/json: { schema: { type: array } } } } }
    patch:
      parameters: [{ $ref: '#/components/parameters/Type' }]
      responses: { '204': { description: Updated } }
components:
  parameters:
    Type:
      name: type
      in: query
      schema: { allOf: [{ $ref: '#/components/schemas/Filter' }] }
  schemas:
    Filter: { type: string, pattern: '${FILTER}' }
`,
    errors: [{ path: ['paths', '/specimens', 'patch'], message: FILTERS('PATCH', 'type') }],
  },
  {
    name: 'OpenAPI 3.2: QUERY is a safe method and may filter; an additional operation answering an envelope is not',
    document: {
      openapi: '3.2.0',
      info,
      paths: {
        '/specimens': {
          query: { parameters: [filter('type')], responses: { '200': page } },
          additionalOperations: { SEARCH: { responses: { '200': page } } },
        },
      },
    },
    errors: [
      { path: ['paths', '/specimens', 'additionalOperations', 'SEARCH'], message: ENVELOPE('SEARCH') },
    ],
  },
  {
    name: 'not filters: header parameters with the pattern, query parameters with another pattern; no body on a non-list GET is checked',
    document: {
      openapi: '3.0.3',
      info,
      paths: {
        '/specimens': {
          post: {
            parameters: [
              { name: 'X-Filter', in: 'header', schema: { type: 'string', pattern: FILTER } },
              { name: 'code', in: 'query', schema: { type: 'string', pattern: '^[A-Z]{3}$' } },
            ],
            responses: { '201': json(specimen) },
          },
        },
        '/specimens/{id}': { get: { requestBody: body, responses: { '200': json(specimen) } } },
      },
    },
    errors: [],
  },
  {
    name: 'odd inputs give no crash: parameters null, a string parameter, schema null, requestBody null',
    document: {
      openapi: '3.1.0',
      info,
      paths: {
        '/specimens': {
          get: { requestBody: null, parameters: null, responses: { '200': page } },
          post: { parameters: ['type', null, { name: 'type', in: 'query', schema: null }], responses: null },
          put: { responses: { '200': { description: 'OK', content: { 'application/json': { schema: null } } } } },
        },
      },
    },
    errors: [],
  },
]);
