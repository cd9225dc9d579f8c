import {
  apiInfo,
  FILTER_PATTERN,
  filterParameter,
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
const FILTER = FILTER_PATTERN;
const specimen = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    type: { type: 'string' },
    status: { type: 'string', 'x-extensible-enum': ['POSITIVE', 'NEGATIVE', 'UNREADABLE'] },
    collectedAt: { type: 'string', format: 'date' },
    collector: { type: 'object', properties: { name: { type: 'string' } } },
    tests: { type: 'array', items: { type: 'object', properties: { code: { type: 'string' } } } },
  },
};
const page = (items: unknown = specimen) => listPage(items);
/** A list operation taking `parameters`, answering a page of specimens unless told. */
const list = (parameters: unknown, items: unknown = specimen) => listOperation(parameters, items);
const P = (...rest: (string | number)[]) => ['paths', '/specimens', 'get', 'parameters', ...rest];
const grammar = (name: string, value: string, defect: string) =>
  `Filter "${name}" example "${value}" breaks the filter grammar: ${defect}`;
const NOT_OPERATOR = (op: string) => `"${op}" is not an operator (eq, ne, gt, lt, gte, lte, in, nin, like, ilike)`;
const OPERAND = 'the value after the operator must be non-empty and contain no ":" or "&"';

