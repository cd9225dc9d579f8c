import {
  apiInfo,
  jsonResponse,
  listOperation,
  listPage,
  openapiDocument,
  queryParameter,
  swaggerDocument,
} from '../__helpers__/documents';
import { testRule } from '../__helpers__/spectral';

const info = apiInfo('Labs');
/** §4.4.3, exactly as the conventions write it. */
const SORT = String.raw`^[a-z]+(?:[A-Z][a-z]+)+\|(?:asc|desc)(?:,[a-z]+(?:[A-Z][a-z]+)*\|(?:asc|desc))*$`;
/** A platform pattern that also allows a one-word first field. */
const LOOSE = String.raw`^[a-z][a-zA-Z]*\|(?:asc|desc)(?:,[a-z][a-zA-Z]*\|(?:asc|desc))*$`;
const specimen = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    type: { type: 'string' },
    collectedAt: { type: 'string' },
    receivedAt: { type: 'string' },
  },
};
const FIELDS = 'id, type, collectedAt, receivedAt';
const page = (items: unknown = specimen) => listPage(items);
/** A sort parameter with the convention pattern; `extra` adds parameter members, `schema` schema members. */
const sort = (extra: Record<string, unknown> = {}, schema: Record<string, unknown> = {}) =>
  queryParameter('sort', { type: 'string', pattern: SORT, ...schema }, extra);
/** A list operation taking `parameters`, answering a page of specimens unless told. */
const list = (parameters: unknown, items: unknown = specimen) => listOperation(parameters, items);
const P = (...rest: (string | number)[]) => ['paths', '/specimens', 'get', 'parameters', ...rest];
const UNKNOWN = (field: string, fields = FIELDS) =>
  `"sort" example orders by "${field}", which is not a field of the listed item; expected one of ${fields}`;

