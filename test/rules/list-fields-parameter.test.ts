import {
  apiInfo,
  jsonResponse,
  listEnvelope,
  listOperation,
  listPage,
  openapiDocument,
  queryParameter,
  swaggerDocument,
} from '../__helpers__/documents';
import { testRule } from '../__helpers__/spectral';

const info = apiInfo('Labs');
const specimen = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    status: { type: 'string' },
    collector: {
      type: 'object',
      properties: { name: { type: 'string' }, address: { type: 'object', properties: { city: { type: 'string' } } } },
    },
    tests: { type: 'array', items: { type: 'object', properties: { code: { type: 'string' } } } },
  },
};
const FIELDS = 'id, status, collector, tests';
const page = (items: unknown = specimen) => listPage(items);
/** A fields parameter, a query string; `extra` adds parameter members, `schema` schema members. */
const fields = (extra: Record<string, unknown> = {}, schema: Record<string, unknown> = {}) =>
  queryParameter('fields', { type: 'string', ...schema }, extra);
/** A list operation taking `parameters`, answering a page of specimens unless told. */
const list = (parameters: unknown, items: unknown = specimen) => listOperation(parameters, items);
const P = (...rest: (string | number)[]) => ['paths', '/specimens', 'get', 'parameters', ...rest];
const GRAMMAR = (value: string) =>
  `"fields" example "${value}" is not a list of camelCase names; expected names separated by commas, dots for nested fields, such as "id,name,address.city"`;
const UNKNOWN = (field: string, list = FIELDS) =>
  `"fields" example selects "${field}", which is not a field of the listed item; expected one of ${list}`;