testRule('list-filter-parameters', [
  {
    name: 'OpenAPI 3.1: pattern filters, an x-extensible-enum filter and a dot-path filter with valid examples are clean',
    document: openapiDocument('3.1.0', info, {
      '/specimens': list([
        { name: 'limit', in: 'query', schema: { type: 'integer' } },
        { name: 'sort', in: 'query', schema: { type: 'string' } },
        filterParameter('type', {
          examples: { eq: { value: 'eq:blood' }, ne: { value: 'ne:urine' }, plain: { value: 'saliva' } },
        }),
        {
          name: 'status',
          in: 'query',
          schema: { type: 'string', 'x-extensible-enum': ['POSITIVE', 'NEGATIVE'] },
          example: 'in:POSITIVE,NEGATIVE',
        },
        filterParameter('collectedAt', {}, { examples: ['gte:2026-01-01', 'lte:2026-12-31'] }),
        filterParameter('collector.name', {
          examples: {
            prefix: { value: 'like:Smi*' },
            anyCase: { value: 'ilike:*smith*' },
            none: { value: 'nin:Doe, Roe' },
          },
        }),
        filterParameter('tests.code', { example: 'in:HB,HCT' }),
        { name: 'X-Request-Id', in: 'header', schema: { type: 'integer' } },
      ]),
    }),
    errors: [],
  },
  {
    name: 'a filter that names no field of the listed item (dot paths included) is reported at its name',
    document: openapiDocument('3.0.3', info, {
      '/specimens': list([filterParameter('colour'), filterParameter('collector.age'), filterParameter('type.name')]),
    }),
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'parameters', '0', 'name'],
        message:
          'Query parameter "colour" names no field of the listed item; expected a filter named after one of id, type, status, collectedAt, collector, tests, or no such query parameter',
      },
      {
        path: ['paths', '/specimens', 'get', 'parameters', '1', 'name'],
        message:
          'Query parameter "collector.age" names no field of the listed item; expected a filter named after one of id, type, status, collectedAt, collector, tests, or no such query parameter',
      },
      {
        path: ['paths', '/specimens', 'get', 'parameters', '2', 'name'],
        message:
          'Query parameter "type.name" names no field of the listed item; expected a filter named after one of id, type, status, collectedAt, collector, tests, or no such query parameter',
      },
    ],
  },
  {
    name: 'a filter that is not a string: at its type, or at the schema when it declares none',
    document: openapiDocument('3.0.3', info, {
      '/specimens': list([
        { name: 'id', in: 'query', schema: { type: 'integer' } },
        { name: 'type', in: 'query', schema: { pattern: FILTER } },
      ]),
    }),
    errors: [
      {
        path: P(0, 'schema', 'type'),
        message: 'Filter "id" is of type integer; expected a string "[<operator>:]<value>"',
      },
      { path: P(1, 'schema'), message: 'Filter "type" declares no type; expected a string "[<operator>:]<value>"' },
    ],
  },
  {
    name: 'a string filter without the operator pattern or an enum: at the schema, or at its own pattern',
    document: openapiDocument('3.1.0', info, {
      '/specimens': list([
        { name: 'type', in: 'query', schema: { type: 'string' } },
        { name: 'id', in: 'query', schema: { type: 'string', pattern: '^[a-z]+$' } },
        { name: 'status', in: 'query', schema: { type: 'string', enum: ['POSITIVE'] } },
      ]),
    }),
    errors: [
      {
        path: P(0, 'schema'),
        message: `Filter "type" declares no pattern; expected pattern ${FILTER} or x-extensible-enum`,
      },
      { path: P(1, 'schema', 'pattern'), message: `Filter "id" pattern is "^[a-z]+$"; expected ${FILTER}` },
    ],
  },
  {
    name: 'example grammar: unknown operator, empty or colon operand, & in a value, empty in:/nin: items, % as like: wildcard',
    document: openapiDocument('3.1.0', info, {
      '/specimens': list([
        filterParameter('type', {
          examples: { between: { value: 'between:a' }, empty: { value: 'eq:' }, amp: { value: 'blood&urine' } },
        }),
        filterParameter('collectedAt', { example: 'gte:2026-01-01T10:00' }),
        filterParameter('status', {}, { example: 'in:POSITIVE,,NEGATIVE', default: 'nin:,UNREADABLE' }),
        filterParameter('collector.name', {}, { examples: ['like:Smi%', 'ilike:%smith%', 'like:Smi*'] }),
      ]),
    }),
    errors: [
      { path: P(0, 'examples', 'between', 'value'), message: grammar('type', 'between:a', NOT_OPERATOR('between')) },
      { path: P(0, 'examples', 'empty', 'value'), message: grammar('type', 'eq:', OPERAND) },
      { path: P(0, 'examples', 'amp', 'value'), message: grammar('type', 'blood&urine', OPERAND) },
      { path: P(1, 'example'), message: grammar('collectedAt', 'gte:2026-01-01T10:00', OPERAND) },
      {
        path: P(2, 'schema', 'example'),
        message: grammar('status', 'in:POSITIVE,,NEGATIVE', 'in: takes a comma-separated list without empty items'),
      },
      {
        path: P(2, 'schema', 'default'),
        message: grammar('status', 'nin:,UNREADABLE', 'nin: takes a comma-separated list without empty items'),
      },
      {
        path: P(3, 'schema', 'examples', 0),
        message: grammar('collector.name', 'like:Smi%', 'like: uses * as its wildcard, not %'),
      },
      {
        path: P(3, 'schema', 'examples', 1),
        message: grammar('collector.name', 'ilike:%smith%', 'ilike: uses * as its wildcard, not %'),
      },
    ],
  },
  {
    name: 'Swagger 2.0: type and pattern on the parameter itself, x-example checked',
    document: swaggerDocument(
      info,
      { basePath: '/clinical/labs/v1' },
      {
        '/specimens': {
          get: {
            parameters: [
              { name: 'type', in: 'query', type: 'string', pattern: FILTER, 'x-example': 'like:blo%' },
              { name: 'collectedAt', in: 'query', type: 'string' },
              { name: 'id', in: 'query', type: 'integer' },
              { name: 'status', in: 'query', type: 'string', 'x-extensible-enum': ['POSITIVE'], default: 'POSITIVE' },
            ],
            responses: { '200': { description: 'OK', schema: listEnvelope(specimen) } },
          },
        },
      },
    ),
    errors: [
      { path: P(0, 'x-example'), message: grammar('type', 'like:blo%', 'like: uses * as its wildcard, not %') },
      {
        path: P(1),
        message: `Filter "collectedAt" declares no pattern; expected pattern ${FILTER} or x-extensible-enum`,
      },
      { path: P(2, 'type'), message: 'Filter "id" is of type integer; expected a string "[<operator>:]<value>"' },
    ],
  },
  {
    name: 'a shared filter parameter used by two list operations gives one finding per defect, at the component; a shared parameter that names no field of any list using it is one finding at the component',
    document: `
openapi: 3.1.0
info: { title: Labs, version: 1.0.0 }
paths:
  /specimens:
    get:
      parameters: [{ $ref: '#/components/parameters/Colour' }, { $ref: '#/components/parameters/Type' }]
      responses: { '200': { $ref: '#/components/responses/SpecimenPage' } }
  /archived-specimens:
    get:
      parameters: [{ $ref: '#/components/parameters/Colour' }, { $ref: '#/components/parameters/Type' }]
      responses: { '200': { $ref: '#/components/responses/SpecimenPage' } }
components:
  parameters:
    Colour: { name: colour, in: query, schema: { type: string, pattern: '${FILTER}' } }
    Type: { name: type, in: query, schema: { type: string }, example: 'gt:' }
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
    Specimen: { type: object, properties: { id: { type: string }, type: { type: string } } }
`,
    errors: [
      {
        path: ['components', 'parameters', 'Type', 'example'],
        message:
          'Filter "type" example "gt:" breaks the filter grammar: the value after the operator must be non-empty and contain no ":" or "&"',
      },
      {
        path: ['components', 'parameters', 'Type', 'schema'],
        message:
          'Filter "type" declares no pattern; expected pattern ^(eq|ne|gt|lt|gte|lte|in|nin|like|ilike)?:?([^:&]+)$ or x-extensible-enum',
      },
      {
        path: ['components', 'parameters', 'Colour', 'name'],
        message:
          'Query parameter "colour" names no field of the 2 lists that use it; expected a filter named after a field of their listed items, or no such query parameter',
      },
    ],
  },
  {
    name: 'a listed item built with allOf and $ref: fields of every member count',
    document: `
openapi: 3.0.3
info: { title: Labs, version: 1.0.0 }
paths:
  /specimens:
    get:
      parameters:
        - { name: type, in: query, schema: { type: string, pattern: '${FILTER}' } }
        - { name: collector.name, in: query, schema: { type: string, pattern: '${FILTER}' } }
        - { name: colour, in: query, schema: { type: string, pattern: '${FILTER}' } }
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                allOf:
                  - { $ref: '#/components/schemas/Page' }
                  - properties: { results: { type: array, items: { $ref: '#/components/schemas/Specimen' } } }
components:
  schemas:
    Page: { type: object, required: [results] }
    Resource: { type: object, properties: { id: { type: string } } }
    Specimen:
      allOf:
        - $ref: '#/components/schemas/Resource'
        - properties:
            type: { type: string }
            collector: { $ref: '#/components/schemas/Person' }
    Person: { type: object, properties: { name: { type: string } } }
`,
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'parameters', '2', 'name'],
        message:
          'Query parameter "colour" names no field of the listed item; expected a filter named after one of id, type, collector, or no such query parameter',
      },
    ],
  },
  {
    name: 'path-item parameters are overridden by operation parameters of the same name and location',
    document: openapiDocument('3.0.3', info, {
      '/specimens': {
        parameters: [
          { name: 'type', in: 'query', schema: { type: 'integer' } },
          filterParameter('status', { example: 'in:' }),
        ],
        get: { parameters: [filterParameter('type')], responses: { '200': page() } },
      },
    }),
    errors: [{ path: ['paths', '/specimens', 'parameters', 1, 'example'], message: grammar('status', 'in:', OPERAND) }],
  },
  {
    name: 'a path-item query parameter serving a GET list and a POST search of the same items: one finding, at the path item',
    document: openapiDocument('3.0.3', info, {
      '/specimens': {
        parameters: [{ name: 'colour', in: 'query', schema: { type: 'string' } }],
        get: { responses: { '200': page() } },
        post: { 'x-list-operation': true, responses: { '200': page() } },
      },
    }),
    errors: [
      {
        path: ['paths', '/specimens', 'parameters', 0, 'name'],
        message:
          'Query parameter "colour" names no field of the listed item; expected a filter named after one of id, type, status, collectedAt, collector, tests, or no such query parameter',
      },
    ],
  },
  {
    name: 'a path-item query parameter serving a GET list of specimens and a POST search of their tests: one finding at the path item naming the fields of each',
    document: openapiDocument('3.0.3', info, {
      '/specimens': {
        parameters: [{ name: 'colour', in: 'query', schema: { type: 'string' } }],
        get: { responses: { '200': page() } },
        post: {
          'x-list-operation': true,
          responses: { '200': page({ type: 'object', properties: { code: { type: 'string' } } }) },
        },
      },
    }),
    errors: [
      {
        path: ['paths', '/specimens', 'parameters', 0, 'name'],
        message:
          'Query parameter "colour" names no field of the listed item; expected a filter named after one of id, type, status, collectedAt, collector, tests, or no such query parameter; and Query parameter "colour" names no field of the listed item; expected a filter named after one of code, or no such query parameter',
      },
    ],
  },
  {
    name: 'a shared parameter naming no field of the one list that uses it: one finding at the component',
    document: openapiDocument(
      '3.0.3',
      info,
      { '/specimens': list([{ $ref: '#/components/parameters/Colour' }]) },
      { components: { parameters: { Colour: { name: 'colour', in: 'query', schema: { type: 'string' } } } } },
    ),
    errors: [
      {
        path: ['components', 'parameters', 'Colour', 'name'],
        message:
          'Query parameter "colour" names no field of the list that uses it; expected a filter named after a field of its listed item, or no such query parameter',
      },
    ],
  },
  {
    name: 'a shared parameter naming no field of the 2 lists with known fields that use it: one finding at the component (a list of unknown items does not count)',
    document: openapiDocument(
      '3.0.3',
      info,
      {
        '/specimens': list([{ $ref: '#/components/parameters/Colour' }]),
        '/archived-specimens': list([{ $ref: '#/components/parameters/Colour' }]),
        '/attachments': list([{ $ref: '#/components/parameters/Colour' }], { type: 'object' }),
      },
      { components: { parameters: { Colour: { name: 'colour', in: 'query', schema: { type: 'string' } } } } },
    ),
    errors: [
      {
        path: ['components', 'parameters', 'Colour', 'name'],
        message:
          'Query parameter "colour" names no field of the 2 lists that use it; expected a filter named after a field of their listed items, or no such query parameter',
      },
    ],
  },
  {
    name: 'a shared filter on a field one list has and another lacks: at the $ref of the list that lacks it',
    document: openapiDocument(
      '3.0.3',
      info,
      {
        '/specimens': list([{ $ref: '#/components/parameters/Status' }]),
        '/patients': list([{ $ref: '#/components/parameters/Status' }], {
          type: 'object',
          properties: { id: { type: 'string' }, birthDate: { type: 'string' } },
        }),
      },
      { components: { parameters: { Status: filterParameter('status') } } },
    ),
    errors: [
      {
        path: ['paths', '/patients', 'get', 'parameters', 0, '$ref'],
        message:
          'Status ("status"), used by this list, names no field of its listed item; expected a filter named after one of id, birthDate, or no such query parameter',
      },
    ],
  },
  {
    name: 'filter schemas wrapping a shared schema in allOf: an enum there is enough; a pattern there is reported at the filter schema',
    document: openapiDocument(
      '3.1.0',
      info,
      {
        '/specimens': list([
          queryParameter('type', {
            description: 'The specimen type',
            allOf: [{ $ref: '#/components/schemas/SpecimenType' }],
          }),
          queryParameter('id', { description: 'The specimen id', allOf: [{ $ref: '#/components/schemas/AnyText' }] }),
        ]),
      },
      {
        components: {
          schemas: {
            SpecimenType: { type: 'string', enum: ['blood', 'saliva'] },
            AnyText: { type: 'string', pattern: '^.*$' },
          },
        },
      },
    ),
    errors: [
      {
        path: P(1, 'schema'),
        message: `Filter "id" pattern is "^.*$"; expected ${FILTER}`,
      },
    ],
  },
  {
    name: 'a listed item with no properties ({type: object}): no parameter is known to be a filter, nothing is said',
    document: openapiDocument('3.0.3', info, {
      '/specimens': list([filterParameter('anything'), { name: 'colour', in: 'query', schema: { type: 'string' } }], {
        type: 'object',
      }),
    }),
    errors: [],
  },
  {
    name: 'not list operations: x-list-operation: false, a single-resource GET, a POST',
    document: openapiDocument('3.2.0', info, {
      '/specimens': {
        get: {
          'x-list-operation': false,
          parameters: [{ name: 'q', in: 'query', schema: { type: 'integer' } }],
          responses: { '200': page() },
        },
      },
      '/specimens/{id}': {
        get: {
          parameters: [{ name: 'expand', in: 'query', schema: { type: 'boolean' } }],
          responses: { '200': jsonResponse(specimen) },
        },
      },
      '/samples': {
        post: {
          parameters: [{ name: 'dryRun', in: 'query', schema: { type: 'boolean' } }],
          responses: { '200': page() },
        },
      },
    }),
    errors: [],
  },
  {
    name: 'x-list-operation: true: a GET answering no list is a list whose fields are unknown: nothing to say of its parameters',
    document: openapiDocument('3.1.0', info, {
      '/specimens': {
        get: {
          'x-list-operation': true,
          parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }],
          responses: { '200': jsonResponse({ type: 'object' }) },
        },
      },
    }),
    errors: [],
  },
  {
    name: 'a parameter described with content instead of schema',
    document: openapiDocument('3.0.3', info, {
      '/specimens': list([{ name: 'type', in: 'query', content: { 'text/plain': { schema: { type: 'string' } } } }]),
    }),
    errors: [
      {
        path: P(0, 'content', 'text/plain', 'schema'),
        message: `Filter "type" declares no pattern; expected pattern ${FILTER} or x-extensible-enum`,
      },
    ],
  },
  {
    name: 'odd inputs give no crash: parameters null, a string parameter, schema null, non-string examples',
    document: openapiDocument('3.1.0', info, {
      '/specimens': list([
        'type',
        null,
        { name: 'type', in: 'query', schema: null },
        filterParameter('id', { example: 42, examples: { a: null, b: { value: ['in:a'] } } }),
      ]),
      '/samples': list(null),
    }),
    errors: [],
  },
  {
    name: 'fields that only anyOf alternatives of the listed item declare (a swab or a tube specimen) are fields to filter on',
    document: openapiDocument('3.1.0', info, {
      '/specimens': list(
        [
          filterParameter('swabSite', { example: 'eq:throat' }),
          filterParameter('tubeColour', { example: 'in:red,lavender' }),
          filterParameter('colour'),
        ],
        {
          ...specimen,
          anyOf: [{ properties: { swabSite: { type: 'string' } } }, { properties: { tubeColour: { type: 'string' } } }],
        },
      ),
    }),
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'parameters', '2', 'name'],
        message:
          'Query parameter "colour" names no field of the listed item; expected a filter named after one of id, type, status, collectedAt, collector, tests, swabSite, tubeColour, or no such query parameter',
      },
    ],
  },
  {
    name: 'a search parameter q and an api-version: one finding each that it is no filter, and no type, pattern or example findings on top',
    document: `
openapi: 3.0.0
info: { title: Specimens, version: 1.0.0 }
paths:
  /specimens:
    get:
      parameters:
        - { name: q, in: query, schema: { type: integer }, example: 'blood & urine' }
        - { name: api-version, in: query, schema: { type: string, enum: ['2024-01-01'] } }
        - { name: status, in: query, schema: { type: string, pattern: '^(eq|ne|gt|lt|gte|lte|in|nin|like|ilike)?:?([^:&]+)$' }, example: 'ne:RECEIVED' }
      responses:
        '200':
          description: Specimens
          content:
            application/json:
              schema:
                type: object
                properties:
                  results: { type: array, items: { type: object, properties: { id: { type: string }, status: { type: string } } } }
`,
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'parameters', 0, 'name'],
        message:
          'Query parameter "q" names no field of the listed item; expected a filter named after one of id, status, or no such query parameter',
      },
      {
        path: ['paths', '/specimens', 'get', 'parameters', 1, 'name'],
        message:
          'Query parameter "api-version" names no field of the listed item; expected a filter named after one of id, status, or no such query parameter',
      },
    ],
  },
  {
    name: 'an in: example with a trailing comma and space ("in:blood, ") has an empty item',
    document: openapiDocument('3.1.0', info, {
      '/specimens': list([filterParameter('type', { example: 'in:blood, ' })]),
    }),
    errors: [
      {
        path: P(0, 'example'),
        message: grammar('type', 'in:blood, ', 'in: takes a comma-separated list without empty items'),
      },
    ],
  },
  {
    name: 'a bare array list of specimens that also extends a generic Collection (items: object) with allOf: its own items are the listed item',
    document: openapiDocument(
      '3.1.0',
      info,
      {
        '/specimens': {
          get: {
            parameters: [filterParameter('colour')],
            responses: {
              '200': jsonResponse({
                type: 'array',
                items: specimen,
                allOf: [{ $ref: '#/components/schemas/Collection' }],
              }),
            },
          },
        },
      },
      { components: { schemas: { Collection: { type: 'array', maxItems: 100, items: { type: 'object' } } } } },
    ),
    errors: [
      {
        path: P(0, 'name'),
        message: `Query parameter "colour" names no field of the listed item; expected a filter named after one of id, type, status, collectedAt, collector, tests, or no such query parameter`,
      },
    ],
  },
  {
    name: 'Google (googleapis.com/vpcaccess.json): paging by pageSize and pageToken is no filter finding; the system parameters $ref-ed by every path item are one finding each, at the component',
    document: `
openapi: 3.0.0
info: { title: Serverless VPC Access API, version: v1 }
servers: [{ url: 'https://vpcaccess.googleapis.com/' }]
paths:
  /v1/{name}/operations:
    parameters:
      - $ref: '#/components/parameters/alt'
      - $ref: '#/components/parameters/fields'
      - $ref: '#/components/parameters/key'
      - $ref: '#/components/parameters/prettyPrint'
    get:
      parameters:
        - { description: The name of the operation's parent resource., in: path, name: name, required: true, schema: { type: string } }
        - { description: The standard list filter., in: query, name: filter, schema: { type: string } }
        - { description: The standard list page size., in: query, name: pageSize, schema: { type: integer } }
        - { description: The standard list page token., in: query, name: pageToken, schema: { type: string } }
      responses:
        '200':
          description: Successful response
          content: { application/json: { schema: { $ref: '#/components/schemas/ListOperationsResponse' } } }
  /v1/{parent}/connectors:
    parameters:
      - $ref: '#/components/parameters/alt'
      - $ref: '#/components/parameters/fields'
      - $ref: '#/components/parameters/key'
      - $ref: '#/components/parameters/prettyPrint'
    get:
      parameters:
        - { description: Required. The project and location from which the routes should be listed., in: path, name: parent, required: true, schema: { type: string } }
        - { description: Maximum number of functions to return per call., in: query, name: pageSize, schema: { type: integer } }
        - { description: Continuation token., in: query, name: pageToken, schema: { type: string } }
      responses:
        '200':
          description: Successful response
          content: { application/json: { schema: { $ref: '#/components/schemas/ListConnectorsResponse' } } }
components:
  parameters:
    alt: { description: Data format for response., in: query, name: alt, schema: { enum: [json, media, proto], type: string } }
    fields: { description: Selector specifying which fields to include in a partial response., in: query, name: fields, schema: { type: string } }
    key: { description: API key., in: query, name: key, schema: { type: string } }
    prettyPrint: { description: Returns response with indentations and line breaks., in: query, name: prettyPrint, schema: { type: boolean } }
  schemas:
    ListConnectorsResponse:
      description: Response for listing Serverless VPC Access connectors.
      type: object
      properties:
        connectors: { description: List of Serverless VPC Access connectors., items: { $ref: '#/components/schemas/Connector' }, type: array }
        nextPageToken: { description: Continuation token., type: string }
    Connector:
      type: object
      properties: { name: { type: string }, network: { type: string }, state: { type: string } }
    ListOperationsResponse:
      type: object
      properties:
        nextPageToken: { description: The standard List next-page token., type: string }
        operations: { items: { $ref: '#/components/schemas/Operation' }, type: array }
    Operation:
      type: object
      properties: { done: { type: boolean }, error: { type: object }, metadata: { type: object }, name: { type: string }, response: { type: object } }
`,
    errors: [
      {
        path: ['components', 'parameters', 'alt', 'name'],
        message:
          'Query parameter "alt" names no field of the 2 lists that use it; expected a filter named after a field of their listed items, or no such query parameter',
      },
      {
        path: ['components', 'parameters', 'key', 'name'],
        message:
          'Query parameter "key" names no field of the 2 lists that use it; expected a filter named after a field of their listed items, or no such query parameter',
      },
      {
        path: ['components', 'parameters', 'prettyPrint', 'name'],
        message:
          'Query parameter "prettyPrint" names no field of the 2 lists that use it; expected a filter named after a field of their listed items, or no such query parameter',
      },
      {
        path: ['paths', '/v1/{name}/operations', 'get', 'parameters', '1', 'name'],
        message:
          'Query parameter "filter" names no field of the listed item; expected a filter named after one of done, error, metadata, name, response, or no such query parameter',
      },
    ],
  },
  {
    name: 'paging parameters by other names (maxResults, nextToken, startIndex, marker, page_token, next_token, $top, $skip) are no filter findings',
    document: openapiDocument('3.0.3', info, {
      '/specimens': list([
        { name: 'maxResults', in: 'query', schema: { type: 'integer' } },
        { name: 'nextToken', in: 'query', schema: { type: 'string' } },
        { name: 'startIndex', in: 'query', schema: { type: 'integer' } },
        { name: 'marker', in: 'query', schema: { type: 'string' } },
        { name: 'page_token', in: 'query', schema: { type: 'string' } },
        { name: 'next_token', in: 'query', schema: { type: 'string' } },
        { name: '$top', in: 'query', schema: { type: 'integer' } },
        { name: '$skip', in: 'query', schema: { type: 'integer' } },
        { name: 'pageNumber', in: 'query', schema: { type: 'integer' } },
      ]),
    }),
    errors: [],
  },
  {
    name: 'a list whose item has no properties (openaq.local: results: {type: array, items: {}}): no parameter is known to be a filter, nothing is said',
    document: `
openapi: 3.0.2
info: { title: OpenAQ, version: 2.0.0 }
paths:
  /v2/averages:
    get:
      parameters:
        - { in: query, name: parameter_id, required: false, schema: { title: Parameter Id, type: integer } }
        - { in: query, name: unit, required: false, schema: { items: { type: string }, title: Unit, type: array } }
        - { in: query, name: spatial, required: true, schema: { $ref: '#/components/schemas/Spatial' } }
        - { in: query, name: group, required: false, schema: { default: false, title: Group, type: boolean } }
      responses:
        '200':
          description: Successful Response
          content: { application/json: { schema: { $ref: '#/components/schemas/OpenAQResult' } } }
components:
  schemas:
    OpenAQResult:
      title: OpenAQResult
      type: object
      properties:
        meta: { title: Meta, type: object }
        results: { default: [], items: {}, title: Results, type: array }
    Spatial: { description: An enumeration., enum: [country, location, project], title: Spatial, type: string }
`,
    errors: [],
  },
  {
    name: 'filters, sort and fields are optional (§4.1): required: true on any of them is a finding at required',
    document: openapiDocument('3.0.3', info, {
      '/specimens': list([
        filterParameter('type', { required: true }),
        { name: 'sort', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'fields', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'colour', in: 'query', required: true, schema: { type: 'string' } },
      ]),
    }),
    errors: [
      {
        path: P(0, 'required'),
        message: 'Filter "type" is required; expected it optional (a list answers without it)',
      },
      { path: P(1, 'required'), message: '"sort" is required; expected it optional (a list answers without it)' },
      { path: P(2, 'required'), message: '"fields" is required; expected it optional (a list answers without it)' },
      {
        path: P(3, 'name'),
        message:
          'Query parameter "colour" names no field of the listed item; expected a filter named after one of id, type, status, collectedAt, collector, tests, or no such query parameter',
      },
    ],
  },
  {
    name: 'paging names of Mailchimp (count), Stripe (starting_after, ending_before), Jira (startAt) and androidpublisher (token) are no filters',
    document: `
openapi: 3.0.0
info: { title: Paged APIs, version: 1.0.0 }
paths:
  /v1/accounts:
    get:
      parameters:
        - { in: query, name: limit, schema: { type: integer } }
        - { in: query, name: starting_after, schema: { type: string } }
        - { in: query, name: ending_before, schema: { type: string } }
        - { in: query, name: count, schema: { type: integer, default: 10, maximum: 1000 } }
        - { in: query, name: startAt, schema: { type: integer } }
        - { in: query, name: token, schema: { type: string } }
      responses:
        '200':
          description: Accounts
          content:
            application/json:
              schema:
                type: object
                required: [results]
                properties:
                  results: { type: array, items: { type: object, properties: { id: { type: string }, email: { type: string } } } }
`,
    errors: [],
  },
  {
    name: 'a list paging with page and pageSize: those are no filters that name no field',
    document: `
openapi: 3.0.3
info: { title: Samples, version: 1.0.0 }
paths:
  /samples:
    get:
      parameters:
        - { name: page, in: query, schema: { type: integer } }
        - { name: pageSize, in: query, schema: { type: integer } }
        - { name: status, in: query, schema: { type: string } }
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
                        status: { type: string }
`,
    errors: [
      {
        path: ['paths', '/samples', 'get', 'parameters', 2, 'schema'],
        message:
          'Filter "status" declares no pattern; expected pattern ^(eq|ne|gt|lt|gte|lte|in|nin|like|ilike)?:?([^:&]+)$ or x-extensible-enum',
      },
    ],
  },
  {
    name: "AWS Glue DataBrew's ListDatasets takes MaxResults and NextToken beside maxResults and nextToken: all paging, none a filter",
    document: `
openapi: 3.0.0
info: { title: AWS Glue DataBrew, version: 2017-07-25 }
paths:
  /datasets:
    get:
      operationId: ListDatasets
      parameters:
        - { name: maxResults, in: query, required: false, schema: { type: integer, minimum: 1, maximum: 100 } }
        - { name: nextToken, in: query, required: false, schema: { type: string, minLength: 1, maxLength: 2000 } }
        - { name: MaxResults, in: query, schema: { type: string }, description: Pagination limit, required: false }
        - { name: NextToken, in: query, schema: { type: string }, description: Pagination token, required: false }
      responses:
        '200':
          description: Success
          content:
            application/json:
              schema: { $ref: '#/components/schemas/ListDatasetsResponse' }
components:
  schemas:
    ListDatasetsResponse:
      type: object
      required: [Datasets]
      properties:
        Datasets: { allOf: [{ $ref: '#/components/schemas/DatasetList' }, { description: A list of datasets that are defined. }] }
        NextToken: { type: string }
    DatasetList: { type: array, items: { $ref: '#/components/schemas/Dataset' } }
    Dataset:
      type: object
      properties:
        AccountId: { type: string }
        Name: { type: string }
        Format: { type: string }
`,
    errors: [],
  },
  {
    name: "Zoom's /accounts takes page_size and next_page_token (the token its answer hands back): paging, not a filter",
    document: `
openapi: 3.0.0
info: { title: Zoom API, version: 2.0.0 }
servers: [{ url: 'https://api.zoom.us/v2' }]
paths:
  /accounts:
    get:
      operationId: accounts
      parameters:
        - { in: query, name: page_size, schema: { type: integer, default: 30, maximum: 300 } }
        - { in: query, name: next_page_token, schema: { type: string } }
      responses:
        '200':
          description: Account list returned.
          content:
            application/json:
              schema:
                type: object
                properties:
                  next_page_token: { type: string }
                  page_size: { type: integer }
                  accounts:
                    type: array
                    items: { type: object, properties: { id: { type: string }, account_name: { type: string } } }
`,
    errors: [],
  },
  {
    name: 'a list paged by parameters.take and parameters.skip (a parameter object bound from the query), or by take and start: no filters',
    document: `
openapi: 3.0.1
info: { title: Catalogue, version: v1 }
paths:
  /api/v1/products:
    get:
      parameters:
        - { name: parameters.take, in: query, schema: { type: integer, format: int32 } }
        - { name: parameters.skip, in: query, schema: { type: integer, format: int32 } }
      responses:
        '200':
          description: Success
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Product' } }
  /api/v1/brands:
    get:
      parameters:
        - { name: take, in: query, schema: { type: integer, format: int32 } }
        - { name: start, in: query, schema: { type: integer, format: int32 } }
      responses:
        '200':
          description: Success
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Product' } }
components:
  schemas:
    Product:
      type: object
      properties:
        id: { type: integer, format: int32 }
        name: { type: string, nullable: true }
`,
    errors: [],
  },
  {
    name: "Discord's entitlements filter by user_id written as a $ref to SnowflakeType (an id schema used everywhere): the defect goes at the $ref",
    document: `
openapi: 3.1.0
info: { title: Discord HTTP API (Preview), version: '10' }
servers: [{ url: 'https://discord.com/api/v10' }]
paths:
  /applications/{application_id}/entitlements:
    parameters:
      - { name: application_id, in: path, required: true, schema: { $ref: '#/components/schemas/SnowflakeType' } }
    get:
      operationId: get_entitlements
      parameters:
        - { name: user_id, in: query, schema: { $ref: '#/components/schemas/SnowflakeType' } }
        - { name: before, in: query, schema: { $ref: '#/components/schemas/SnowflakeType' } }
        - { name: after, in: query, schema: { $ref: '#/components/schemas/SnowflakeType' } }
        - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 100 } }
      responses:
        '200':
          description: 200 response for get_entitlements
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/EntitlementResponse' } }
components:
  schemas:
    SnowflakeType: { type: string, pattern: '^(0|[1-9][0-9]*)$', format: snowflake }
    EntitlementResponse:
      type: object
      properties:
        id: { $ref: '#/components/schemas/SnowflakeType' }
        sku_id: { $ref: '#/components/schemas/SnowflakeType' }
        application_id: { $ref: '#/components/schemas/SnowflakeType' }
        user_id: { $ref: '#/components/schemas/SnowflakeType' }
`,
    errors: [
      {
        path: ['paths', '/applications/{application_id}/entitlements', 'get', 'parameters', '0', 'schema', '$ref'],
        message:
          'Filter "user_id" uses SnowflakeType, whose pattern is "^(0|[1-9][0-9]*)$"; expected ^(eq|ne|gt|lt|gte|lte|in|nin|like|ilike)?:?([^:&]+)$',
      },
    ],
  },
  {
    name: "paging by role: Keycloak's first and max, Mastodon's max_id, since_id and min_id, Zuora's page and page_length are no filters; a filter beside them still is",
    document: `
openapi: 3.0.3
info: { title: Paging by role, version: '1.0' }
paths:
  /admin/realms/{realm}/users:
    get:
      parameters:
        - { in: path, name: realm, required: true, schema: { type: string } }
        - { in: query, name: first, description: Pagination offset, schema: { type: integer, format: int32 } }
        - { in: query, name: max, description: Maximum results size (defaults to 100), schema: { type: integer, format: int32 } }
        - { in: query, name: username, schema: { type: string } }
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/UserRepresentation' } }
  /api/v1/accounts/{id}/statuses:
    get:
      parameters:
        - { in: path, name: id, required: true, schema: { type: string } }
        - { in: query, name: max_id, description: Return results older than this ID., schema: { type: string } }
        - { in: query, name: since_id, description: Return results newer than this ID., schema: { type: string } }
        - { in: query, name: min_id, description: Return results immediately newer than this ID., schema: { type: string } }
        - { in: query, name: limit, schema: { type: integer, default: 20 } }
        - { in: query, name: only_media, schema: { type: boolean } }
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Status' } }
  /v1/accounts:
    get:
      parameters:
        - { in: query, name: page, schema: { type: integer, minimum: 1, default: 1 } }
        - { in: query, name: page_length, schema: { type: integer, maximum: 40, default: 20 } }
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: object
                properties:
                  accounts: { type: array, items: { type: object, properties: { id: { type: string }, name: { type: string } } } }
                  nextPage: { type: string }
components:
  schemas:
    UserRepresentation:
      type: object
      properties: { id: { type: string }, username: { type: string }, email: { type: string } }
    Status:
      type: object
      properties: { id: { type: string }, content: { type: string }, created_at: { type: string } }
`,
    errors: [
      {
        path: ['paths', '/admin/realms/{realm}/users', 'get', 'parameters', '3', 'schema'],
        message:
          'Filter "username" declares no pattern; expected pattern ^(eq|ne|gt|lt|gte|lte|in|nin|like|ilike)?:?([^:&]+)$ or x-extensible-enum',
      },
      {
        path: ['paths', '/api/v1/accounts/{id}/statuses', 'get', 'parameters', '5', 'name'],
        message:
          'Query parameter "only_media" names no field of the listed item; expected a filter named after one of id, content, created_at, or no such query parameter',
      },
    ],
  },
  {
    name: "paging by role: ETSI's nextpage_opaque_marker and Matrix's from and to (paging by their description) are no filters; from and to of a date range name no field",
    document: `
openapi: 3.0.2
info: { title: Paging by role, version: '1.0' }
paths:
  /vnflcm/v2/vnf_instances:
    get:
      parameters:
        - name: nextpage_opaque_marker
          in: query
          description: Marker to obtain the next page of a paged response.
          schema: { type: string }
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { type: array, items: { type: object, properties: { id: { type: string }, vnfdId: { type: string } } } }
  /_matrix/client/v3/rooms/{roomId}/messages:
    get:
      parameters:
        - { in: path, name: roomId, required: true, schema: { type: string } }
        - in: query
          name: from
          description: >-
            The token to start returning events from. This token can be obtained from a prev_batch or
            next_batch token returned by the /sync endpoint, or from an end token returned by a previous
            request to this endpoint.
          schema: { type: string }
        - in: query
          name: to
          description: >-
            The token to stop returning events at. This token can be obtained from a prev_batch or
            next_batch token returned by the /sync endpoint, or from an end token returned by a previous
            request to this endpoint.
          schema: { type: string }
        - { in: query, name: limit, schema: { type: integer } }
      responses:
        '200':
          description: A list of messages with a new token to request more.
          content:
            application/json:
              schema:
                type: object
                properties:
                  start: { type: string }
                  end: { type: string }
                  chunk: { type: array, items: { type: object, properties: { event_id: { type: string }, type: { type: string } } } }
  /reports:
    get:
      parameters:
        - { in: query, name: from, description: Start of the reporting period., schema: { type: string, format: date } }
        - { in: query, name: to, description: End of the reporting period., schema: { type: string, format: date } }
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { type: array, items: { type: object, properties: { id: { type: string }, total: { type: number } } } }
`,
    errors: [
      {
        path: ['paths', '/reports', 'get', 'parameters', '0', 'name'],
        message:
          'Query parameter "from" names no field of the listed item; expected a filter named after one of id, total, or no such query parameter',
      },
      {
        path: ['paths', '/reports', 'get', 'parameters', '1', 'name'],
        message:
          'Query parameter "to" names no field of the listed item; expected a filter named after one of id, total, or no such query parameter',
      },
    ],
  },
  {
    name: "Zalando: a generic Page refined per resource through allOf (content: items {} then items Article) lists Articles; a shared brand parameter that is a filter there and names no field of the facets is a pairing defect at the facets' use",
    document: `
openapi: 3.0.0
info: { title: Zalando Shop API, version: '1.0' }
paths:
  /articles:
    get:
      parameters:
        - { $ref: '#/components/parameters/brand' }
        - { name: page, in: query, schema: { type: integer } }
        - { name: pageSize, in: query, schema: { type: integer } }
      responses:
        '200':
          description: Articles
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Articles' }
  /facets:
    get:
      parameters:
        - { $ref: '#/components/parameters/brand' }
      responses:
        '200':
          description: Facets
          content:
            application/json:
              schema: { type: array, items: { type: object, properties: { filter: { type: string }, facets: { type: array, items: { type: object } } } } }
components:
  parameters:
    brand: { name: brand, in: query, required: false, description: filters by brand, schema: { type: string, x-extensible-enum: [NIKE, ADIDAS] } }
  schemas:
    Page:
      type: object
      properties:
        totalElements: { type: integer }
        page: { type: integer }
        content: { type: array, items: {} }
    Articles:
      allOf:
        - { $ref: '#/components/schemas/Page' }
        - type: object
          properties:
            content: { type: array, items: { $ref: '#/components/schemas/Article' } }
    Article:
      type: object
      properties: { id: { type: string }, name: { type: string }, brand: { type: string } }
`,
    errors: [
      {
        path: ['paths', '/facets', 'get', 'parameters', '0', '$ref'],
        message:
          'brand ("brand"), used by this list, names no field of its listed item; expected a filter named after one of filter, facets, or no such query parameter',
      },
    ],
  },
]);
