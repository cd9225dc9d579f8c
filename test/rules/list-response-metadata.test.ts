import {
  apiInfo,
  CURSOR as cursor,
  jsonResponse,
  LIMIT as limit,
  listEnvelope,
  OFFSET as offset,
  openapiDocument,
} from '../__helpers__/documents';
import { testRule } from '../__helpers__/spectral';

const info = apiInfo('Labs');
const specimen = { type: 'object', properties: { id: { type: 'string' } } };
const int = { type: 'integer' };
const str = { type: 'string' };
/** A list envelope of specimens, with the given metadata, if any. */
const envelope = (metadata?: unknown) => listEnvelope(specimen, metadata === undefined ? {} : { metadata });
const meta = (properties: Record<string, unknown>) => ({ type: 'object', properties });
const list = (parameters: unknown[], schema: unknown) => ({
  get: { parameters, responses: { '200': jsonResponse(schema) } },
});

const SCHEMA = ['paths', '/specimens', 'get', 'responses', '200', 'content', 'application/json', 'schema'];
const METADATA = [...SCHEMA, 'properties', 'metadata'];

testRule('list-response-metadata', [
  {
    name: 'Mist: one metric of an MSP over a time window (start and end), answering its results: a single resource, not a list',
    document: openapiDocument('3.0.3', info, {
      '/specimens/{specimenId}/insights/{metric}': {
        get: {
          parameters: [
            { name: 'specimenId', in: 'path', required: true, schema: str },
            { name: 'metric', in: 'path', required: true, schema: str },
            { name: 'start', in: 'query', schema: int },
            { name: 'end', in: 'query', schema: int },
          ],
          responses: {
            '200': jsonResponse({
              type: 'object',
              properties: { start: int, end: int, interval: int, results: { type: 'array', items: specimen } },
            }),
          },
        },
      },
    }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.1: offset pagination with total, limit and offset is clean',
    document: openapiDocument('3.1.0', info, {
      '/specimens': list([limit, offset], envelope(meta({ total: int, limit: int, offset: int }))),
    }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.0: cursor pagination with total, limit and cursor is clean (3.1 type lists too)',
    document: openapiDocument('3.1.0', info, {
      '/specimens': list(
        [limit, cursor],
        envelope(meta({ total: { type: ['integer', 'null'] }, limit: int, cursor: { type: ['string', 'null'] } })),
      ),
    }),
    errors: [],
  },
  {
    name: 'an envelope without metadata is reported at its properties, naming the pagination offered',
    document: openapiDocument('3.0.3', info, { '/specimens': list([limit, offset], envelope()) }),
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'responses', '200', 'content', 'application/json', 'schema', 'properties'],
        message:
          'List envelope has no "metadata"; expected metadata with total and limit (integers), and offset (integer) or cursor (string) as the list paginates',
      },
    ],
  },
  {
    name: 'cursor pagination whose metadata carries offset instead of cursor',
    document: openapiDocument('3.0.3', info, {
      '/specimens': list([limit, cursor], envelope(meta({ total: int, limit: int, offset: int }))),
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
          'metadata',
          'properties',
        ],
        message:
          'The list offers cursor pagination, but the metadata has "offset" instead of "cursor"; expected metadata with cursor (string) and no offset',
      },
    ],
  },
  {
    name: 'neither offset nor cursor offered: metadata needs one of them; missing total and limit are named',
    document: openapiDocument('3.0.3', info, { '/specimens': list([], envelope(meta({ page: int }))) }),
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
          'metadata',
          'properties',
        ],
        message:
          'List metadata lacks "total" and "limit"; expected total and limit (integers), and offset (integer) or cursor (string) as the list paginates; and The list offers no single pagination style, and the metadata has neither "offset" nor "cursor"; expected metadata with offset (integer) or cursor (string)',
      },
    ],
  },
  {
    name: 'wrong member types: at their type keyword, or at the member when it declares none',
    document: openapiDocument('3.1.0', info, {
      '/specimens': list(
        [limit, cursor],
        envelope(meta({ total: str, limit: { description: 'page size' }, cursor: int })),
      ),
    }),
    errors: [
      {
        path: [...METADATA, 'properties', 'total', 'type'],
        message: 'List metadata "total" is of type string; expected integer',
      },
      {
        path: [...METADATA, 'properties', 'limit'],
        message: 'List metadata "limit" declares no type; expected integer',
      },
      {
        path: [...METADATA, 'properties', 'cursor', 'type'],
        message: 'List metadata "cursor" is of type integer; expected string',
      },
    ],
  },
  {
    name: 'a shared envelope: one finding at the component; an offset and a cursor operation are judged each by their own pagination',
    document: `
openapi: 3.1.0
info: { title: Labs, version: 1.0.0 }
paths:
  /specimens:
    get:
      parameters:
        - { $ref: '#/components/parameters/Limit' }
        - { $ref: '#/components/parameters/Offset' }
      responses:
        '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/SpecimenPage' } } } }
  /archived-specimens:
    get:
      parameters:
        - { $ref: '#/components/parameters/Limit' }
        - { $ref: '#/components/parameters/Offset' }
      responses:
        '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/SpecimenPage' } } } }
  /patients/{patientId}/specimens:
    get:
      parameters:
        - { name: patientId, in: path, required: true, schema: { type: string } }
        - { $ref: '#/components/parameters/Limit' }
        - { name: cursor, in: query, schema: { type: string } }
      responses:
        '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/SpecimenPage' } } } }
components:
  parameters:
    Limit: { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 100, default: 20 } }
    Offset: { name: offset, in: query, schema: { type: integer, minimum: 0, default: 0 } }
  schemas:
    SpecimenPage:
      type: object
      required: [results]
      properties:
        results: { type: array, items: { type: object } }
        metadata: { $ref: '#/components/schemas/PageMetadata' }
    PageMetadata:
      type: object
      properties:
        total: { type: integer }
        offset: { type: integer }
`,
    errors: [
      {
        path: ['components', 'schemas', 'PageMetadata', 'properties'],
        message:
          'List metadata lacks "limit"; expected total and limit (integers), and offset (integer) or cursor (string) as the list paginates',
      },
      {
        path: [
          'paths',
          '/patients/{patientId}/specimens',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          '$ref',
        ],
        message:
          'SpecimenPage, used by this list, does not fit it: the list offers cursor pagination, but the metadata has "offset" instead of "cursor"; expected metadata with cursor (string) and no offset',
      },
    ],
  },
  {
    name: 'Swagger 2.0: metadata merged over allOf members in definitions',
    document: `
swagger: '2.0'
info: { title: Labs, version: 1.0.0 }
basePath: /clinical/labs/v1
paths:
  /specimens:
    get:
      parameters:
        - { name: limit, in: query, type: integer, minimum: 1, maximum: 100, default: 20 }
        - { name: offset, in: query, type: integer, minimum: 0, default: 0 }
      responses:
        '200': { description: OK, schema: { $ref: '#/definitions/SpecimenPage' } }
  /samples:
    get:
      parameters:
        - { name: offset, in: query, type: integer, minimum: 0, default: 0 }
      responses:
        '200':
          description: OK
          schema:
            type: object
            required: [results]
            properties:
              results: { type: array, items: { type: object } }
              metadata: { type: object, properties: { total: { type: number }, limit: { type: integer }, offset: { type: integer } } }
definitions:
  SpecimenPage:
    type: object
    required: [results]
    properties:
      results: { type: array, items: { type: object } }
      metadata:
        allOf:
          - $ref: '#/definitions/Counted'
          - properties: { limit: { type: integer }, offset: { type: integer } }
  Counted:
    type: object
    properties: { total: { type: integer } }
`,
    errors: [
      {
        path: [
          'paths',
          '/samples',
          'get',
          'responses',
          '200',
          'schema',
          'properties',
          'metadata',
          'properties',
          'total',
          'type',
        ],
        message: 'List metadata "total" is of type number; expected integer',
      },
    ],
  },
  {
    name: 'not checked: a bare array (list-response-envelope reports it), x-list-operation: false, a single resource',
    document: openapiDocument('3.0.3', info, {
      '/specimens': list([limit, offset], { type: 'array', items: specimen }),
      '/samples': {
        get: { 'x-list-operation': false, parameters: [limit, offset], responses: { '200': jsonResponse(envelope()) } },
      },
      '/samples/{id}': { get: { responses: { '200': jsonResponse(specimen) } } },
    }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.2: a list envelope answered under 2XX is checked; pagination read from the path item',
    document: openapiDocument('3.2.0', info, {
      '/specimens': { parameters: [limit, cursor], get: { responses: { '2XX': jsonResponse(envelope()) } } },
    }),
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'responses', '2XX', 'content', 'application/json', 'schema', 'properties'],
        message:
          'List envelope has no "metadata"; expected metadata with total and limit (integers), and offset (integer) or cursor (string) as the list paginates',
      },
    ],
  },
  {
    name: 'odd inputs give no crash: null parameters and metadata, string parameters, unresolved metadata',
    document: openapiDocument('3.1.0', info, {
      '/a': { get: { parameters: null, responses: { '200': jsonResponse(envelope(null)) } } },
      '/b': {
        get: {
          parameters: ['offset', null, { name: 'cursor', in: 'query', schema: null }],
          responses: { '200': jsonResponse(envelope({ $ref: '#/nowhere' })) },
        },
      },
    }),
    // Spectral's own invalid-ref reports the unresolved $ref; the rule stays silent about it.
    errors: [
      {
        code: 'invalid-ref',
        path: [
          'paths',
          '/b',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'metadata',
          '$ref',
        ],
        message: "'#/nowhere' does not exist",
      },
    ],
  },
  {
    name: 'a list offering both offset and cursor, whose metadata gives total, limit and offset: the metadata fits',
    document: openapiDocument('3.1.0', info, {
      '/specimens': list([limit, offset, cursor], envelope(meta({ total: int, limit: int, offset: int }))),
    }),
    errors: [],
  },
  {
    name: "offset pagination only, whose metadata declares cursor too: at the metadata's properties",
    document: openapiDocument('3.1.0', info, {
      '/specimens': list([limit, offset], envelope(meta({ total: int, limit: int, offset: int, cursor: str }))),
    }),
    errors: [
      {
        path: [...METADATA, 'properties'],
        message:
          'The list offers offset pagination only, but the metadata declares "cursor" too; expected metadata with offset (integer) and no cursor',
      },
    ],
  },
  {
    name: 'a cursor list whose metadata has neither cursor nor offset; an offset list whose metadata offset is a string',
    document: openapiDocument('3.1.0', info, {
      '/specimens': list([limit, cursor], envelope(meta({ total: int, limit: int }))),
      '/samples': list([limit, offset], envelope(meta({ total: int, limit: int, offset: str }))),
    }),
    errors: [
      {
        path: [...METADATA, 'properties'],
        message:
          'The list offers cursor pagination, but the metadata has no "cursor"; expected metadata with cursor (string) and no offset',
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
          'metadata',
          'properties',
          'offset',
          'type',
        ],
        message: 'List metadata "offset" is of type string; expected integer',
      },
    ],
  },
  {
    name: 'neither offset nor cursor offered, metadata with total, limit and cursor: the metadata fits',
    document: openapiDocument('3.1.0', info, {
      '/specimens': list([limit], envelope(meta({ total: int, limit: int, cursor: str }))),
    }),
    errors: [],
  },
  {
    name: 'not checked: items wrapped in "data" (list-response-envelope reports it), and a schema typed array that also declares envelope properties',
    document: openapiDocument('3.1.0', info, {
      '/specimens': list([limit, offset], { type: 'object', properties: { data: { type: 'array', items: specimen } } }),
      '/samples': list([limit, offset], { ...envelope(), type: 'array', items: specimen }),
    }),
    errors: [],
  },
  {
    name: 'a cursor list whose metadata is a $ref to a shared offset metadata schema: reported at that $ref',
    document: `
openapi: 3.1.0
info: { title: Orders, version: 1.0.0 }
paths:
  /orders:
    get:
      parameters:
        - { name: limit, in: query, schema: { type: integer } }
        - { name: cursor, in: query, schema: { type: string } }
      responses:
        '200':
          description: A page of orders
          content:
            application/json:
              schema:
                type: object
                properties:
                  results: { type: array, items: { $ref: '#/components/schemas/Order' } }
                  metadata: { $ref: '#/components/schemas/PageMetadata' }
components:
  schemas:
    Order:
      type: object
      properties: { id: { type: string } }
    PageMetadata:
      type: object
      properties:
        total: { type: integer }
        limit: { type: integer }
        offset: { type: integer }
`,
    errors: [
      {
        path: [
          'paths',
          '/orders',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'metadata',
          '$ref',
        ],
        message:
          'PageMetadata, used by this list, does not fit it: the list offers cursor pagination, but the metadata has "offset" instead of "cursor"; expected metadata with cursor (string) and no offset',
      },
    ],
  },
]);