testRule('list-fields-parameter', [
  {
    name: 'OpenAPI 3.1: a string of field names of the item, nested and through arrays, is clean; an empty value means all fields',
    document: openapiDocument('3.1.0', info, {
      '/specimens': list([
        fields({
          example: 'id,status,collector.name',
          examples: { deep: { value: 'collector.address.city,tests.code' }, all: { value: '' } },
        }),
      ]),
    }),
    errors: [],
  },
  {
    name: 'not a string: at its type, or at the schema when it declares none; not in query: at its "in"',
    document: openapiDocument('3.0.3', info, {
      '/specimens': list([{ name: 'fields', in: 'query', schema: { type: 'array', items: { type: 'string' } } }]),
      '/samples': list([{ name: 'fields', in: 'header', schema: { description: 'wanted fields' } }]),
    }),
    errors: [
      {
        path: P(0, 'schema', 'type'),
        message: '"fields" is of type array; expected a string of comma-separated camelCase field names',
      },
      {
        path: ['paths', '/samples', 'get', 'parameters', 0, 'in'],
        message: '"fields" is in header; expected it in query',
      },
      {
        path: ['paths', '/samples', 'get', 'parameters', 0, 'schema'],
        message: '"fields" declares no type; expected a string of comma-separated camelCase field names',
      },
    ],
  },
  {
    name: 'examples that are not camelCase name lists: capitals, spaces, empty items, snake_case, trailing dots',
    document: openapiDocument('3.1.0', info, {
      '/specimens': list([
        fields(
          {
            examples: {
              upper: { value: 'id,Status' },
              space: { value: 'id, status' },
              empty: { value: 'id,,status' },
              snake: { value: 'collected_at' },
            },
          },
          { example: 'collector.', default: 'id' },
        ),
      ]),
    }),
    errors: [
      { path: P(0, 'examples', 'upper', 'value'), message: GRAMMAR('id,Status') },
      { path: P(0, 'examples', 'space', 'value'), message: GRAMMAR('id, status') },
      { path: P(0, 'examples', 'empty', 'value'), message: GRAMMAR('id,,status') },
      { path: P(0, 'examples', 'snake', 'value'), message: GRAMMAR('collected_at') },
      { path: P(0, 'schema', 'example'), message: GRAMMAR('collector.') },
    ],
  },
  {
    name: 'examples naming fields the listed item lacks, nested names included: one finding per name',
    document: openapiDocument('3.0.3', info, {
      '/specimens': list([fields({ example: 'id,colour,collector.age,collector.address.city,status.code' })]),
    }),
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'parameters', '0', 'example'],
        message:
          '"fields" example selects "colour", "collector.age" and "status.code", which are not fields of the listed item; expected one of id, status, collector, tests',
      },
    ],
  },
  {
    name: 'Swagger 2.0: type on the parameter itself, x-example checked',
    document: swaggerDocument(
      info,
      { basePath: '/clinical/labs/v1' },
      {
        '/specimens': {
          get: {
            parameters: [{ name: 'fields', in: 'query', type: 'string', 'x-example': 'id,collector.nickname' }],
            responses: { '200': { description: 'OK', schema: listEnvelope(specimen) } },
          },
        },
        '/samples': {
          get: {
            parameters: [{ name: 'fields', in: 'query', type: 'array', items: { type: 'string' } }],
            responses: { '200': { description: 'OK', schema: { type: 'array', items: specimen } } },
          },
        },
      },
    ),
    errors: [
      { path: P(0, 'x-example'), message: UNKNOWN('collector.nickname') },
      {
        path: ['paths', '/samples', 'get', 'parameters', 0, 'type'],
        message: '"fields" is of type array; expected a string of comma-separated camelCase field names',
      },
    ],
  },
  {
    name: 'a shared fields parameter used by two list operations of the same item gives one finding, at the component',
    document: `
openapi: 3.1.0
info: { title: Labs, version: 1.0.0 }
paths:
  /specimens:
    get:
      parameters: [{ $ref: '#/components/parameters/Fields' }]
      responses: { '200': { $ref: '#/components/responses/SpecimenPage' } }
  /archived-specimens:
    get:
      parameters: [{ $ref: '#/components/parameters/Fields' }]
      responses: { '200': { $ref: '#/components/responses/SpecimenPage' } }
components:
  parameters:
    Fields:
      name: fields
      in: query
      schema: { type: integer }
      examples:
        some: { value: 'id,kind' }
  responses:
    SpecimenPage:
      description: OK
      content:
        application/json:
          schema:
            type: object
            required: [results]
            properties:
              results: { type: array, items: { $ref: '#/components/schemas/Specimen' } }
  schemas:
    Specimen:
      allOf:
        - { type: object, properties: { id: { type: string } } }
        - { properties: { type: { type: string } } }
`,
    errors: [
      {
        path: ['components', 'parameters', 'Fields', 'schema', 'type'],
        message: '"fields" is of type integer; expected a string of comma-separated camelCase field names',
      },
      {
        path: ['components', 'parameters', 'Fields', 'examples', 'some', 'value'],
        message: UNKNOWN('kind', 'id, type'),
      },
    ],
  },
  {
    name: 'a shared fields parameter whose example fits one list and not another: at the $ref of the list it does not fit',
    document: openapiDocument(
      '3.1.0',
      info,
      {
        '/specimens': list([{ $ref: '#/components/parameters/Fields' }]),
        '/patients': list([{ $ref: '#/components/parameters/Fields' }], {
          type: 'object',
          properties: { id: { type: 'string' }, birthDate: { type: 'string' } },
        }),
      },
      { components: { parameters: { Fields: fields({ example: 'id,status' }) } } },
    ),
    errors: [
      {
        path: ['paths', '/patients', 'get', 'parameters', 0, '$ref'],
        message:
          'Fields ("fields"), used by this list, has example "id,status" selecting "status", not fields of its listed item; expected fields among id, birthDate',
      },
    ],
  },
  {
    name: 'a shared fields parameter whose example fits none of its two lists: one finding at the component, as the first list reads it',
    document: openapiDocument(
      '3.1.0',
      info,
      {
        '/specimens': list([{ $ref: '#/components/parameters/Fields' }]),
        '/patients': list([{ $ref: '#/components/parameters/Fields' }], {
          type: 'object',
          properties: { id: { type: 'string' }, birthDate: { type: 'string' } },
        }),
      },
      { components: { parameters: { Fields: fields({ example: 'id,colour' }) } } },
    ),
    errors: [{ path: ['components', 'parameters', 'Fields', 'example'], message: UNKNOWN('colour') }],
  },
  {
    name: 'path-item parameters are overridden by operation parameters of the same name and location',
    document: openapiDocument('3.0.3', info, {
      '/specimens': {
        parameters: [fields({}, { type: 'integer' })],
        get: { parameters: [fields({ example: 'id' })], responses: { '200': page() } },
      },
      '/samples': { parameters: [fields({ example: 'id,Status' })], get: { responses: { '200': page() } } },
    }),
    errors: [{ path: ['paths', '/samples', 'parameters', 0, 'example'], message: GRAMMAR('id,Status') }],
  },
  {
    name: 'names unchecked when the listed item is unknown; the grammar still is',
    document: openapiDocument('3.0.3', info, {
      '/specimens': list([fields({ examples: { a: { value: 'anything,at.all' }, b: { value: 'Bad' } } })], {
        type: 'object',
      }),
    }),
    errors: [{ path: P(0, 'examples', 'b', 'value'), message: GRAMMAR('Bad') }],
  },
  {
    name: 'not list operations: x-list-operation: false, a single resource, a POST; x-list-operation: true is checked',
    document: openapiDocument('3.2.0', info, {
      '/specimens': {
        get: { 'x-list-operation': false, parameters: [fields({ example: 'Bad' })], responses: { '200': page() } },
      },
      '/specimens/{id}': {
        get: { parameters: [fields({ example: 'colour' })], responses: { '200': jsonResponse(specimen) } },
      },
      '/samples': {
        post: { parameters: [fields({ example: 'Bad' })], responses: { '200': page() } },
        get: {
          'x-list-operation': true,
          parameters: [fields({ example: 'Bad' })],
          responses: { '200': jsonResponse({ type: 'object' }) },
        },
      },
    }),
    errors: [{ path: ['paths', '/samples', 'get', 'parameters', 0, 'example'], message: GRAMMAR('Bad') }],
  },
  {
    name: 'odd inputs give no crash: parameters null, a string parameter, schema null, non-string examples',
    document: openapiDocument('3.1.0', info, {
      '/specimens': list([
        'fields',
        null,
        { name: 'fields', in: 'query', schema: null, example: ['id'], examples: { a: null, b: 'x' } },
      ]),
      '/samples': list(null),
    }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.1: an item property given as the schema true accepts any nested name (specimen.collectedBy)',
    document: `
openapi: 3.1.0
info: { title: Samples, version: 1.0.0 }
paths:
  /samples:
    get:
      parameters:
        - name: fields
          in: query
          schema: { type: string }
          example: id,specimen.collectedBy
      responses:
        '200':
          description: A page of samples
          content:
            application/json:
              schema:
                type: object
                required: [results]
                properties:
                  results:
                    type: array
                    items:
                      type: object
                      properties:
                        id: { type: string }
                        specimen: true
`,
    errors: [],
  },
  {
    name: 'a fields example selecting an envelope member (metadata.total, as §4.5 writes it) beside fields of the listed item is clean',
    document: `
openapi: 3.1.0
info: { title: Labs, version: 1.0.0 }
paths:
  /clinical/labs/v1/specimens:
    get:
      parameters:
        - name: fields
          in: query
          schema: { type: string, pattern: '^[a-z][a-zA-Z0-9]*(?:\\.[a-z][a-zA-Z0-9]*)*(?:,[a-z][a-zA-Z0-9]*(?:\\.[a-z][a-zA-Z0-9]*)*)*$' }
          example: id,type,metadata.total
      responses:
        '200':
          description: A page of specimens
          content:
            application/json:
              schema:
                type: object
                required: [results, metadata]
                properties:
                  results:
                    type: array
                    items: { type: object, properties: { id: { type: string }, type: { type: string } } }
                  metadata:
                    type: object
                    properties:
                      total: { type: integer }
                      limit: { type: integer }
                      offset: { type: integer }
`,
    errors: [],
  },
  {
    name: 'a fields example selecting a member the envelope lacks is still reported',
    document: `
openapi: 3.1.0
info: { title: Labs, version: 1.0.0 }
paths:
  /clinical/labs/v1/specimens:
    get:
      parameters:
        - { name: fields, in: query, schema: { type: string }, example: 'id,metadata.pages' }
      responses:
        '200':
          description: A page of specimens
          content:
            application/json:
              schema:
                type: object
                properties:
                  results:
                    type: array
                    items: { type: object, properties: { id: { type: string }, type: { type: string } } }
                  metadata: { type: object, properties: { total: { type: integer } } }
`,
    errors: [
      {
        path: ['paths', '/clinical/labs/v1/specimens', 'get', 'parameters', '0', 'example'],
        message:
          '"fields" example selects "metadata.pages", which is not a field of the listed item; expected one of id, type',
      },
    ],
  },
]);
