import {
  apiInfo,
  openapiDocument,
  PROBLEM_JSON,
  problemExample,
  problemSchema,
  response,
  RFC9110,
  singleOperation,
  swaggerDocument,
} from '../__helpers__/documents';
import { testRule } from '../__helpers__/spectral';
import { UKHSA_REGISTRY } from './ukhsa-registry';

const info = apiInfo('Orders');
const PROBLEM = PROBLEM_JSON;
const HOW = 'enum, x-extensible-enum, or oneOf/anyOf of const with a description';
/** A 400 problem example with the given code, or none. */
const example = (code?: unknown) =>
  problemExample(400, {
    type: `${RFC9110}#section-15.5.1`,
    title: 'Bad Request',
    detail: 'The order is closed',
    instance: 'POST /orders',
    code,
  });
/** An OpenAPI 3 problem response with a schema and a media type example. */
const served = (schema: unknown, value?: unknown, mediaType = PROBLEM) =>
  response('A problem', mediaType, { schema, ...(value === undefined ? {} : { example: value }) });
/** Documents with one operation, POST /orders. */
const { oas, at: C } = singleOperation(info, '/orders', 'post');
const notDocumented = (value: string, list: string) =>
  `Example code "${value}" is not a documented error code; expected one of ${list}`;

testRule('problem-code-documented', [
  {
    name: 'OpenAPI 3.0: codes listed with enum or x-extensible-enum and examples using them are clean; no code at all too',
    document: oas('3.0.3', {
      '400': served(
        problemSchema({ code: { type: 'string', enum: ['ORDER_CLOSED', 'ORDER_EMPTY'] } }),
        example('ORDER_CLOSED'),
      ),
      '409': served(
        problemSchema({ code: { type: 'string', 'x-extensible-enum': ['ORDER_LOCKED'] } }),
        example('ORDER_LOCKED'),
      ),
      '500': served(problemSchema(), example()),
    }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.1: a declared code that lists no values',
    document: oas('3.1.0', {
      '400': served(problemSchema({ code: { type: ['string', 'null'], description: 'An error code' } })),
    }),
    errors: [
      {
        path: C('400', 'schema', 'properties', 'code'),
        message: `Problem member "code" lists no values; document the error codes with ${HOW}`,
      },
    ],
  },
  {
    name: 'OpenAPI 3.1: oneOf / anyOf of const, each needing a description',
    document: oas('3.1.0', {
      '400': served(
        problemSchema({
          code: {
            type: 'string',
            oneOf: [{ const: 'ORDER_CLOSED', description: 'The order is closed' }, { const: 'ORDER_EMPTY' }],
          },
        }),
        example('ORDER_EMPTY'),
      ),
      '409': served(
        problemSchema({
          code: {
            anyOf: [
              { const: 'LOCKED', description: 'Locked' },
              { const: 'STALE', description: 'Stale' },
            ],
          },
        }),
        example('GONE'),
      ),
    }),
    errors: [
      {
        path: C('400', 'schema', 'properties', 'code', 'oneOf', 1),
        message: 'An error code of "code" has no description; describe each documented code',
      },
      { path: C('409', 'example', 'code'), message: notDocumented('GONE', 'LOCKED, STALE') },
    ],
  },
  {
    name: 'examples: an undocumented code, a code the schema does not declare; examples entries and values are checked',
    document: oas('3.0.3', {
      '400': {
        description: 'Bad Request',
        content: {
          [PROBLEM]: {
            schema: problemSchema({ code: { type: 'string', enum: ['ORDER_CLOSED'] } }),
            examples: {
              closed: { value: example('ORDER_CLOSED') },
              typo: { value: example('ORDER_CLOSD') },
              numeric: { value: example(42) },
            },
          },
        },
      },
      '404': served(problemSchema(), example('ORDER_MISSING')),
    }),
    errors: [
      {
        path: [
          'paths',
          '/orders',
          'post',
          'responses',
          '400',
          'content',
          'application/problem+json',
          'examples',
          'numeric',
          'value',
          'code',
        ],
        message: 'Example code 42 (an integer) is not a documented error code; expected one of "ORDER_CLOSED"',
      },
      {
        path: [
          'paths',
          '/orders',
          'post',
          'responses',
          '400',
          'content',
          'application/problem+json',
          'examples',
          'typo',
          'value',
          'code',
        ],
        message: 'Example code "ORDER_CLOSD" is not a documented error code; expected one of ORDER_CLOSED',
      },
      {
        path: [
          'paths',
          '/orders',
          'post',
          'responses',
          '404',
          'content',
          'application/problem+json',
          'example',
          'code',
        ],
        message:
          'Example uses code "ORDER_MISSING" but the problem schema does not declare "code"; expected it documented with enum, x-extensible-enum, or oneOf/anyOf of const with a description',
      },
    ],
  },
  {
    name: 'more than eight documented codes are shortened in the message',
    document: oas('3.0.3', {
      '400': served(
        problemSchema({
          code: { type: 'string', enum: ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9', 'A10'] },
        }),
        example('B1'),
      ),
    }),
    errors: [{ path: C('400', 'example', 'code'), message: notDocumented('B1', 'A1, A2, A3, A4, A5, A6, A7, A8, …') }],
  },
  {
    name: 'exactly eight documented codes are listed whole',
    document: oas('3.0.3', {
      '400': served(
        problemSchema({ code: { type: 'string', enum: ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8'] } }),
        example('B1'),
      ),
    }),
    errors: [{ path: C('400', 'example', 'code'), message: notDocumented('B1', 'A1, A2, A3, A4, A5, A6, A7, A8') }],
  },
  {
    name: 'a shared component schema and a shared example, used by several operations, are each reported once',
    document: `
openapi: 3.1.0
info: { title: Orders, version: 1.0.0 }
paths:
  /orders:
    post:
      responses:
        '400': { $ref: '#/components/responses/BadRequest' }
        '409':
          description: Conflict
          content:
            application/problem+json:
              schema: { $ref: '#/components/schemas/Problem' }
              examples:
                locked: { $ref: '#/components/examples/Locked' }
  /customers:
    post:
      responses:
        '400': { $ref: '#/components/responses/BadRequest' }
        '409':
          description: Conflict
          content:
            application/problem+json:
              schema: { $ref: '#/components/schemas/Problem' }
              examples:
                locked: { $ref: '#/components/examples/Locked' }
components:
  examples:
    Locked:
      value: { type: 'about:blank', title: Conflict, status: 409, detail: Locked, instance: POST /orders, code: LOCKED }
  responses:
    BadRequest:
      description: Bad Request
      content:
        application/problem+json:
          schema: { $ref: '#/components/schemas/Problem' }
  schemas:
    Problem:
      type: object
      properties:
        status: { type: integer }
        code: { type: string, enum: [ORDER_CLOSED] }
`,
    errors: [
      { path: ['components', 'examples', 'Locked', 'value', 'code'], message: notDocumented('LOCKED', 'ORDER_CLOSED') },
    ],
  },
  {
    name: 'a code declared without values in a shared component schema is reported once, at the component',
    document: {
      openapi: '3.0.3',
      info,
      paths: {
        '/orders': {
          get: {
            responses: {
              '400': served({ $ref: '#/components/schemas/Problem' }),
              '404': served({ $ref: '#/components/schemas/Problem' }),
            },
          },
        },
        '/customers': { get: { responses: { '400': served({ $ref: '#/components/schemas/Problem' }) } } },
      },
      components: { schemas: { Problem: problemSchema({ code: { type: 'string' } }) } },
    },
    errors: [
      {
        path: ['components', 'schemas', 'Problem', 'properties', 'code'],
        message: `Problem member "code" lists no values; document the error codes with ${HOW}`,
      },
    ],
  },
  {
    name: 'allOf: a code declared in a composed member, its enum in a nested allOf',
    document: oas(
      '3.0.3',
      {
        '400': served(
          {
            allOf: [
              { $ref: '#/components/schemas/ProblemDetails' },
              { properties: { code: { allOf: [{ type: 'string' }, { enum: ['ORDER_CLOSED'] }] } } },
            ],
          },
          example('ORDER_OPEN'),
        ),
        '422': served({
          allOf: [{ $ref: '#/components/schemas/ProblemDetails' }, { properties: { code: { type: 'string' } } }],
        }),
      },
      { components: { schemas: { ProblemDetails: problemSchema() } } },
    ),
    errors: [
      { path: C('400', 'example', 'code'), message: notDocumented('ORDER_OPEN', 'ORDER_CLOSED') },
      {
        path: C('422', 'schema', 'allOf', 1, 'properties', 'code'),
        message: `Problem member "code" lists no values; document the error codes with ${HOW}`,
      },
    ],
  },
  {
    name: 'OpenAPI 3.2: query and additionalOperations; XML and external examples are not read',
    document: openapiDocument('3.2.0', info, {
      '/orders': {
        query: {
          responses: {
            '400': served(problemSchema({ code: { type: 'string', enum: ['BAD_QUERY'] } }), example('BAD_FILTER')),
          },
        },
        additionalOperations: {
          COPY: {
            responses: {
              '400': {
                description: 'x',
                content: {
                  [PROBLEM]: {
                    schema: problemSchema({ code: { type: 'string', enum: ['A'] } }),
                    examples: { remote: { externalValue: 'https://example.com/400.json' } },
                  },
                  'application/problem+xml': {
                    schema: problemSchema({ code: { type: 'string', enum: ['A'] } }),
                    example: '<problem><code>B</code></problem>',
                  },
                },
              },
            },
          },
        },
      },
    }),
    errors: [
      {
        path: ['paths', '/orders', 'query', 'responses', '400', 'content', PROBLEM, 'example', 'code'],
        message: notDocumented('BAD_FILTER', 'BAD_QUERY'),
      },
    ],
  },
  {
    name: 'Swagger 2.0: examples.<mime> of error responses with a problem produces',
    document: swaggerDocument(
      info,
      {
        produces: [PROBLEM],
        definitions: { Problem: problemSchema({ code: { type: 'string', enum: ['ORDER_CLOSED'] } }) },
      },
      {
        '/orders': {
          post: {
            responses: {
              '400': {
                description: 'x',
                schema: { $ref: '#/definitions/Problem' },
                examples: { [PROBLEM]: example('ORDER_SHUT') },
              },
              '409': { description: 'x', schema: problemSchema({ code: { type: 'string' } }) },
            },
          },
        },
      },
    ),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '400', 'examples', PROBLEM, 'code'],
        message: notDocumented('ORDER_SHUT', 'ORDER_CLOSED'),
      },
      {
        path: ['paths', '/orders', 'post', 'responses', '409', 'schema', 'properties', 'code'],
        message: `Problem member "code" lists no values; document the error codes with ${HOW}`,
      },
    ],
  },
  {
    name: 'odd inputs and unresolved $refs give no finding besides invalid-ref',
    document: openapiDocument('3.0.3', info, {
      '/orders': {
        get: {
          responses: {
            '400': served(problemSchema({ code: 'string' }), example('X')),
            '404': served(problemSchema({ code: { $ref: '#/components/schemas/MissingCode' } }), example('Y')),
            '409': served({ $ref: '#/components/schemas/MissingProblem' }, example('Z')),
            '500': served(problemSchema({ code: { type: 'string', enum: ['A'] } }), 'not an object'),
          },
        },
        put: { responses: null },
        post: { responses: { '400': 'Bad Request' } },
      },
    }),
    errors: [
      {
        code: 'invalid-ref',
        path: [
          'paths',
          '/orders',
          'get',
          'responses',
          '404',
          'content',
          PROBLEM,
          'schema',
          'properties',
          'code',
          '$ref',
        ],
        message: "'#/components/schemas/MissingCode' does not exist",
      },
      {
        code: 'invalid-ref',
        path: ['paths', '/orders', 'get', 'responses', '409', 'content', PROBLEM, 'schema', '$ref'],
        message: "'#/components/schemas/MissingProblem' does not exist",
      },
    ],
  },
  {
    name: 'a numeric code in an example, where the schema documents the codes as strings ("1001", "1002")',
    document: oas('3.1.0', {
      '400': served(problemSchema({ code: { type: 'string', enum: ['1001', '1002'] } }), example(1001)),
      '409': served(problemSchema({ code: { type: 'string', enum: ['1001', '1002'] } }), example('1002')),
    }),
    errors: [
      {
        path: [
          'paths',
          '/orders',
          'post',
          'responses',
          '400',
          'content',
          'application/problem+json',
          'example',
          'code',
        ],
        message: 'Example code 1001 (an integer) is not a documented error code; expected one of "1001", "1002"',
      },
    ],
  },
  {
    name: 'codes documented as integers (1001, 1002) are listed unquoted, whether the example code is a string or an integer',
    document: oas('3.1.0', {
      '400': served(problemSchema({ code: { type: 'integer', enum: [1001, 1002] } }), example('1003')),
      '409': served(problemSchema({ code: { type: 'integer', enum: [1001, 1002] } }), example(1003)),
    }),
    errors: [
      { path: C('400', 'example', 'code'), message: notDocumented('1003', '1001, 1002') },
      {
        path: C('409', 'example', 'code'),
        message: 'Example code 1003 (an integer) is not a documented error code; expected one of 1001, 1002',
      },
    ],
  },
  {
    name: "a registry linted alone (UKHSA's components in their own file): its code member, used by its examples, lists no values",
    document: UKHSA_REGISTRY,
    errors: [
      {
        path: ['components', 'schemas', 'ProblemDetails', 'properties', 'code'],
        message:
          'Problem member "code" lists no values; document the error codes with enum, x-extensible-enum, or oneOf/anyOf of const with a description',
      },
    ],
  },
  {
    name: 'a code whose oneOf is empty (left by a generator), or mixes documented consts with an open pattern for extension codes, lists no values',
    document: oas('3.1.0', {
      '400': served(problemSchema({ code: { type: 'string', oneOf: [] } }), example('ORDER_CLOSED')),
      '409': served(
        problemSchema({
          code: {
            type: 'string',
            oneOf: [
              { const: 'ORDER_LOCKED', description: 'Another request is changing the order' },
              { pattern: '^X-[A-Z_]+$', description: 'A code of an extension' },
            ],
          },
        }),
        example('X-WAREHOUSE_CLOSED'),
      ),
    }),
    errors: [
      {
        path: C('400', 'schema', 'properties', 'code'),
        message: `Problem member "code" lists no values; document the error codes with ${HOW}`,
      },
      {
        path: C('409', 'schema', 'properties', 'code'),
        message: `Problem member "code" lists no values; document the error codes with ${HOW}`,
      },
    ],
  },
]);
