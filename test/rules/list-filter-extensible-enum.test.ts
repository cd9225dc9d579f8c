import {
  apiInfo,
  jsonResponse,
  listOperation,
  listPage,
  openapiDocument,
  swaggerDocument,
} from '../__helpers__/documents';
import { testRule } from '../__helpers__/spectral';

const info = apiInfo('Labs');
/** The listed item: filters name its fields (a list whose item has no properties has no filters to check). */
const SPECIMEN = {
  type: 'object',
  properties: {
    status: { type: 'string' },
    type: { type: 'string' },
    types: { type: 'array', items: { type: 'string' } },
    kind: { type: 'string' },
    level: { type: 'integer' },
    range: { type: 'object' },
  },
};
const page = listPage(SPECIMEN);

/** YAML: GET /specimens with enumerated sort, alt and Accept-Language, and a status filter whose values are listed under `statusKey`. */
const optionsAndFilter = (statusKey: string) => `
openapi: 3.0.0
info: { title: Specimens, version: 1.0.0 }
paths:
  /specimens:
    get:
      parameters:
        - { name: sort, in: query, schema: { type: string, enum: ['collectedAt|asc', 'collectedAt|desc'] } }
        - { name: alt, in: query, schema: { type: string, enum: [json, proto] } }
        - { name: Accept-Language, in: header, schema: { type: string, enum: [en, fr] } }
        - { name: status, in: query, schema: { type: string, ${statusKey}: [RECEIVED, TESTED] } }
      responses:
        '200':
          description: Specimens
          content:
            application/json:
              schema:
                type: object
                properties:
                  results: { type: array, items: { type: object, properties: { collectedAt: { type: string }, status: { type: string } } } }
`;
/** YAML: DigitalOcean's /v2/volumes region filter, a $ref to the region schema inside /v2/droplets' response, whose values are listed under `regionKey`. */
const digitalOceanRegions = (regionKey: string) => `
openapi: 3.0.0
info: { title: DigitalOcean API, version: '2.0' }
paths:
  /v2/droplets:
    get:
      responses:
        '200':
          description: Droplets.
          content:
            application/json:
              schema:
                type: object
                properties:
                  droplets:
                    type: array
                    items: { type: object, properties: { region: { type: string, ${regionKey}: [nyc1, nyc3, ams3] } } }
  /v2/volumes:
    get:
      parameters:
        - name: region
          in: query
          schema: { $ref: '#/paths/~1v2~1droplets/get/responses/200/content/application~1json/schema/properties/droplets/items/properties/region' }
      responses:
        '200':
          description: Volumes.
          content:
            application/json:
              schema:
                type: object
                properties:
                  results:
                    type: array
                    items: { type: object, properties: { name: { type: string }, region: { type: string } } }
`;

