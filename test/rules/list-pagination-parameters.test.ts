import {
  apiInfo,
  CURSOR as cursor,
  jsonResponse,
  LIMIT as limit,
  listOperation,
  listPage,
  OFFSET as offset,
  openapiDocument,
  queryParameter,
  swaggerDocument,
} from '../__helpers__/documents';
import { testRule } from '../__helpers__/spectral';

const info = apiInfo('Labs');
const page = listPage();

const NO_MAX = '"limit" has no maximum; expected a maximum page size (§4.2.4, §8.1)';
const P = (...rest: (string | number)[]) => ['paths', '/specimens', 'get', 'parameters', ...rest];

testRule('list-pagination-parameters', [
  {
    name: 'OpenAPI 3.1: limit with offset, bounded and defaulted, is clean',
    document: openapiDocument('3.1.0', info, { '/specimens': listOperation([limit, offset]) }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.0: limit with cursor is clean',
    document: openapiDocument('3.0.3', info, { '/specimens': listOperation([limit, cursor]) }),
    errors: [],
  },
  {
    name: 'no pagination at all: two findings at the parameters list, or at the operation when it has none',
    document: openapiDocument('3.0.3', info, {
      '/specimens': listOperation([queryParameter('type', { type: 'string' })]),
      '/samples': { get: { responses: { '200': page } } },
    }),
    errors: [
      {
        path: ['paths', '/samples', 'get'],
        message:
          'List operation has no "limit" and neither "offset" nor "cursor"; expected limit (integer, minimum 1, maximum, default) with offset (offset pagination) or cursor (cursor pagination) in query',
      },
      {
        path: ['paths', '/specimens', 'get', 'parameters'],
        message:
          'List operation has no "limit" and neither "offset" nor "cursor"; expected limit (integer, minimum 1, maximum, default) with offset (offset pagination) or cursor (cursor pagination) in query',
      },
    ],
  },
  {
    name: 'both offset and cursor: reported at cursor',
    document: openapiDocument('3.1.0', info, { '/specimens': listOperation([limit, offset, cursor]) }),
    errors: [{ path: P(2), message: 'List operation takes both "offset" and "cursor"; expected one pagination style' }],
  },
  {
    name: 'limit bounds and default: at the keyword when written, else at the schema',
    document: openapiDocument('3.1.0', info, {
      '/specimens': listOperation([
        queryParameter('limit', { type: 'integer', minimum: 0, maximum: 100, default: 500 }),
        offset,
      ]),
      '/samples': listOperation([queryParameter('limit', { type: 'integer' }), offset]),
    }),
    errors: [
      {
        path: ['paths', '/samples', 'get', 'parameters', '0', 'schema'],
        message:
          '"limit" has no minimum, maximum or default; expected a minimum of at least 1, a maximum page size (§4.2.4, §8.1) and a default page size (§4.2.3, §8.2)',
      },
      {
        path: ['paths', '/specimens', 'get', 'parameters', '0', 'schema', 'default'],
        message: '"limit" default 500 lies outside its minimum 0 and maximum 100; expected a default within them',
      },
      {
        path: ['paths', '/specimens', 'get', 'parameters', '0', 'schema', 'minimum'],
        message: '"limit" minimum is 0; expected a minimum of at least 1',
      },
    ],
  },
  {
    name: 'offset minimum and default; wrong types stop the parameter check at its type',
    document: openapiDocument('3.0.3', info, {
      '/specimens': listOperation([limit, queryParameter('offset', { type: 'integer', minimum: 1 })]),
      '/samples': listOperation([
        queryParameter('limit', { type: 'string', minimum: 0 }),
        queryParameter('offset', {}),
      ]),
      '/patients': listOperation([limit, queryParameter('cursor', { type: 'integer' })]),
    }),
    errors: [
      { path: P(1, 'schema', 'minimum'), message: '"offset" minimum is 1; expected minimum 0' },
      { path: P(1, 'schema'), message: '"offset" has no default; expected a default (usually 0)' },
      {
        path: ['paths', '/samples', 'get', 'parameters', 0, 'schema', 'type'],
        message: 'Pagination parameter "limit" is of type string; expected integer',
      },
      {
        path: ['paths', '/samples', 'get', 'parameters', 1, 'schema'],
        message: 'Pagination parameter "offset" declares no type; expected integer',
      },
      {
        path: ['paths', '/patients', 'get', 'parameters', 1, 'schema', 'type'],
        message: 'Pagination parameter "cursor" is of type integer; expected string',
      },
    ],
  },
  {
    name: "a string offset (Asana's opaque page token) is told it is a cursor by another name",
    document: openapiDocument('3.0.0', info, {
      '/specimens': listOperation([
        limit,
        {
          name: 'offset',
          in: 'query',
          description:
            'Offset token. An offset to the next page returned by the API. A pagination request will return an offset token.',
          schema: { type: 'string', example: 'eyJ0eXAiOJiKV1iQLCJhbGciOiJIUzI1NiJ9' },
        },
      ]),
    }),
    errors: [
      {
        path: P(1, 'schema', 'type'),
        message:
          'Pagination parameter "offset" is a string; an opaque page token is a cursor: name it cursor, or make offset an integer count of items to skip',
      },
    ],
  },
  {
    name: 'pagination parameters in a header are found, and reported at their "in"',
    document: openapiDocument('3.1.0', info, { '/specimens': listOperation([{ ...limit, in: 'header' }, offset]) }),
    errors: [{ path: P(0, 'in'), message: 'Pagination parameter "limit" is in header; expected it in query' }],
  },
  {
    name: 'Swagger 2.0: type, bounds and default sit on the parameter itself',
    document: swaggerDocument(
      info,
      { basePath: '/clinical/labs/v1' },
      {
        '/specimens': {
          get: {
            parameters: [
              { name: 'limit', in: 'query', type: 'integer', minimum: 1, default: 20 },
              { name: 'offset', in: 'query', type: 'integer', minimum: 0, default: 0, 'x-example': 40 },
            ],
            responses: { '200': { description: 'OK', schema: { type: 'array', items: { type: 'object' } } } },
          },
        },
        '/samples': {
          get: {
            parameters: [
              { name: 'limit', in: 'query', type: 'integer', minimum: 1, maximum: 50, default: 10 },
              { name: 'cursor', in: 'query', type: 'string' },
            ],
            responses: { '200': { description: 'OK', schema: { type: 'array', items: { type: 'object' } } } },
          },
        },
      },
    ),
    errors: [{ path: P(0), message: NO_MAX }],
  },
  {
    name: 'a shared components.parameters entry used by two list operations gives one finding, at the component',
    document: `
openapi: 3.1.0
info: { title: Labs, version: 1.0.0 }
paths:
  /specimens:
    get:
      parameters: [{ $ref: '#/components/parameters/Limit' }, { $ref: '#/components/parameters/Offset' }]
      responses: { '200': { $ref: '#/components/responses/Page' } }
  /samples:
    get:
      parameters: [{ $ref: '#/components/parameters/Limit' }, { $ref: '#/components/parameters/Offset' }]
      responses: { '200': { $ref: '#/components/responses/Page' } }
components:
  parameters:
    Limit: { name: limit, in: query, schema: { type: integer, minimum: 1, default: 20 } }
    Offset: { name: offset, in: query, schema: { type: integer, minimum: 0, default: 0 } }
  responses:
    Page:
      description: OK
      content:
        application/json:
          schema: { type: object, required: [results], properties: { results: { type: array, items: { type: object } } } }
`,
    errors: [{ path: ['components', 'parameters', 'Limit', 'schema'], message: NO_MAX }],
  },
  {
    name: 'bounds and default in an allOf member ($ref-ed page size) count; a defect there is reported there',
    document: `
openapi: 3.0.3
info: { title: Labs, version: 1.0.0 }
paths:
  /specimens:
    get:
      parameters:
        - name: limit
          in: query
          schema: { allOf: [{ $ref: '#/components/schemas/PageSize' }], description: Page size. }
        - name: offset
          in: query
          schema: { allOf: [{ $ref: '#/components/schemas/Skip' }], default: 0 }
      responses: { '200': { description: OK, content: { application/json: { schema: { type: array } } } } }
components:
  schemas:
    PageSize: { type: integer, minimum: 1, maximum: 100, default: 20 }
    Skip: { type: integer, minimum: 1 }
`,
    errors: [
      { path: ['components', 'schemas', 'Skip', 'minimum'], message: '"offset" minimum is 1; expected minimum 0' },
    ],
  },
  {
    name: 'path-item parameters are overridden by operation parameters of the same name and location',
    document: openapiDocument('3.0.3', info, {
      '/specimens': {
        parameters: [queryParameter('limit', { type: 'integer' }), offset],
        get: { parameters: [limit], responses: { '200': page } },
      },
      '/samples': {
        parameters: [queryParameter('limit', { type: 'integer', minimum: 1, default: 20 }), cursor],
        get: { responses: { '200': page } },
      },
    }),
    errors: [{ path: ['paths', '/samples', 'parameters', 0, 'schema'], message: NO_MAX }],
  },
  {
    name: 'x-list-operation: true checks a GET that answers no list; false exempts one that does; other methods are not checked',
    document: openapiDocument('3.2.0', info, {
      '/specimens': { get: { 'x-list-operation': true, responses: { '200': jsonResponse({ type: 'object' }) } } },
      '/samples': {
        get: { 'x-list-operation': false, responses: { '200': page } },
        post: { responses: { '200': page } },
        query: { responses: { '200': page } },
      },
    }),
    errors: [
      {
        path: ['paths', '/specimens', 'get'],
        message:
          'List operation has no "limit" and neither "offset" nor "cursor"; expected limit (integer, minimum 1, maximum, default) with offset (offset pagination) or cursor (cursor pagination) in query',
      },
    ],
  },
  {
    name: 'odd inputs give no crash: parameters null, a string parameter, schema null',
    document: openapiDocument('3.1.0', info, {
      '/specimens': listOperation(['limit', null, queryParameter('limit', null), queryParameter('offset', null)]),
      '/samples': listOperation(null),
    }),
    errors: [
      {
        path: ['paths', '/samples', 'get'],
        message:
          'List operation has no "limit" and neither "offset" nor "cursor"; expected limit (integer, minimum 1, maximum, default) with offset (offset pagination) or cursor (cursor pagination) in query',
      },
    ],
  },
  {
    name: 'a limit whose default is its maximum (and one whose default is its minimum) lies within its bounds',
    document: openapiDocument('3.1.0', info, {
      '/specimens': listOperation([
        queryParameter('limit', { type: 'integer', minimum: 1, maximum: 100, default: 100 }),
        offset,
      ]),
      '/samples': listOperation([
        queryParameter('limit', { type: 'integer', minimum: 1, maximum: 50, default: 1 }),
        cursor,
      ]),
    }),
    errors: [],
  },
  {
    name: 'offset without limit: the missing limit alone; a limit default below its minimum, or above its maximum when no minimum is set',
    document: openapiDocument('3.1.0', info, {
      '/specimens': listOperation([offset]),
      '/samples': listOperation([queryParameter('limit', { type: 'integer', minimum: 10, default: 5 }), offset]),
      '/patients': listOperation([queryParameter('limit', { type: 'integer', maximum: 50, default: 80 }), cursor]),
    }),
    errors: [
      {
        path: P(),
        message:
          'List operation has no "limit" parameter; expected limit (integer, minimum 1, maximum, default) in query',
      },
      {
        path: ['paths', '/samples', 'get', 'parameters', 0, 'schema'],
        message: NO_MAX,
      },
      {
        path: ['paths', '/samples', 'get', 'parameters', 0, 'schema', 'default'],
        message: '"limit" default 5 lies outside its minimum 10 and maximum -; expected a default within them',
      },
      {
        path: ['paths', '/patients', 'get', 'parameters', 0, 'schema'],
        message: '"limit" has no minimum; expected a minimum of at least 1',
      },
      {
        path: ['paths', '/patients', 'get', 'parameters', 0, 'schema', 'default'],
        message: '"limit" default 80 lies outside its minimum - and maximum 50; expected a default within them',
      },
    ],
  },
  {
    name: 'Swagger 2.0: a search marked x-list-operation whose body parameter is named cursor takes no cursor',
    document: swaggerDocument(
      info,
      { basePath: '/clinical/labs/v1' },
      {
        '/specimens/search': {
          post: {
            'x-list-operation': true,
            parameters: [
              { name: 'cursor', in: 'body', schema: { type: 'object', properties: { type: { type: 'string' } } } },
            ],
            responses: {
              '200': {
                description: 'OK',
                schema: { type: 'object', properties: { results: { type: 'array', items: { type: 'object' } } } },
              },
            },
          },
        },
      },
    ),
    errors: [
      {
        path: ['paths', '/specimens/search', 'post', 'parameters'],
        message:
          'List operation has no "limit" and neither "offset" nor "cursor"; expected limit (integer, minimum 1, maximum, default) with offset (offset pagination) or cursor (cursor pagination) in query',
      },
    ],
  },
  {
    name: 'an offset with a default but no minimum',
    document: openapiDocument('3.1.0', info, {
      '/specimens': listOperation([limit, queryParameter('offset', { type: 'integer', default: 0 })]),
    }),
    errors: [{ path: P(1, 'schema'), message: '"offset" minimum is not set; expected minimum 0' }],
  },
  {
    name: 'a path parameter named cursor (a changes feed, /changes/{cursor}) is not the cursor of the query',
    document: openapiDocument('3.1.0', info, {
      '/changes/{cursor}': listOperation([
        { name: 'cursor', in: 'path', required: true, schema: { type: 'string' } },
        limit,
      ]),
    }),
    errors: [
      {
        path: ['paths', '/changes/{cursor}', 'get', 'parameters'],
        message:
          'List operation has neither "offset" nor "cursor"; expected offset (offset pagination) or cursor (cursor pagination) in query',
      },
    ],
  },
  {
    name: 'limit and offset are optional (§4.1, the API applies defaults): required: true is a finding at required',
    document: `
openapi: 3.0.3
info: { title: Labs, version: 1.0.0 }
paths:
  /specimens:
    get:
      parameters:
        - { name: limit, in: query, required: true, schema: { type: integer, minimum: 1, maximum: 100, default: 20 } }
        - { name: offset, in: query, required: true, schema: { type: integer, minimum: 0, default: 0 } }
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { type: object, required: [results], properties: { results: { type: array, items: { type: object } } } }
`,
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'parameters', '0', 'required'],
        message:
          'Pagination parameter "limit" is required; expected it optional, the API applying a default (§4.1, §4.2.3)',
      },
      {
        path: ['paths', '/specimens', 'get', 'parameters', '1', 'required'],
        message:
          'Pagination parameter "offset" is required; expected it optional, the API applying a default (§4.1, §4.2.3)',
      },
    ],
  },
  {
    name: "Twilio's 2010 API pages with PageSize, Page and PageToken: a list, asked for limit with offset or cursor",
    document: `
openapi: 3.0.1
info: { title: Twilio - Api, version: 1.0.0 }
servers: [{ url: 'https://api.twilio.com' }]
paths:
  /2010-04-01/Accounts/{AccountSid}/Calls.json:
    get:
      operationId: ListCall
      parameters:
        - { in: path, name: AccountSid, required: true, schema: { maxLength: 34, minLength: 34, pattern: '^AC[0-9a-fA-F]{32}$', type: string } }
        - { in: query, name: To, schema: { format: phone-number, type: string } }
        - { in: query, name: PageSize, schema: { maximum: 1000, minimum: 1, type: integer } }
        - { in: query, name: Page, schema: { minimum: 0, type: integer } }
        - { in: query, name: PageToken, schema: { type: string } }
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                title: ListCallResponse
                type: object
                properties:
                  calls: { items: { $ref: '#/components/schemas/api.v2010.account.call' }, type: array }
                  end: { type: integer }
                  next_page_uri: { format: uri, nullable: true, type: string }
                  page: { type: integer }
                  page_size: { type: integer }
                  start: { type: integer }
components:
  schemas:
    api.v2010.account.call:
      type: object
      properties:
        sid: { type: string }
        to: { type: string }
        status: { type: string }
`,
    errors: [
      {
        path: ['paths', '/2010-04-01/Accounts/{AccountSid}/Calls.json', 'get', 'parameters'],
        message:
          'List operation has no "limit" and neither "offset" nor "cursor"; expected limit (integer, minimum 1, maximum, default) with offset (offset pagination) or cursor (cursor pagination) in query',
      },
    ],
  },
]);