testRule('list-sort-parameter', [
  {
    name: 'OpenAPI 3.1: the convention pattern with examples ordering by fields of the item is clean',
    document: openapiDocument('3.1.0', info, {
      '/specimens': list([
        sort(
          { example: 'collectedAt|desc,type|asc', examples: { two: { value: 'receivedAt|asc,collectedAt|desc' } } },
          { default: 'collectedAt|desc' },
        ),
      ]),
    }),
    errors: [],
  },
  {
    name: 'no pattern: at the schema; another pattern: at the pattern',
    document: openapiDocument('3.0.3', info, {
      '/specimens': list([{ name: 'sort', in: 'query', schema: { type: 'string' } }]),
      '/samples': list([sort({}, { pattern: '^[a-z]+\\|(asc|desc)$' })]),
    }),
    errors: [
      { path: P(0, 'schema'), message: `"sort" declares no pattern; expected ${SORT}` },
      {
        path: ['paths', '/samples', 'get', 'parameters', 0, 'schema', 'pattern'],
        message: `"sort" pattern is "^[a-z]+\\|(asc|desc)$"; expected ${SORT}`,
      },
    ],
  },
  {
    name: 'not a string: at its type (the pattern is then not checked); not in query: at its "in"',
    document: openapiDocument('3.0.3', info, {
      '/specimens': list([{ name: 'sort', in: 'query', schema: { type: 'array', items: { type: 'string' } } }]),
      '/samples': list([{ ...sort(), in: 'header' }]),
    }),
    errors: [
      {
        path: P(0, 'schema', 'type'),
        message: '"sort" is of type array; expected a string "<fieldName>|<asc|desc>,..."',
      },
      {
        path: ['paths', '/samples', 'get', 'parameters', 0, 'in'],
        message: '"sort" is in header; expected it in query',
      },
    ],
  },
  {
    name: 'examples against the pattern: the first field must be camelCase of two words or more, so "type|asc" first fails (intended)',
    document: openapiDocument('3.1.0', info, {
      '/specimens': list([
        sort(
          {
            examples: {
              oneWord: { value: 'type|asc' },
              second: { value: 'collectedAt|asc,type|desc' },
              direction: { value: 'collectedAt|up' },
              bare: { value: 'collectedAt' },
            },
          },
          { example: 'collectedAt|desc;type|asc' },
        ),
      ]),
    }),
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'parameters', '0', 'examples', 'bare', 'value'],
        message:
          '"sort" example "collectedAt" is not a "<fieldName>|<asc|desc>" entry; expected camelCase field names with a direction, separated by commas, such as "createdAt|desc,name|asc"',
      },
      {
        path: ['paths', '/specimens', 'get', 'parameters', '0', 'examples', 'direction', 'value'],
        message:
          '"sort" example "collectedAt|up" is not a "<fieldName>|<asc|desc>" entry; expected camelCase field names with a direction, separated by commas, such as "createdAt|desc,name|asc"',
      },
      {
        path: ['paths', '/specimens', 'get', 'parameters', '0', 'examples', 'oneWord', 'value'],
        message:
          '"sort" example "type|asc" orders first by "type"; §4.4.3\'s pattern asks the first field to be camelCase of two words or more, such as "createdAt|desc,title|asc" (the `sortPattern` option can replace the pattern)',
      },
      {
        path: ['paths', '/specimens', 'get', 'parameters', '0', 'schema', 'example'],
        message:
          '"sort" example "collectedAt|desc;type|asc" is not a "<fieldName>|<asc|desc>" entry; expected camelCase field names with a direction, separated by commas, such as "createdAt|desc,name|asc"',
      },
    ],
  },
  {
    name: 'an example of several entries, one of them not camelCase with a direction: the entry is named',
    document: openapiDocument('3.1.0', info, {
      '/specimens': list([sort({ example: 'collectedAt|desc,Type|asc' })]),
    }),
    errors: [
      {
        path: P(0, 'example'),
        message:
          '"sort" example "collectedAt|desc,Type|asc" has the entry "Type|asc"; expected "<fieldName>|<asc|desc>" entries (camelCase field names) separated by commas, such as "createdAt|desc,name|asc"',
      },
    ],
  },
  {
    name: 'an example that orders by a field the listed item lacks: one finding per unknown field',
    document: openapiDocument('3.0.3', info, {
      '/specimens': list([sort({ example: 'updatedAt|desc,type|asc,colour|desc' })]),
    }),
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'parameters', '0', 'example'],
        message:
          '"sort" example orders by "updatedAt" and "colour", which are not fields of the listed item; expected one of id, type, collectedAt, receivedAt',
      },
    ],
  },
  {
    name: 'two examples ordering by fields the listed item lacks: each reported at its own place',
    document: openapiDocument('3.0.3', info, {
      '/specimens': list([
        sort({ examples: { recent: { value: 'updatedAt|desc' }, colour: { value: 'colourName|asc' } } }),
      ]),
    }),
    errors: [
      { path: P('0', 'examples', 'colour', 'value'), message: UNKNOWN('colourName') },
      { path: P('0', 'examples', 'recent', 'value'), message: UNKNOWN('updatedAt') },
    ],
  },
  {
    name: 'a listed item of more than eight fields: the message names the first eight and an ellipsis',
    document: openapiDocument('3.1.0', info, {
      '/specimens': list([sort({ example: 'colourName|asc' })], {
        type: 'object',
        properties: Object.fromEntries(
          ['id', 'type', 'collectedAt', 'receivedAt', 'site', 'volume', 'unit', 'status', 'patientId'].map(name => [
            name,
            { type: 'string' },
          ]),
        ),
      }),
    }),
    errors: [
      {
        path: P('0', 'example'),
        message: UNKNOWN('colourName', 'id, type, collectedAt, receivedAt, site, volume, unit, status, …'),
      },
    ],
  },
  {
    name: 'the sortPattern option replaces the pattern, for the parameter and its examples',
    options: { sortPattern: LOOSE },
    document: openapiDocument('3.1.0', info, {
      '/specimens': list([sort({ example: 'type|asc' }, { pattern: LOOSE })]),
      '/samples': list([sort({ example: 'type|up' })]),
    }),
    errors: [
      {
        path: ['paths', '/samples', 'get', 'parameters', '0', 'example'],
        message:
          '"sort" example "type|up" does not match the sort pattern; expected a value matching ^[a-z][a-zA-Z]*\\|(?:asc|desc)(?:,[a-z][a-zA-Z]*\\|(?:asc|desc))*$',
      },
      {
        path: ['paths', '/samples', 'get', 'parameters', '0', 'schema', 'pattern'],
        message:
          '"sort" pattern is "^[a-z]+(?:[A-Z][a-z]+)+\\|(?:asc|desc)(?:,[a-z]+(?:[A-Z][a-z]+)*\\|(?:asc|desc))*$"; expected ^[a-z][a-zA-Z]*\\|(?:asc|desc)(?:,[a-z][a-zA-Z]*\\|(?:asc|desc))*$',
      },
    ],
  },
  {
    name: 'Swagger 2.0: pattern on the parameter itself, x-example and default checked',
    document: swaggerDocument(
      info,
      { basePath: '/clinical/labs/v1' },
      {
        '/specimens': {
          get: {
            parameters: [
              {
                name: 'sort',
                in: 'query',
                type: 'string',
                pattern: SORT,
                'x-example': 'type|asc',
                default: 'createdAt|desc',
              },
            ],
            responses: { '200': { description: 'OK', schema: { type: 'array', items: specimen } } },
          },
        },
        '/samples': {
          get: {
            parameters: [{ name: 'sort', in: 'query', type: 'string' }],
            responses: { '200': { description: 'OK', schema: { type: 'array', items: specimen } } },
          },
        },
      },
    ),
    errors: [
      {
        path: ['paths', '/samples', 'get', 'parameters', '0'],
        message:
          '"sort" declares no pattern; expected ^[a-z]+(?:[A-Z][a-z]+)+\\|(?:asc|desc)(?:,[a-z]+(?:[A-Z][a-z]+)*\\|(?:asc|desc))*$',
      },
      {
        path: ['paths', '/specimens', 'get', 'parameters', '0', 'default'],
        message:
          '"sort" default orders by "createdAt", which is not a field of the listed item; expected one of id, type, collectedAt, receivedAt',
      },
      {
        path: ['paths', '/specimens', 'get', 'parameters', '0', 'x-example'],
        message:
          '"sort" example "type|asc" orders first by "type"; §4.4.3\'s pattern asks the first field to be camelCase of two words or more, such as "createdAt|desc,title|asc" (the `sortPattern` option can replace the pattern)',
      },
    ],
  },
  {
    name: 'a shared sort parameter: its defects once, at the component; an example that fits one list and not another, at the $ref of the list it does not fit',
    document: `
openapi: 3.1.0
info: { title: Labs, version: 1.0.0 }
paths:
  /specimens:
    get:
      parameters: [{ $ref: '#/components/parameters/Sort' }]
      responses:
        '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/SpecimenPage' } } } }
  /archived-specimens:
    get:
      parameters: [{ $ref: '#/components/parameters/Sort' }]
      responses:
        '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/SpecimenPage' } } } }
  /patients:
    get:
      parameters: [{ $ref: '#/components/parameters/Sort' }]
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: object
                required: [results]
                properties:
                  results: { type: array, items: { type: object, properties: { id: { type: string }, birthDate: { type: string } } } }
components:
  parameters:
    Sort:
      name: sort
      in: query
      schema: { type: string }
      example: collectedAt|desc
  schemas:
    SpecimenPage:
      type: object
      required: [results]
      properties:
        results: { type: array, items: { type: object, properties: { id: { type: string }, collectedAt: { type: string } } } }
`,
    errors: [
      {
        path: ['components', 'parameters', 'Sort', 'schema'],
        message:
          '"sort" declares no pattern; expected ^[a-z]+(?:[A-Z][a-z]+)+\\|(?:asc|desc)(?:,[a-z]+(?:[A-Z][a-z]+)*\\|(?:asc|desc))*$',
      },
      {
        path: ['paths', '/patients', 'get', 'parameters', '0', '$ref'],
        message:
          'Sort ("sort"), used by this list, has example "collectedAt|desc" ordering by "collectedAt", not fields of its listed item; expected fields among id, birthDate',
      },
    ],
  },
  {
    name: 'a shared sort parameter whose example fits only the last list taking it: at the $ref of the first list, not at the component',
    document: `
openapi: 3.0.3
info: { title: Labs, version: 1.0.0 }
paths:
  /patients:
    get:
      parameters: [{ $ref: '#/components/parameters/Sort' }]
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: object
                required: [results]
                properties:
                  results: { type: array, items: { type: object, properties: { id: { type: string }, birthDate: { type: string } } } }
  /specimens:
    get:
      parameters: [{ $ref: '#/components/parameters/Sort' }]
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: object
                required: [results]
                properties:
                  results: { type: array, items: { type: object, properties: { id: { type: string }, collectedAt: { type: string } } } }
components:
  parameters:
    Sort:
      name: sort
      in: query
      schema: { type: string, pattern: '${SORT}' }
      example: collectedAt|desc
`,
    errors: [
      {
        path: ['paths', '/patients', 'get', 'parameters', '0', '$ref'],
        message:
          'Sort ("sort"), used by this list, has example "collectedAt|desc" ordering by "collectedAt", not fields of its listed item; expected fields among id, birthDate',
      },
    ],
  },
  {
    name: 'a shared sort parameter whose example and default fit none of its two lists: each reported once, at the component, as the first list reads it',
    document: `
openapi: 3.0.3
info: { title: Labs, version: 1.0.0 }
paths:
  /patients:
    get:
      parameters: [{ $ref: '#/components/parameters/Sort' }]
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: object
                required: [results]
                properties:
                  results: { type: array, items: { type: object, properties: { id: { type: string }, birthDate: { type: string } } } }
  /specimens:
    get:
      parameters: [{ $ref: '#/components/parameters/Sort' }]
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: object
                required: [results]
                properties:
                  results: { type: array, items: { type: object, properties: { id: { type: string }, collectedAt: { type: string } } } }
components:
  parameters:
    Sort:
      name: sort
      in: query
      schema: { type: string, pattern: '${SORT}', default: 'updatedAt|desc' }
      example: colourName|asc
`,
    errors: [
      {
        path: ['components', 'parameters', 'Sort', 'example'],
        message: UNKNOWN('colourName', 'id, birthDate'),
      },
      {
        path: ['components', 'parameters', 'Sort', 'schema', 'default'],
        message:
          '"sort" default orders by "updatedAt", which is not a field of the listed item; expected one of id, birthDate',
      },
    ],
  },
  {
    name: 'path-item parameters are overridden by operation parameters of the same name and location',
    document: openapiDocument('3.0.3', info, {
      '/specimens': {
        parameters: [{ name: 'sort', in: 'query', schema: { type: 'integer' } }],
        get: { parameters: [sort()], responses: { '200': page() } },
      },
      '/samples': { parameters: [sort({ example: 'id|asc' })], get: { responses: { '200': page() } } },
    }),
    errors: [
      {
        path: ['paths', '/samples', 'parameters', '0', 'example'],
        message:
          '"sort" example "id|asc" orders first by "id"; §4.4.3\'s pattern asks the first field to be camelCase of two words or more, such as "createdAt|desc,title|asc" (the `sortPattern` option can replace the pattern)',
      },
    ],
  },
  {
    name: 'pattern through allOf; example fields unchecked when the listed item is unknown',
    document: openapiDocument('3.0.3', info, {
      '/specimens': list(
        [
          {
            name: 'sort',
            in: 'query',
            schema: { allOf: [{ type: 'string' }, { pattern: SORT }] },
            example: 'anythingHere|asc',
          },
        ],
        { type: 'object' },
      ),
    }),
    errors: [],
  },
  {
    name: 'not list operations: x-list-operation: false, a single resource, a POST; no sort at all is fine',
    document: openapiDocument('3.2.0', info, {
      '/specimens': {
        get: {
          'x-list-operation': false,
          parameters: [{ name: 'sort', in: 'query', schema: { type: 'integer' } }],
          responses: { '200': page() },
        },
      },
      '/specimens/{id}': {
        get: {
          parameters: [{ name: 'sort', in: 'query', schema: { type: 'string' } }],
          responses: { '200': jsonResponse(specimen) },
        },
      },
      '/samples': {
        post: { parameters: [{ name: 'sort', in: 'query', schema: { type: 'string' } }], responses: { '200': page() } },
        get: { responses: { '200': page() } },
      },
    }),
    errors: [],
  },
  {
    name: 'odd inputs give no crash: parameters null, a string parameter, schema null, non-string examples, an invalid pattern',
    options: { sortPattern: '^[a-z]+\\|(?:asc|desc)$' },
    document: openapiDocument('3.1.0', info, {
      '/specimens': list(['sort', null, { name: 'sort', in: 'query', schema: null, example: 42 }]),
      '/samples': list(null),
      '/patients': list([
        {
          name: 'sort',
          in: 'query',
          schema: { type: 'string', pattern: '([' },
          examples: { a: null, b: { value: 'nothing|asc' } },
        },
      ]),
    }),
    errors: [
      {
        path: ['paths', '/patients', 'get', 'parameters', 0, 'schema', 'pattern'],
        message: '"sort" pattern is "(["; expected ^[a-z]+\\|(?:asc|desc)$',
      },
      { path: ['paths', '/patients', 'get', 'parameters', 0, 'examples', 'b', 'value'], message: UNKNOWN('nothing') },
    ],
  },
]);
