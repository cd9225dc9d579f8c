import { apiInfo, jsonResponse, listEnvelope, openapiDocument, swaggerDocument } from '../__helpers__/documents';
import { testRule } from '../__helpers__/spectral';

const info = apiInfo('Labs');
const specimen = { type: 'object', properties: { id: { type: 'string' }, type: { type: 'string' } } };
const envelope = listEnvelope(specimen);

const BARE =
  'List response is a bare array; expected an object whose required "results" array holds the items, beside "metadata"';
const NO_RESULTS =
  'List response has no "results" array; expected an object whose required "results" array holds the items';
const NOT_REQUIRED = 'List envelope does not require "results"; expected "results" in required';

testRule('list-response-envelope', [
  {
    name: 'OpenAPI 3.1: an envelope with a required results array is clean',
    document: openapiDocument('3.1.0', info, {
      '/specimens': { get: { responses: { '200': jsonResponse(envelope) } } },
    }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.0: a bare array is reported at its type',
    document: openapiDocument('3.0.3', info, {
      '/specimens': { get: { responses: { '200': jsonResponse({ type: 'array', items: specimen }) } } },
    }),
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'responses', '200', 'content', 'application/json', 'schema', 'type'],
        message: BARE,
      },
    ],
  },
  {
    name: 'Swagger 2.0: a bare array response schema is reported at its type',
    document: swaggerDocument(
      info,
      { basePath: '/clinical/labs/v1', produces: ['application/json'] },
      {
        '/specimens': {
          get: { responses: { '200': { description: 'OK', schema: { type: 'array', items: specimen } } } },
        },
      },
    ),
    errors: [{ path: ['paths', '/specimens', 'get', 'responses', '200', 'schema', 'type'], message: BARE }],
  },
  {
    name: 'a bare array component used by two list operations gives one finding, at the component',
    document: `
openapi: 3.1.0
info: { title: Labs, version: 1.0.0 }
paths:
  /specimens:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: '#/components/schemas/SpecimenList' }
  /archived-specimens:
    get:
      responses:
        '200': { $ref: '#/components/responses/SpecimenList' }
components:
  responses:
    SpecimenList:
      description: OK
      content:
        application/json:
          schema: { $ref: '#/components/schemas/SpecimenList' }
  schemas:
    SpecimenList:
      type: array
      items: { type: object, properties: { id: { type: string } } }
`,
    errors: [{ path: ['components', 'schemas', 'SpecimenList', 'type'], message: BARE }],
  },
  {
    name: 'an envelope that does not require results: at its required list, else at the schema',
    document: openapiDocument('3.0.3', info, {
      '/specimens': {
        get: {
          responses: {
            '200': jsonResponse({
              type: 'object',
              required: ['metadata'],
              properties: { results: { type: 'array', items: specimen }, metadata: { type: 'object' } },
            }),
          },
        },
      },
      '/samples': {
        get: {
          responses: {
            '200': jsonResponse({ type: 'object', properties: { results: { type: 'array', items: specimen } } }),
          },
        },
      },
    }),
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'responses', '200', 'content', 'application/json', 'schema', 'required'],
        message: NOT_REQUIRED,
      },
      {
        path: ['paths', '/samples', 'get', 'responses', '200', 'content', 'application/json', 'schema'],
        message: NOT_REQUIRED,
      },
    ],
  },
  {
    name: 'an envelope built with allOf and $ref: results and required merged over the members',
    document: `
openapi: 3.1.0
info: { title: Labs, version: 1.0.0 }
paths:
  /specimens:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                allOf:
                  - $ref: '#/components/schemas/Page'
                  - properties:
                      results: { type: array, items: { $ref: '#/components/schemas/Specimen' } }
  /samples:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                allOf:
                  - $ref: '#/components/schemas/LoosePage'
                  - properties:
                      results: { type: array, items: { $ref: '#/components/schemas/Specimen' } }
components:
  schemas:
    Page:
      type: object
      required: [results]
      properties:
        metadata: { type: object }
    LoosePage:
      type: object
      required: [metadata]
      properties:
        metadata: { type: object }
    Specimen: { type: object, properties: { id: { type: string } } }
`,
    errors: [{ path: ['components', 'schemas', 'LoosePage', 'required'], message: NOT_REQUIRED }],
  },
  {
    name: 'x-list-operation: true makes a GET a list operation even without results; false exempts a bare array',
    document: openapiDocument('3.1.0', info, {
      '/specimens': {
        get: {
          'x-list-operation': true,
          responses: { '200': jsonResponse({ type: 'object', properties: { items: { type: 'array' } } }) },
        },
      },
      '/specimen-ids': {
        get: {
          'x-list-operation': false,
          responses: { '200': jsonResponse({ type: 'array', items: { type: 'string' } }) },
        },
      },
    }),
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'responses', '200', 'content', 'application/json', 'schema'],
        message: NO_RESULTS,
      },
    ],
  },
  {
    name: 'x-list-operation: true with a results that is not an array: at its type, or at results when it declares none',
    document: openapiDocument('3.0.3', info, {
      '/specimens': {
        get: {
          'x-list-operation': true,
          responses: {
            '200': jsonResponse({ type: 'object', required: ['results'], properties: { results: { type: 'string' } } }),
          },
        },
      },
      '/samples': {
        get: {
          'x-list-operation': true,
          responses: { '200': jsonResponse({ type: 'object', properties: { results: { items: specimen } } }) },
        },
      },
    }),
    errors: [
      {
        path: [
          'paths',
          '/specimens',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'results',
          'type',
        ],
        message: 'List envelope "results" is of type string; expected an array that holds the items',
      },
      {
        path: [
          'paths',
          '/samples',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'results',
        ],
        message: 'List envelope "results" declares no type; expected an array that holds the items',
      },
      {
        path: ['paths', '/samples', 'get', 'responses', '200', 'content', 'application/json', 'schema'],
        message: NOT_REQUIRED,
      },
    ],
  },
  {
    name: 'not list operations: a single resource, a POST answering an array, an XML-only array, a 204',
    document: openapiDocument('3.0.3', info, {
      '/specimens/{id}': { get: { responses: { '200': jsonResponse(specimen) } } },
      '/specimens': {
        post: { responses: { '200': jsonResponse({ type: 'array', items: specimen }) } },
        get: {
          responses: {
            '200': {
              description: 'OK',
              content: { 'application/xml': { schema: { type: 'array', items: specimen } } },
            },
          },
        },
        delete: { responses: { '204': { description: 'gone' } } },
      },
    }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.2: the 200 response is read before any other 2xx, else the first 2xx (2XX included)',
    document: openapiDocument('3.2.0', info, {
      '/specimens': {
        get: { responses: { '206': jsonResponse({ type: 'array', items: specimen }), '200': jsonResponse(envelope) } },
      },
      '/samples': {
        get: {
          responses: {
            '2XX': jsonResponse({ type: 'array', items: specimen }),
            '400': jsonResponse({ type: 'object' }),
          },
        },
      },
    }),
    errors: [
      {
        path: ['paths', '/samples', 'get', 'responses', '2XX', 'content', 'application/json', 'schema', 'type'],
        message: BARE,
      },
    ],
  },
  {
    name: 'a vendor JSON media type (application/vnd.labs+json) is JSON',
    document: openapiDocument('3.1.0', info, {
      '/specimens': {
        get: {
          responses: {
            '200': {
              description: 'OK',
              content: {
                'application/vnd.labs+json; charset=utf-8': { schema: { type: ['array', 'null'], items: specimen } },
              },
            },
          },
        },
      },
    }),
    errors: [
      {
        path: [
          'paths',
          '/specimens',
          'get',
          'responses',
          '200',
          'content',
          'application/vnd.labs+json; charset=utf-8',
          'schema',
          'type',
        ],
        message: BARE,
      },
    ],
  },
  {
    name: 'odd inputs give no crash and no finding',
    document: openapiDocument('3.1.0', info, {
      '/a': { get: { parameters: null, responses: null } },
      '/b': { get: { responses: { '200': { description: 'OK', content: null } } } },
      '/c': { get: { responses: { '200': { description: 'OK', content: { 'application/json': { schema: null } } } } } },
      '/d': { get: { responses: { '200': jsonResponse({ type: 'object', properties: { results: null } }) } } },
      '/e': { get: 'not an operation' },
      '/f': null,
    }),
    errors: [],
  },
  {
    name: 'listDetection names one operation in both include and exclude: exclude wins, the bulk export is not a list',
    document: openapiDocument('3.1.0', info, {
      '/specimens': { get: { responses: { '200': jsonResponse({ type: 'array', items: specimen }) } } },
      '/specimens/export': {
        get: { operationId: 'exportSpecimens', responses: { '200': jsonResponse({ type: 'array', items: specimen }) } },
      },
    }),
    options: { listDetection: { include: ['exportSpecimens', 'GET /specimens'], exclude: ['exportSpecimens'] } },
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'responses', '200', 'content', 'application/json', 'schema', 'type'],
        message: BARE,
      },
    ],
  },
  {
    name: 'a single resource that holds a results array (as infermedica.com GET /lab_tests/{id}) is no list',
    document: `
openapi: 3.0.0
info: { title: Lab tests, version: 1.0.0 }
paths:
  /clinical/labs/v1/lab_tests/{id}:
    get:
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: A lab test
          content:
            application/json:
              schema:
                type: object
                properties:
                  id: { type: string }
                  name: { type: string }
                  results: { type: array, items: { type: object, properties: { value: { type: string } } } }
`,
    errors: [],
  },
  {
    name: 'a collection wrapped in "items" that takes page and pageSize (as xero_bankfeeds GET /FeedConnections) is a list in the wrong envelope',
    document: `
openapi: 3.0.0
info: { title: Bank Feeds, version: 1.0.0 }
paths:
  /FeedConnections:
    get:
      parameters:
        - { name: page, in: query, schema: { type: integer } }
        - { name: pageSize, in: query, schema: { type: integer } }
      responses:
        '200':
          description: Feed connections
          content:
            application/json:
              schema:
                type: object
                properties:
                  pagination: { type: object, properties: { page: { type: integer } } }
                  items: { type: array, items: { type: object, properties: { id: { type: string } } } }
`,
    errors: [
      {
        path: [
          'paths',
          '/FeedConnections',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'items',
        ],
        message:
          'List response holds its items in "items"; expected them in a required "results" array, beside "metadata"',
      },
    ],
  },
  {
    name: 'an object with one array but no paging parameter is a single resource',
    document: `
openapi: 3.0.0
info: { title: Orders, version: 1.0.0 }
paths:
  /orders/{id}:
    get:
      responses:
        '200':
          description: An order
          content:
            application/json:
              schema:
                type: object
                properties:
                  lines: { type: array, items: { type: object } }
`,
    errors: [],
  },
  {
    name: 'a report list answering 202 (a job while the report is prepared) or 200: the 200 is the list response',
    document: openapiDocument('3.1.0', info, {
      '/reports': {
        get: {
          responses: {
            '202': jsonResponse({ type: 'object', properties: { jobId: { type: 'string' } } }),
            '200': jsonResponse({ type: 'array', items: specimen }),
          },
        },
      },
    }),
    errors: [
      {
        path: ['paths', '/reports', 'get', 'responses', '200', 'content', 'application/json', 'schema', 'type'],
        message: BARE,
      },
    ],
  },
  {
    name: 'a list marked x-list-operation: true whose results is a $ref Spectral cannot resolve: only invalid-ref, no guess at its type',
    document: openapiDocument('3.1.0', info, {
      '/specimens': {
        get: {
          'x-list-operation': true,
          responses: {
            '200': jsonResponse({
              type: 'object',
              required: ['results'],
              properties: { results: { $ref: '#/components/schemas/SpecimenList' } },
            }),
          },
        },
      },
    }),
    errors: [
      {
        code: 'invalid-ref',
        path: [
          'paths',
          '/specimens',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'results',
          '$ref',
        ],
        message: "'#/components/schemas/SpecimenList' does not exist",
      },
    ],
  },
  {
    name: 'YAML listing 201 or 2XX before a bare-array 200: the 200 is the list response, whatever the key order',
    document: `
openapi: 3.0.3
info: { title: Reports, version: 1.0.0 }
paths:
  /reports:
    get:
      responses:
        '201':
          description: Created
          content:
            application/json:
              schema: { type: object, properties: { id: { type: string } } }
        '200':
          description: The reports
          content:
            application/json:
              schema:
                type: array
                items: { type: object, properties: { id: { type: string } } }
  /exports:
    get:
      responses:
        2XX:
          description: Any success
          content:
            application/json:
              schema: { type: object, properties: { id: { type: string } } }
        '200':
          description: The exports
          content:
            application/json:
              schema:
                type: array
                items: { type: object, properties: { id: { type: string } } }
`,
    errors: ['/reports', '/exports'].map(path => ({
      path: ['paths', path, 'get', 'responses', '200', 'content', 'application/json', 'schema', 'type'],
      message:
        'List response is a bare array; expected an object whose required "results" array holds the items, beside "metadata"',
    })),
  },
  {
    name: '{report_id, results} without paging parameters is a single report, not a list; {reportId, results} with limit is a list',
    document: `
openapi: 3.0.3
info: { title: Reports, version: 1.0.0 }
paths:
  /reports/{reportId}/results:
    get:
      parameters:
        - { name: reportId, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The report
          content:
            application/json:
              schema:
                type: object
                properties:
                  report_id: { type: string }
                  results: { type: array, items: { type: object } }
  /reports/{reportId}/rows:
    get:
      parameters:
        - { name: reportId, in: path, required: true, schema: { type: string } }
        - { name: limit, in: query, schema: { type: integer } }
      responses:
        '200':
          description: The rows
          content:
            application/json:
              schema:
                type: object
                properties:
                  reportId: { type: string }
                  results: { type: array, items: { type: object } }
`,
    errors: [
      {
        path: ['paths', '/reports/{reportId}/rows', 'get', 'responses', '200', 'content', 'application/json', 'schema'],
        message: 'List envelope does not require "results"; expected "results" in required',
      },
    ],
  },
]);