testRule('list-filter-extensible-enum', [
  {
    name: 'OpenAPI 3.1: an x-extensible-enum filter is clean',
    document: openapiDocument('3.1.0', info, {
      '/specimens': listOperation([
        {
          name: 'status',
          in: 'query',
          schema: { type: 'string', 'x-extensible-enum': ['POSITIVE', 'NEGATIVE', 'UNREADABLE'] },
        },
      ]),
    }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.0: enum on a filter is reported at the enum',
    document: openapiDocument('3.0.3', info, {
      '/specimens': listOperation(
        [{ name: 'status', in: 'query', schema: { type: 'string', enum: ['POSITIVE', 'NEGATIVE', 'UNREADABLE'] } }],
        SPECIMEN,
      ),
    }),
    fixed: openapiDocument('3.0.3', info, {
      '/specimens': listOperation(
        [
          {
            name: 'status',
            in: 'query',
            schema: { type: 'string', 'x-extensible-enum': ['POSITIVE', 'NEGATIVE', 'UNREADABLE'] },
          },
        ],
        SPECIMEN,
      ),
    }),
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'parameters', '0', 'schema', 'enum'],
        message:
          'Filter "status" enumerates its values with enum; expected x-extensible-enum, so that values can be added without breaking clients',
      },
    ],
  },
  {
    name: 'Swagger 2.0: enum on the parameter itself and on its items',
    document: swaggerDocument(
      info,
      { basePath: '/clinical/labs/v1' },
      {
        '/specimens': {
          get: {
            parameters: [
              { name: 'status', in: 'query', type: 'string', enum: ['POSITIVE', 'NEGATIVE'] },
              {
                name: 'types',
                in: 'query',
                type: 'array',
                collectionFormat: 'csv',
                items: { type: 'string', enum: ['blood', 'urine'] },
              },
              { name: 'kind', in: 'query', type: 'string', 'x-extensible-enum': ['a', 'b'] },
            ],
            responses: { '200': { description: 'OK', schema: { type: 'array', items: SPECIMEN } } },
          },
        },
      },
    ),
    fixed: swaggerDocument(
      info,
      { basePath: '/clinical/labs/v1' },
      {
        '/specimens': {
          get: {
            parameters: [
              { name: 'status', in: 'query', type: 'string', 'x-extensible-enum': ['POSITIVE', 'NEGATIVE'] },
              {
                name: 'types',
                in: 'query',
                type: 'array',
                collectionFormat: 'csv',
                items: { type: 'string', 'x-extensible-enum': ['blood', 'urine'] },
              },
              { name: 'kind', in: 'query', type: 'string', 'x-extensible-enum': ['a', 'b'] },
            ],
            responses: { '200': { description: 'OK', schema: { type: 'array', items: SPECIMEN } } },
          },
        },
      },
    ),
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'parameters', '0', 'enum'],
        message:
          'Filter "status" enumerates its values with enum; expected x-extensible-enum, so that values can be added without breaking clients',
      },
      {
        path: ['paths', '/specimens', 'get', 'parameters', '1', 'items', 'enum'],
        message:
          'Filter "types" enumerates its values with enum; expected x-extensible-enum, so that values can be added without breaking clients',
      },
    ],
  },
  {
    name: 'enums nested in allOf, oneOf, anyOf and object properties are all reached',
    document: openapiDocument('3.1.0', info, {
      '/specimens': listOperation(
        [
          { name: 'status', in: 'query', schema: { allOf: [{ type: 'string' }, { enum: ['A'] }] } },
          {
            name: 'type',
            in: 'query',
            schema: {
              oneOf: [
                { type: 'string', enum: ['blood'] },
                { type: 'string', 'x-extensible-enum': ['urine'] },
              ],
            },
          },
          { name: 'level', in: 'query', schema: { anyOf: [{ type: 'integer', enum: [1, 2] }] } },
          {
            name: 'range',
            in: 'query',
            style: 'deepObject',
            schema: { type: 'object', properties: { unit: { type: 'string', enum: ['mg', 'g'] } } },
          },
        ],
        SPECIMEN,
      ),
    }),
    // Every enum is renamed where it is, inside allOf, oneOf, anyOf and properties.
    fixed: openapiDocument('3.1.0', info, {
      '/specimens': listOperation(
        [
          { name: 'status', in: 'query', schema: { allOf: [{ type: 'string' }, { 'x-extensible-enum': ['A'] }] } },
          {
            name: 'type',
            in: 'query',
            schema: {
              oneOf: [
                { type: 'string', 'x-extensible-enum': ['blood'] },
                { type: 'string', 'x-extensible-enum': ['urine'] },
              ],
            },
          },
          { name: 'level', in: 'query', schema: { anyOf: [{ type: 'integer', 'x-extensible-enum': [1, 2] }] } },
          {
            name: 'range',
            in: 'query',
            style: 'deepObject',
            schema: { type: 'object', properties: { unit: { type: 'string', 'x-extensible-enum': ['mg', 'g'] } } },
          },
        ],
        SPECIMEN,
      ),
    }),
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'parameters', '0', 'schema', 'allOf', '1', 'enum'],
        message:
          'Filter "status" enumerates its values with enum; expected x-extensible-enum, so that values can be added without breaking clients',
      },
      {
        path: ['paths', '/specimens', 'get', 'parameters', '1', 'schema', 'oneOf', '0', 'enum'],
        message:
          'Filter "type" enumerates its values with enum; expected x-extensible-enum, so that values can be added without breaking clients',
      },
      {
        path: ['paths', '/specimens', 'get', 'parameters', '2', 'schema', 'anyOf', '0', 'enum'],
        message:
          'Filter "level" enumerates its values with enum; expected x-extensible-enum, so that values can be added without breaking clients',
      },
      {
        path: ['paths', '/specimens', 'get', 'parameters', '3', 'schema', 'properties', 'unit', 'enum'],
        message:
          'Filter "range" enumerates its values with enum; expected x-extensible-enum, so that values can be added without breaking clients',
      },
    ],
  },
  {
    name: 'a shared enumerated schema reached from two list operations gives one finding, at the component',
    document: `
openapi: 3.1.0
info: { title: Labs, version: 1.0.0 }
paths:
  /specimens:
    get:
      parameters: [{ $ref: '#/components/parameters/Status' }]
      responses: { '200': { $ref: '#/components/responses/Page' } }
  /archived-specimens:
    get:
      parameters:
        - $ref: '#/components/parameters/Status'
        - { name: status, in: header, schema: { $ref: '#/components/schemas/Status' } }
      responses: { '200': { $ref: '#/components/responses/Page' } }
components:
  parameters:
    Status: { name: status, in: query, schema: { $ref: '#/components/schemas/Status' } }
  responses:
    Page:
      description: OK
      content:
        application/json:
          schema:
            type: object
            required: [results]
            properties: { results: { type: array, items: { type: object, properties: { status: { type: string } } } } }
  schemas:
    Status: { type: string, enum: [POSITIVE, NEGATIVE, UNREADABLE] }
`,
    left: 'the enum is in a shared schema; renaming it would change its other uses too',
    errors: [
      {
        path: ['components', 'schemas', 'Status', 'enum'],
        message:
          'Filter "status" enumerates its values with enum; expected x-extensible-enum, so that values can be added without breaking clients',
      },
    ],
  },
  {
    name: 'only filters: header enums (Accept-Language) and path parameters are not checked',
    document: openapiDocument('3.0.3', info, {
      '/patients/{kind}/specimens': {
        get: {
          parameters: [
            { name: 'kind', in: 'path', required: true, schema: { type: 'string', enum: ['human', 'animal'] } },
            { name: 'X-Region', in: 'header', schema: { type: 'string', enum: ['eu', 'us'] } },
            { name: 'sort', in: 'query', schema: { type: 'string', enum: ['collectedAt|asc'] } },
          ],
          responses: { '200': page },
        },
      },
    }),
    errors: [],
  },
  {
    name: 'path-item parameters are overridden by operation parameters of the same name and location',
    document: openapiDocument('3.0.3', info, {
      '/specimens': {
        parameters: [
          { name: 'status', in: 'query', schema: { type: 'string', enum: ['A'] } },
          { name: 'type', in: 'query', schema: { type: 'string', enum: ['blood'] } },
        ],
        get: {
          parameters: [{ name: 'status', in: 'query', schema: { type: 'string', 'x-extensible-enum': ['A'] } }],
          responses: { '200': page },
        },
      },
    }),
    // The overridden path-item status keeps its enum: no operation uses it as a filter.
    fixed: openapiDocument('3.0.3', info, {
      '/specimens': {
        parameters: [
          { name: 'status', in: 'query', schema: { type: 'string', enum: ['A'] } },
          { name: 'type', in: 'query', schema: { type: 'string', 'x-extensible-enum': ['blood'] } },
        ],
        get: {
          parameters: [{ name: 'status', in: 'query', schema: { type: 'string', 'x-extensible-enum': ['A'] } }],
          responses: { '200': page },
        },
      },
    }),
    errors: [
      {
        path: ['paths', '/specimens', 'parameters', '1', 'schema', 'enum'],
        message:
          'Filter "type" enumerates its values with enum; expected x-extensible-enum, so that values can be added without breaking clients',
      },
    ],
  },
  {
    name: 'only list operations: not a POST, not a single resource, not x-list-operation: false; x-list-operation: true on a single object is a list whose fields are unknown, so no parameter is known to be a filter',
    document: openapiDocument('3.2.0', info, {
      '/specimens': {
        post: {
          parameters: [{ name: 'mode', in: 'query', schema: { type: 'string', enum: ['a'] } }],
          responses: { '200': page },
        },
        get: {
          'x-list-operation': false,
          parameters: [{ name: 'status', in: 'query', schema: { type: 'string', enum: ['a'] } }],
          responses: { '200': page },
        },
      },
      '/specimens/{id}': {
        get: {
          parameters: [{ name: 'view', in: 'query', schema: { type: 'string', enum: ['full'] } }],
          responses: { '200': jsonResponse({ type: 'object' }) },
        },
      },
      '/samples': {
        get: {
          'x-list-operation': true,
          parameters: [{ name: 'view', in: 'query', schema: { type: 'string', enum: ['full'] } }],
          responses: { '200': jsonResponse({ type: 'object' }) },
        },
      },
    }),
    errors: [],
  },
  {
    name: 'odd inputs give no crash: parameters null, a string parameter, schema null, enum not a list, a cyclic schema',
    document: `
openapi: 3.1.0
info: { title: Labs, version: 1.0.0 }
paths:
  /specimens:
    get:
      parameters:
        - status
        - null
        - { name: status, in: query, schema: null }
        - { name: type, in: query, schema: { type: string, enum: blood } }
        - { name: tree, in: query, schema: { $ref: '#/components/schemas/Node' } }
      responses: { '200': { description: OK, content: { application/json: { schema: { type: array } } } } }
  /samples:
    get:
      parameters: null
      responses: { '200': { description: OK, content: { application/json: { schema: { type: array } } } } }
components:
  schemas:
    Node: { type: object, properties: { child: { $ref: '#/components/schemas/Node' } } }
`,
    errors: [],
  },
  {
    name: "enums on sort, on an option that is no filter (alt) and on a header are not this rule's; an enum on a filter is",
    document: optionsAndFilter('enum'),
    fixed: optionsAndFilter('x-extensible-enum'),
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'parameters', 3, 'schema', 'enum'],
        message:
          'Filter "status" enumerates its values with enum; expected x-extensible-enum, so that values can be added without breaking clients',
      },
    ],
  },
  {
    name: 'a list whose item has no properties (openaq.local: results: {type: array, items: {}}): no parameter is known to be a filter, nothing is said',
    document: `
openapi: 3.0.0
info: { title: OpenAQ, version: 2.0.0 }
paths:
  /v2/averages:
    get:
      parameters:
        - { in: query, name: parameter_id, required: false, schema: { title: Parameter Id, type: integer } }
        - { in: query, name: unit, required: false, schema: { items: { type: string }, title: Unit, type: array } }
        - { in: query, name: limit, required: false, schema: { default: 100, maximum: 100000, minimum: 0, type: integer } }
        - { in: query, name: page, required: false, schema: { default: 1, maximum: 6000, minimum: 0, type: integer } }
        - { in: query, name: spatial, required: true, schema: { $ref: '#/components/schemas/Spatial' } }
        - { in: query, name: temporal, required: true, schema: { $ref: '#/components/schemas/Temporal' } }
      responses:
        '200':
          description: Successful Response
          content:
            application/json:
              schema: { $ref: '#/components/schemas/OpenAQResult' }
components:
  schemas:
    OpenAQResult:
      type: object
      required: [meta, results]
      properties:
        meta: { $ref: '#/components/schemas/Meta' }
        results: { default: [], items: {}, title: Results, type: array }
    Meta: { type: object, properties: { found: { type: integer } } }
    Spatial: { description: An enumeration., enum: [country, location, project], title: Spatial, type: string }
    Temporal: { description: An enumeration., enum: [day, month, year, moy, dow, hour], title: Temporal, type: string }
`,
    errors: [],
  },
  {
    name: "DigitalOcean's region filter takes its enum from a schema the bundler wrote inside another operation's response: reported there, as that shared schema's",
    document: digitalOceanRegions('enum'),
    // Renamed in the droplets' response too, which the filter shares: the shared-schema refusal reads only components.schemas (reported).
    fixed: digitalOceanRegions('x-extensible-enum'),
    errors: [
      {
        path: [
          'paths',
          '/v2/droplets',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'droplets',
          'items',
          'properties',
          'region',
          'enum',
        ],
        message:
          'Filter "region" takes its values from this shared schema, which enumerates them with enum; expected x-extensible-enum, so that values can be added without breaking clients',
      },
    ],
  },
]);
