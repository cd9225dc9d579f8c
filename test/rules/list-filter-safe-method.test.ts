import {
  apiInfo,
  FILTER_PATTERN,
  filterParameter,
  jsonResponse,
  listEnvelope,
  openapiDocument,
  swaggerDocument,
} from '../__helpers__/documents';
import { testRule } from '../__helpers__/spectral';

const info = apiInfo('Labs');
const FILTER = FILTER_PATTERN;
const specimen = { type: 'object', properties: { id: { type: 'string' }, type: { type: 'string' } } };
const envelope = listEnvelope(specimen);
const page = jsonResponse(envelope);
const body = { required: true, content: { 'application/json': { schema: specimen } } };

const BODY = 'List operation has a request body; expected its inputs as query parameters only';

testRule('list-filter-safe-method', [
  {
    name: 'OpenAPI 3.1: a GET list with filters and a POST that creates one item are clean',
    document: openapiDocument('3.1.0', info, {
      '/specimens': {
        get: { parameters: [filterParameter('type')], responses: { '200': page } },
        post: {
          parameters: [{ name: 'dryRun', in: 'query', schema: { type: 'boolean' } }],
          requestBody: body,
          responses: { '201': jsonResponse(specimen) },
        },
      },
    }),
    errors: [],
  },
  {
    name: 'a POST that takes operator-pattern query filters: one finding at the operation, naming them',
    document: openapiDocument('3.0.3', info, {
      '/specimens/search': {
        post: {
          parameters: [
            filterParameter('type'),
            filterParameter('status'),
            { name: 'q', in: 'query', schema: { type: 'string' } },
          ],
          responses: { '200': jsonResponse(specimen) },
        },
      },
    }),
    errors: [
      {
        path: ['paths', '/specimens/search', 'post'],
        message:
          'POST operation takes operator filters (type, status); listing and filtering must be a safe, idempotent, cacheable GET',
      },
    ],
  },
  {
    name: 'path-item filters reach every method of the path: the DELETE is reported, the GET is not',
    document: openapiDocument('3.0.3', info, {
      '/specimens': {
        parameters: [filterParameter('type')],
        get: { responses: { '200': page } },
        delete: { responses: { '204': { description: 'deleted' } } },
      },
    }),
    errors: [
      {
        path: ['paths', '/specimens', 'delete'],
        message:
          'DELETE operation takes operator filters (type); listing and filtering must be a safe, idempotent, cacheable GET',
      },
    ],
  },
  {
    name: 'a non-GET whose answer merely holds results (an upload, a computation), a bare array, or x-list-operation: false is not reported',
    document: openapiDocument('3.1.0', info, {
      '/specimens': {
        put: { requestBody: body, responses: { '200': page } },
        post: { requestBody: body, responses: { '200': jsonResponse({ type: 'array', items: specimen }) } },
        patch: { 'x-list-operation': false, requestBody: body, responses: { '200': page } },
      },
    }),
    errors: [],
  },
  {
    name: 'a POST search that pages with limit and after and takes an operator filter: one finding naming both',
    document: openapiDocument('3.1.0', info, {
      '/specimens/search': {
        post: {
          parameters: [
            { name: 'limit', in: 'query', schema: { type: 'integer' } },
            { name: 'after', in: 'query', schema: { type: 'string' } },
            filterParameter('type'),
          ],
          responses: { '200': page },
        },
      },
    }),
    errors: [
      {
        path: ['paths', '/specimens/search', 'post'],
        message:
          'POST operation pages with limit, after and takes operator filters (type); listing and filtering must be a safe, idempotent, cacheable GET',
      },
    ],
  },
  {
    name: 'a POST answering a schema typed array that also declares a metadata property: a bare array, no page',
    document: openapiDocument('3.1.0', info, {
      '/specimens': {
        post: {
          requestBody: body,
          responses: {
            '200': jsonResponse({
              type: 'array',
              items: specimen,
              properties: { results: { type: 'array', items: specimen }, metadata: { type: 'object' } },
            }),
          },
        },
      },
    }),
    errors: [],
  },
  {
    name: 'a list operation with a request body: at the requestBody',
    document: openapiDocument('3.0.3', info, {
      '/specimens': { get: { requestBody: body, responses: { '200': page } } },
    }),
    errors: [{ path: ['paths', '/specimens', 'get', 'requestBody'], message: BODY }],
  },
  {
    name: 'x-list-operation: true on a POST search: its request body is reported (an envelope without metadata is no paging)',
    document: openapiDocument('3.1.0', info, {
      '/specimens/search': { post: { 'x-list-operation': true, requestBody: body, responses: { '200': page } } },
    }),
    errors: [
      {
        path: ['paths', '/specimens/search', 'post', 'requestBody'],
        message: 'List operation has a request body; expected its inputs as query parameters only',
      },
    ],
  },
  {
    name: 'Swagger 2.0: body and formData parameters of a list operation; pattern filters on a POST',
    document: swaggerDocument(
      info,
      { basePath: '/clinical/labs/v1' },
      {
        '/specimens': {
          get: {
            parameters: [
              { name: 'type', in: 'query', type: 'string', pattern: FILTER },
              { name: 'query', in: 'body', schema: specimen },
            ],
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
    ),
    errors: [
      {
        path: ['paths', '/samples', 'get', 'parameters', '0'],
        message: 'List operation has a request body; expected its inputs as query parameters only',
      },
      {
        path: ['paths', '/specimens', 'get', 'parameters', '1'],
        message: 'List operation has a request body; expected its inputs as query parameters only',
      },
      {
        path: ['paths', '/specimens', 'post'],
        message:
          'POST operation takes operator filters (type); listing and filtering must be a safe, idempotent, cacheable GET',
      },
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
    errors: [
      {
        path: ['paths', '/specimens', 'patch'],
        message:
          'PATCH operation takes operator filters (type); listing and filtering must be a safe, idempotent, cacheable GET',
      },
    ],
  },
  {
    name: 'OpenAPI 3.2: QUERY is a safe method and may filter; an additional operation answering an envelope is not',
    document: openapiDocument('3.2.0', info, {
      '/specimens': {
        query: { parameters: [filterParameter('type')], responses: { '200': page } },
        additionalOperations: { SEARCH: { responses: { '200': page } } },
      },
    }),
    errors: [],
  },
  {
    name: 'not filters: header parameters with the pattern, query parameters with another pattern; no body on a non-list GET is checked',
    document: openapiDocument('3.0.3', info, {
      '/specimens': {
        post: {
          parameters: [
            { name: 'X-Filter', in: 'header', schema: { type: 'string', pattern: FILTER } },
            { name: 'code', in: 'query', schema: { type: 'string', pattern: '^[A-Z]{3}$' } },
          ],
          responses: { '201': jsonResponse(specimen) },
        },
      },
      '/specimens/{id}': { get: { requestBody: body, responses: { '200': jsonResponse(specimen) } } },
    }),
    errors: [],
  },
  {
    name: 'odd inputs give no crash: parameters null, a string parameter, schema null, requestBody null',
    document: openapiDocument('3.1.0', info, {
      '/specimens': {
        get: { requestBody: null, parameters: null, responses: { '200': page } },
        post: { parameters: ['type', null, { name: 'type', in: 'query', schema: null }], responses: null },
        put: { responses: { '200': { description: 'OK', content: { 'application/json': { schema: null } } } } },
      },
    }),
    errors: [],
  },
  {
    name: 'a POST that pages (limit, offset) and answers the envelope with metadata is filtering: reported; an upload answering results is not (as openalpr.com /recognize)',
    document: `
openapi: 3.0.0
info: { title: Plates, version: 1.0.0 }
paths:
  /specimens/search:
    post:
      parameters:
        - { name: limit, in: query, schema: { type: integer } }
      responses:
        '200':
          description: A page
          content:
            application/json:
              schema:
                type: object
                properties:
                  results: { type: array, items: { type: object } }
                  metadata: { type: object }
  /specimens/export:
    post:
      responses:
        '200':
          description: A page
          content:
            application/json:
              schema:
                type: object
                properties:
                  results: { type: array, items: { type: object } }
                  metadata: { type: object }
  /recognize:
    post:
      requestBody:
        content:
          multipart/form-data:
            schema: { type: object, properties: { image: { type: string, format: binary } } }
      responses:
        '200':
          description: Plates found
          content:
            application/json:
              schema:
                type: object
                properties:
                  results: { type: array, items: { type: object, properties: { plate: { type: string } } } }
`,
    errors: [
      {
        path: ['paths', '/specimens/search', 'post'],
        message: 'POST operation pages with limit; listing and filtering must be a safe, idempotent, cacheable GET',
      },
      {
        path: ['paths', '/specimens/export', 'post'],
        message:
          'POST operation answers a list envelope with metadata; listing and filtering must be a safe, idempotent, cacheable GET',
      },
    ],
  },
  {
    name: 'a HEAD beside the GET list, taking the same operator filters (to count matches in headers), is a safe method',
    document: openapiDocument('3.1.0', info, {
      '/specimens': {
        get: { parameters: [filterParameter('type')], responses: { '200': page } },
        head: { parameters: [filterParameter('type')], responses: { '200': { description: 'X-Total-Count' } } },
      },
    }),
    errors: [],
  },
  {
    name: "paged searches by POST (@readme/oas-examples star-trek's POST /animal/search with pageNumber and pageSize; POST /zaken/_zoek?page=2) are reported",
    document: `
openapi: 3.0.1
info: { title: STAPI, version: v1 }
servers: [{ url: 'http://stapi.co/api/v1/rest' }]
paths:
  /animal/search:
    post:
      tags: [Animal]
      description: Searching animals
      parameters:
        - { name: pageNumber, in: query, description: Zero-based page number, schema: { type: integer, format: int32 } }
        - { name: pageSize, in: query, description: Page size, schema: { type: integer, format: int32 } }
        - { name: apiKey, in: query, description: API key, schema: { type: string } }
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema: { properties: { name: { type: string, description: Animal name } } }
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { $ref: '#/components/schemas/AnimalBaseResponse' } } }
  /zaken/_zoek:
    post:
      parameters:
        - { name: page, in: query, schema: { type: integer, minimum: 1 } }
      requestBody:
        content: { application/json: { schema: { type: object, properties: { zaaktype: { type: string } } } } }
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: object
                properties: { count: { type: integer }, next: { type: string }, results: { type: array, items: { type: object } } }
components:
  schemas:
    AnimalBaseResponse:
      type: object
      properties:
        page: { type: object }
        animals: { type: array, items: { type: object, properties: { uid: { type: string } } } }
`,
    errors: [
      {
        path: ['paths', '/animal/search', 'post'],
        message:
          'POST operation pages with pageNumber, pageSize; listing and filtering must be a safe, idempotent, cacheable GET',
      },
      {
        path: ['paths', '/zaken/_zoek', 'post'],
        message: 'POST operation pages with page; listing and filtering must be a safe, idempotent, cacheable GET',
      },
    ],
  },
  {
    name: "a POST answering one object is no paged search (Google Drive's POST /changes/watch with pageToken answers a Channel; Asana's create with its shared limit/offset)",
    document: `
openapi: 3.0.0
info: { title: Drive API, version: v3 }
paths:
  /changes/watch:
    post:
      parameters:
        - { in: query, name: pageToken, required: true, schema: { type: string } }
        - { in: query, name: pageSize, schema: { type: integer, default: 100 } }
      requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/Channel' } } } }
      responses:
        '200':
          description: Successful response
          content: { application/json: { schema: { $ref: '#/components/schemas/Channel' } } }
  /custom_fields:
    post:
      parameters:
        - { in: query, name: limit, schema: { type: integer } }
        - { in: query, name: offset, schema: { type: string } }
      responses:
        '201':
          description: The custom field was created
          content: { application/json: { schema: { type: object, properties: { data: { $ref: '#/components/schemas/Channel' } } } } }
components:
  schemas:
    Channel:
      type: object
      properties: { id: { type: string }, resourceId: { type: string }, expiration: { type: string }, params: { type: object } }
`,
    errors: [],
  },
  {
    name: "a POST taking a timestamp named after alone is no paged search (here.com's POST /shadows/v2/batch?after=…)",
    document: `
openapi: 3.0.0
info: { title: HERE Tracking, version: 2.0.0 }
paths:
  /shadows/v2/batch:
    post:
      parameters:
        - { in: query, name: after, schema: { type: string, format: date-time } }
      requestBody: { content: { application/json: { schema: { type: array, items: { type: string } } } } }
      responses:
        '200':
          description: The shadows of the devices
          content:
            application/json:
              schema: { type: object, properties: { data: { type: array, items: { type: object, properties: { trackingId: { type: string } } } } } }
`,
    errors: [],
  },
  {
    name: 'a POST search marked x-list-operation: false answering {results, metadata} is exempt',
    document: `
openapi: 3.0.3
info: { title: Searches, version: 1.0.0 }
paths:
  /samples/search:
    post:
      x-list-operation: false
      requestBody:
        content:
          application/json:
            schema: { type: object, properties: { query: { type: string } } }
      responses:
        '200':
          description: The matching samples
          content:
            application/json:
              schema:
                type: object
                properties:
                  results: { type: array, items: { type: object, properties: { id: { type: string } } } }
                  metadata: { type: object, properties: { total: { type: integer } } }
`,
    errors: [],
  },
  {
    name: "AWS Glue's GetJobs, a POST paged by the query's MaxResults and NextToken (paging names compared without case)",
    document: `
openapi: 3.0.0
info: { title: AWS Glue, version: 2017-03-31 }
paths:
  /#X-Amz-Target=AWSGlue.GetJobs:
    post:
      operationId: GetJobs
      parameters:
        - { name: MaxResults, in: query, schema: { type: string }, description: Pagination limit, required: false }
        - { name: NextToken, in: query, schema: { type: string }, description: Pagination token, required: false }
        - { name: X-Amz-Target, in: header, required: true, schema: { type: string, enum: [AWSGlue.GetJobs] } }
      requestBody:
        required: true
        content:
          application/json:
            schema: { type: object, properties: { NextToken: { type: string }, MaxResults: { type: integer } } }
      responses:
        '200':
          description: Success
          content:
            application/json:
              schema:
                type: object
                properties:
                  Jobs: { type: array, items: { type: object, properties: { Name: { type: string } } } }
                  NextToken: { type: string }
`,
    errors: [
      {
        path: ['paths', '/#X-Amz-Target=AWSGlue.GetJobs', 'post'],
        message:
          'POST operation pages with MaxResults, NextToken; listing and filtering must be a safe, idempotent, cacheable GET',
      },
    ],
  },
]);
