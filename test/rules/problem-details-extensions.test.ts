import {
  apiInfo,
  openapiDocument,
  PROBLEM_JSON,
  PROBLEM_REQUIRED,
  problemSchema,
  response,
  singleOperation,
} from '../__helpers__/documents';
import { testRule } from '../__helpers__/spectral';

const info = apiInfo('Orders');
const PROBLEM = PROBLEM_JSON;
const ERRORS = 'an array of objects with string detail and pointer';
const validationError = {
  type: 'object',
  required: ['detail', 'pointer'],
  properties: { detail: { type: 'string' }, pointer: { type: 'string' } },
};
/** A problem schema with the base members, all required, and the given extension members. */
const problem = (extensions: Record<string, unknown>) => problemSchema(extensions, PROBLEM_REQUIRED);
const served = (schema: unknown, mediaType = PROBLEM) => response('A problem', mediaType, { schema });
/** Documents with one operation, POST /orders. */
const { oas, at } = singleOperation(info, '/orders', 'post');
const S = (code: string, ...rest: (string | number)[]) => at(code, 'schema', ...rest);

testRule('problem-details-extensions', [
  {
    name: 'OpenAPI 3.0: traceId, errors and code with their conventional types are clean; absent ones too',
    document: oas('3.0.3', {
      '400': served(
        problem({
          traceId: { type: 'string' },
          errors: { type: 'array', items: validationError },
          code: { type: 'string', enum: ['ORDER_CLOSED'] },
        }),
      ),
      '404': served(problem({})),
    }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.1: traceId and code of the wrong type or without type; type lists with null are fine',
    document: oas('3.1.0', {
      '400': served(problem({ traceId: { type: 'integer' }, code: { type: ['integer', 'null'] } })),
      '404': served(problem({ traceId: { type: ['string', 'null'] }, code: { enum: ['A', 'B'] } })),
    }),
    errors: [
      {
        path: S('400', 'properties', 'traceId', 'type'),
        message: 'Problem member "traceId" is of type integer; expected string',
      },
      {
        path: S('400', 'properties', 'code', 'type'),
        message: 'Problem member "code" is of type integer | null; expected string',
      },
      { path: S('404', 'properties', 'code'), message: 'Problem member "code" declares no type; expected string' },
    ],
  },
  {
    name: 'errors that is not an array, an array without items, an array of strings',
    document: oas('3.0.3', {
      '400': served(problem({ errors: { type: 'object', properties: { name: { type: 'string' } } } })),
      '404': served(problem({ errors: { type: 'array' } })),
      '409': served(problem({ errors: { type: 'array', items: { type: 'string' } } })),
      '422': served(problem({ errors: { description: 'The validation errors' } })),
    }),
    errors: [
      {
        path: S('400', 'properties', 'errors', 'type'),
        message: `Problem member "errors" is of type object; expected ${ERRORS}`,
      },
      {
        path: S('404', 'properties', 'errors'),
        message: `Problem member "errors" declares no items; expected ${ERRORS}`,
      },
      {
        path: S('409', 'properties', 'errors', 'items', 'type'),
        message: '"errors" items are of type string; expected objects with string detail and pointer',
      },
      {
        path: S('422', 'properties', 'errors'),
        message: `Problem member "errors" declares no type; expected ${ERRORS}`,
      },
    ],
  },
  {
    name: 'errors items: a missing member, a mistyped member, members not required',
    document: oas('3.1.0', {
      '400': served(
        problem({
          errors: {
            type: 'array',
            items: { type: 'object', required: ['detail'], properties: { detail: { type: 'string' } } },
          },
        }),
      ),
      '422': served(
        problem({
          errors: {
            type: 'array',
            items: { type: 'object', properties: { detail: { type: 'string' }, pointer: { type: 'integer' } } },
          },
        }),
      ),
    }),
    errors: [
      {
        path: S('400', 'properties', 'errors', 'items', 'properties'),
        message: '"errors" items do not declare "pointer"; expected string detail and pointer',
      },
      {
        path: S('422', 'properties', 'errors', 'items', 'properties', 'pointer', 'type'),
        message: 'Problem member "errors[].pointer" is of type integer; expected string',
      },
      {
        path: S('422', 'properties', 'errors', 'items'),
        message: '"errors" items do not require "detail" or "pointer"; expected detail and pointer in required',
      },
    ],
  },
  {
    name: 'a defect in a shared errors item schema, used by several problem schemas, is reported once at the component',
    document: `
openapi: 3.1.0
info: { title: Orders, version: 1.0.0 }
paths:
  /orders:
    post:
      responses:
        '400':
          description: Bad Request
          content:
            application/problem+json:
              schema:
                type: object
                properties:
                  errors: { type: array, items: { $ref: '#/components/schemas/ValidationError' } }
    put:
      responses:
        '400':
          description: Bad Request
          content:
            application/problem+json:
              schema:
                allOf:
                  - type: object
                  - properties:
                      errors: { type: array, items: { $ref: '#/components/schemas/ValidationError' } }
components:
  schemas:
    ValidationError:
      type: object
      required: [detail, pointer]
      properties:
        detail: { type: string }
        pointer: { type: [integer, 'null'] }
`,
    errors: [
      {
        path: ['components', 'schemas', 'ValidationError', 'properties', 'pointer', 'type'],
        message: 'Problem member "errors[].pointer" is of type integer | null; expected string',
      },
    ],
  },
  {
    name: 'a defect in a shared component response is reported once, at the component',
    document: {
      openapi: '3.0.3',
      info,
      paths: {
        '/orders': { get: { responses: { '404': { $ref: '#/components/responses/NotFound' } } } },
        '/customers': { get: { responses: { '404': { $ref: '#/components/responses/NotFound' } } } },
      },
      components: { responses: { NotFound: served(problem({ traceId: { type: 'number' } })) } },
    },
    errors: [
      {
        path: ['components', 'responses', 'NotFound', 'content', PROBLEM, 'schema', 'properties', 'traceId', 'type'],
        message: 'Problem member "traceId" is of type number; expected string',
      },
    ],
  },
  {
    name: 'allOf: extension members declared in a composed member are checked where written',
    document: oas(
      '3.0.3',
      {
        '400': served({
          allOf: [
            { $ref: '#/components/schemas/ProblemDetails' },
            { type: 'object', properties: { traceId: { type: 'string' }, code: { type: 'boolean' } } },
          ],
        }),
        '500': served({
          allOf: [
            { $ref: '#/components/schemas/ProblemDetails' },
            { type: 'object', properties: { traceId: { type: 'string' } } },
          ],
        }),
      },
      { components: { schemas: { ProblemDetails: problem({}) } } },
    ),
    errors: [
      {
        path: S('400', 'allOf', 1, 'properties', 'code', 'type'),
        message: 'Problem member "code" is of type boolean; expected string',
      },
    ],
  },
  {
    name: 'only problem bodies are checked: a problem served as application/json is one, plain JSON success and {code, message} error bodies are not',
    document: oas('3.1.0', {
      '201': served({ type: 'object', properties: { traceId: { type: 'integer' } } }, 'application/json'),
      '409': served(problem({ traceId: { type: 'integer' } }), 'application/json'),
      '422': served(
        {
          type: 'object',
          properties: { code: { type: 'integer' }, message: { type: 'string' }, traceId: { type: 'integer' } },
        },
        'application/json',
      ),
    }),
    errors: [
      {
        path: [
          'paths',
          '/orders',
          'post',
          'responses',
          '409',
          'content',
          'application/json',
          'schema',
          'properties',
          'traceId',
          'type',
        ],
        message: 'Problem member "traceId" is of type integer; expected string',
      },
    ],
  },
  {
    name: 'OpenAPI 3.2: a query operation and an additional operation',
    document: openapiDocument('3.2.0', info, {
      '/orders': {
        query: {
          responses: {
            '400': served(problem({ errors: { type: 'array', items: validationError }, code: { type: 'integer' } })),
          },
        },
        additionalOperations: { COPY: { responses: { '400': served(problem({ traceId: { type: 'object' } })) } } },
      },
    }),
    errors: [
      {
        path: [
          'paths',
          '/orders',
          'query',
          'responses',
          '400',
          'content',
          PROBLEM,
          'schema',
          'properties',
          'code',
          'type',
        ],
        message: 'Problem member "code" is of type integer; expected string',
      },
      {
        path: [
          'paths',
          '/orders',
          'additionalOperations',
          'COPY',
          'responses',
          '400',
          'content',
          PROBLEM,
          'schema',
          'properties',
          'traceId',
          'type',
        ],
        message: 'Problem member "traceId" is of type object; expected string',
      },
    ],
  },
  {
    name: 'Swagger 2.0: a shared definition used by error responses with a problem produces',
    document: {
      swagger: '2.0',
      info,
      produces: [PROBLEM],
      definitions: {
        Problem: problem({
          errors: {
            type: 'array',
            items: {
              type: 'object',
              required: ['detail', 'pointer'],
              properties: { detail: { type: 'string' }, pointer: { type: 'integer' } },
            },
          },
        }),
      },
      paths: {
        '/orders': {
          get: {
            responses: {
              '200': { description: 'OK', schema: { type: 'object', properties: { traceId: { type: 'integer' } } } },
              '400': { description: 'x', schema: { $ref: '#/definitions/Problem' } },
            },
          },
          post: { responses: { '400': { description: 'x', schema: { $ref: '#/definitions/Problem' } } } },
        },
      },
    },
    errors: [
      {
        path: ['definitions', 'Problem', 'properties', 'errors', 'items', 'properties', 'pointer', 'type'],
        message: 'Problem member "errors[].pointer" is of type integer; expected string',
      },
    ],
  },
  {
    name: 'errors items that declare no type, only their members, are objects: clean',
    document: oas('3.1.0', {
      '400': served(
        problem({
          errors: {
            type: 'array',
            items: { required: ['detail', 'pointer'], properties: validationError.properties },
          },
        }),
      ),
    }),
    errors: [],
  },
  {
    name: 'a problem schema extending a $ref that does not resolve, and an errors member that is such a $ref, are not checked',
    document: oas('3.1.0', {
      '400': served({
        allOf: [
          { $ref: '#/components/schemas/MissingBase' },
          { properties: { code: { type: 'integer' }, traceId: { type: 'integer' } } },
        ],
      }),
      '422': served(problem({ errors: { $ref: '#/components/schemas/MissingErrors' } })),
    }),
    errors: [
      {
        code: 'invalid-ref',
        path: S('400', 'allOf', 0, '$ref'),
        message: "'#/components/schemas/MissingBase' does not exist",
      },
      {
        code: 'invalid-ref',
        path: S('422', 'properties', 'errors', '$ref'),
        message: "'#/components/schemas/MissingErrors' does not exist",
      },
    ],
  },
  {
    name: 'odd inputs and unresolved $refs give no finding besides invalid-ref',
    document: openapiDocument('3.0.3', info, {
      '/orders': {
        get: {
          responses: {
            '400': served(
              problem({ traceId: 'string', code: null, errors: { type: 'array', items: 'ValidationError' } }),
            ),
            '404': served(problem({ errors: { type: 'array', items: { $ref: '#/components/schemas/MissingItem' } } })),
            '500': served({ $ref: '#/components/schemas/MissingProblem' }),
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
          'errors',
          'items',
          '$ref',
        ],
        message: "'#/components/schemas/MissingItem' does not exist",
      },
      {
        code: 'invalid-ref',
        path: ['paths', '/orders', 'get', 'responses', '500', 'content', PROBLEM, 'schema', '$ref'],
        message: "'#/components/schemas/MissingProblem' does not exist",
      },
    ],
  },
  {
    name: 'Swagger 2.0: a shared 404 used first by an operation producing only application/json, then under problem+json: its schema is checked',
    document: {
      swagger: '2.0',
      info,
      produces: [PROBLEM],
      paths: {
        '/legacy/orders': {
          get: { produces: ['application/json'], responses: { '404': { $ref: '#/responses/NotFound' } } },
        },
        '/orders': { get: { responses: { '404': { $ref: '#/responses/NotFound' } } } },
      },
      responses: { NotFound: { description: 'Not found', schema: { $ref: '#/definitions/Problem' } } },
      definitions: { Problem: problem({ traceId: { type: 'integer' } }) },
    },
    errors: [
      {
        path: ['definitions', 'Problem', 'properties', 'traceId', 'type'],
        message: 'Problem member "traceId" is of type integer; expected string',
      },
    ],
  },
]);
