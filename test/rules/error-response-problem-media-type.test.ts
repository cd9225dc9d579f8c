import { apiInfo, jsonResponse, openapiDocument, swaggerDocument } from '../__helpers__/documents';
import { testRule } from '../__helpers__/spectral';

const info = apiInfo('Orders');
const EXPECTED = 'application/problem+json or application/problem+xml';
const schema = { type: 'object' };

/** An OpenAPI 3 response offering the given media types. */
const served = (...mediaTypes: string[]) => ({
  description: 'x',
  content: Object.fromEntries(mediaTypes.map(m => [m, { schema }])),
});
const problem = served('application/problem+json');
const standard = { '400': problem, '404': problem, '500': problem };
const json = jsonResponse(schema);

const oas3 = (openapi: string, paths: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  openapiDocument(openapi, info, paths, extra);

/** Why fix leaves application/json whose schema (here `{type: object}`) is no problem: renaming would promise one. */
const NOT_A_PROBLEM = `the body's schema is not a problem (Problem schema does not declare "status"; expected status, title, detail, type and instance (status: integer)); renaming it would promise a body it does not have`;
/** Why fix leaves a Swagger 2.0 produces. */
const PRODUCES_SHARED = 'no fix: Swagger 2.0 produces is shared with the success responses';
/** Why fix leaves a response without a problem body: there is nothing to rename. */
const PERSON_WRITES_BODY = 'no fix: the response needs a problem body a person writes';
const plainJson = (path: (string | number)[], code: string, mediaType = 'application/json') => ({
  path: [...path, 'content', mediaType],
  message: `${code} response offers ${mediaType}; expected ${EXPECTED} instead`,
});

/** GET /orders/{id} whose 404 offers a Problem Details schema under the one media type given. */
const problemSchemaDocument = (mediaType: string) =>
  oas3(
    '3.1.0',
    {
      '/orders/{id}': {
        get: {
          responses: {
            '200': json,
            '400': problem,
            '404': {
              description: 'No such order',
              content: { [mediaType]: { schema: { $ref: '#/components/schemas/Problem' } } },
            },
            '500': problem,
          },
        },
      },
    },
    {
      components: {
        schemas: {
          Problem: {
            type: 'object',
            required: ['status', 'title', 'detail', 'type', 'instance'],
            properties: {
              status: { type: 'integer' },
              title: { type: 'string' },
              detail: { type: 'string' },
              type: { type: 'string' },
              instance: { type: 'string' },
            },
          },
        },
      },
    },
  );

testRule('error-response-problem-media-type', [
  {
    name: 'OpenAPI 3.0: problem+json error responses, a plain JSON success response, are clean',
    document: oas3('3.0.3', {
      '/orders': { get: { responses: { '200': json, ...standard, '409': problem, default: problem } } },
    }),
    errors: [],
  },
  {
    name: 'media types compare without case and parameters; problem+xml is a problem media type',
    document: oas3('3.1.0', {
      '/orders': {
        get: {
          responses: {
            '400': served('application/problem+json; charset=utf-8'),
            '404': served('Application/Problem+JSON'),
            '500': served('application/problem+xml', 'application/problem+json'),
          },
        },
      },
    }),
    errors: [],
  },
  {
    name: 'plain application/json is a finding even beside a problem media type; 4XX and default are checked',
    document: oas3('3.1.0', {
      '/orders': {
        post: {
          responses: {
            '201': json,
            '400': served('application/problem+json', 'application/json'),
            '404': problem,
            '500': served('application/json; charset=utf-8'),
            '4XX': served('application/json'),
            default: served('application/problem+json'),
          },
        },
      },
    }),
    left: [NOT_A_PROBLEM, 'the response offers other media types too; a person chooses'],
    errors: [
      plainJson(['paths', '/orders', 'post', 'responses', '400'], '400'),
      plainJson(['paths', '/orders', 'post', 'responses', '500'], '500', 'application/json; charset=utf-8'),
      plainJson(['paths', '/orders', 'post', 'responses', '4XX'], '4XX'),
    ],
  },
  {
    name: 'a lone application/json whose schema is a problem (the Problem Details members, status an integer) is renamed by fix',
    document: problemSchemaDocument('application/json'),
    fixed: problemSchemaDocument('application/problem+json'),
    errors: [plainJson(['paths', '/orders/{id}', 'get', 'responses', '404'], '404')],
  },
  {
    name: 'an error response with only other media types lists them; a required one without content is a finding',
    document: oas3(
      '3.0.3',
      {
        '/orders': {
          delete: {
            security: [{ bearer: [] }],
            responses: {
              '204': { description: 'Deleted' },
              '400': problem,
              '401': { description: 'Unauthorized' },
              '403': problem,
              '404': problem,
              '409': { description: 'Conflict' },
              '500': served('text/html', 'text/plain'),
              '503': served('text/plain'),
            },
          },
        },
      },
      { components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    ),
    left: PERSON_WRITES_BODY,
    errors: [
      {
        path: ['paths', '/orders', 'delete', 'responses', '401'],
        message: `401 response has no content; expected an ${EXPECTED} body`,
      },
      {
        path: ['paths', '/orders', 'delete', 'responses', '500', 'content'],
        message: `500 response offers text/html, text/plain; expected ${EXPECTED}`,
      },
      {
        path: ['paths', '/orders', 'delete', 'responses', '503', 'content'],
        message: `503 response offers text/plain; expected ${EXPECTED}`,
      },
    ],
  },
  {
    name: 'a shared component response with application/json, used by several operations, gives one finding at the component',
    document: `
openapi: 3.0.3
info: { title: Orders, version: 1.0.0 }
paths:
  /orders:
    get:
      responses:
        '400': { $ref: '#/components/responses/Problem' }
        '404': { $ref: '#/components/responses/NotFound' }
        '500': { $ref: '#/components/responses/Problem' }
  /orders/{id}:
    get:
      responses:
        '400': { $ref: '#/components/responses/Problem' }
        '404': { $ref: '#/components/responses/NotFound' }
        '500': { $ref: '#/components/responses/Problem' }
components:
  responses:
    Problem:
      description: A problem
      content:
        application/problem+json:
          schema: { type: object }
    NotFound:
      description: Not Found
      content:
        application/json:
          schema: { type: object }
`,
    left: NOT_A_PROBLEM,
    errors: [plainJson(['components', 'responses', 'NotFound'], '404')],
  },
  {
    name: 'an error response offering text/html for browsers beside application/problem+json is clean',
    document: oas3('3.0.3', {
      '/orders': {
        get: {
          responses: {
            '200': json,
            '400': problem,
            '404': served('text/html', 'application/problem+json'),
            '500': served('application/problem+json', 'text/html'),
          },
        },
      },
    }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.2: query and additionalOperations are checked',
    document: oas3('3.2.0', {
      '/orders': {
        query: { responses: { '200': json, ...standard, '422': served('application/json') } },
        additionalOperations: {
          COPY: { responses: { '201': json, '400': problem, '404': problem, '500': { description: 'x' } } },
        },
      },
    }),
    left: [PERSON_WRITES_BODY, NOT_A_PROBLEM],
    errors: [
      plainJson(['paths', '/orders', 'query', 'responses', '422'], '422'),
      {
        path: ['paths', '/orders', 'additionalOperations', 'COPY', 'responses', '500'],
        message: `500 response has no content; expected an ${EXPECTED} body`,
      },
    ],
  },
  {
    name: 'Swagger 2.0: root produces with a problem media type is clean',
    document: swaggerDocument(
      info,
      { produces: ['application/json', 'application/problem+json'] },
      {
        '/orders': {
          get: {
            responses: {
              '200': { description: 'OK', schema },
              '400': { description: 'x', schema },
              '404': { description: 'x', schema },
              '500': { description: 'x', schema },
            },
          },
        },
      },
    ),
    errors: [],
  },
  {
    name: 'Swagger 2.0: shared root produces without a problem media type gives one finding; a required response without schema is one',
    document: swaggerDocument(
      info,
      { produces: ['application/json'] },
      {
        '/orders': {
          get: {
            responses: {
              '200': { description: 'OK', schema },
              '400': { description: 'x', schema },
              '404': { description: 'x', schema },
              '500': { description: 'x', schema },
            },
          },
        },
        '/customers': {
          get: {
            responses: {
              '400': { description: 'x', schema },
              '404': { description: 'Not Found' },
              '500': { description: 'x', schema },
            },
          },
        },
      },
    ),
    left: PRODUCES_SHARED,
    errors: [
      {
        path: ['produces'],
        message: `produces lists application/json; expected it to include ${EXPECTED} for the error responses`,
      },
      {
        path: ['paths', '/customers', 'get', 'responses', '404'],
        message: '404 response has no schema; expected a Problem Details body',
      },
    ],
  },
  {
    name: 'Swagger 2.0: operation produces overrides root; no produces at all',
    document: swaggerDocument(
      info,
      {},
      {
        '/orders': {
          get: {
            produces: ['application/problem+xml'],
            responses: {
              '400': { description: 'x', schema },
              '404': { description: 'x', schema },
              '500': { description: 'x', schema },
            },
          },
          post: {
            produces: ['application/xml'],
            responses: {
              '400': { description: 'x', schema },
              '404': { description: 'x', schema },
              '500': { description: 'x', schema },
            },
          },
          put: {
            responses: {
              '400': { description: 'x', schema },
              '404': { description: 'x', schema },
              '500': { description: 'x', schema },
            },
          },
        },
      },
    ),
    left: PRODUCES_SHARED,
    errors: [
      {
        path: ['paths', '/orders', 'post', 'produces'],
        message: `produces lists application/xml; expected it to include ${EXPECTED} for the error responses`,
      },
      {
        path: ['paths', '/orders', 'put'],
        message: `Operation has error responses but no produces; expected ${EXPECTED}`,
      },
    ],
  },
  {
    name: 'a shared component response with application/json used as the 400 of one operation and the 409 of another: both named at the component',
    document: `
openapi: 3.0.3
info: { title: Orders, version: 1.0.0 }
paths:
  /orders:
    get:
      responses:
        '400': { $ref: '#/components/responses/JsonError' }
        '404': { $ref: '#/components/responses/Problem' }
        '500': { $ref: '#/components/responses/Problem' }
    post:
      responses:
        '400': { $ref: '#/components/responses/Problem' }
        '404': { $ref: '#/components/responses/Problem' }
        '409': { $ref: '#/components/responses/JsonError' }
        '500': { $ref: '#/components/responses/Problem' }
components:
  responses:
    Problem:
      description: A problem
      content:
        application/problem+json:
          schema: { type: object }
    JsonError:
      description: An error
      content:
        application/json:
          schema: { type: object }
`,
    left: NOT_A_PROBLEM,
    errors: [
      {
        path: ['components', 'responses', 'JsonError', 'content', 'application/json'],
        message: `400 response offers application/json; expected ${EXPECTED} instead; and 409 response offers application/json; expected ${EXPECTED} instead`,
      },
    ],
  },
  {
    name: 'a 200 that $refs the inline 500 of another operation: the 500 is judged as an error response, the 200 at the problem body it offers',
    document: `
openapi: 3.1.0
info: { title: Orders, version: 1.0.0 }
paths:
  /orders:
    get:
      responses:
        '400': { description: Bad Request, content: { application/problem+json: { schema: { type: object } } } }
        '404': { description: Not Found, content: { application/problem+json: { schema: { type: object } } } }
        '500': { description: Server Error, content: { application/problem+json: { schema: { type: object } } } }
  /health:
    get:
      responses:
        '200': { $ref: '#/paths/~1orders/get/responses/500' }
        '400': { description: Bad Request, content: { application/problem+json: { schema: { type: object } } } }
        '404': { description: Not Found, content: { application/problem+json: { schema: { type: object } } } }
        '500': { description: Server Error, content: { application/problem+json: { schema: { type: object } } } }
`,
    left: 'no fix: only a lone application/json is renamed',
    errors: [
      {
        path: ['paths', '/orders', 'get', 'responses', '500', 'content', 'application/problem+json'],
        message:
          "200 response offers application/problem+json; a success response is not a problem: expected its resource's media type, such as application/json",
      },
    ],
  },
  {
    name: 'Swagger 2.0: operations with produces of their own under a root produces each get their finding; a produces that is not a list is skipped even under a root list',
    document: swaggerDocument(
      info,
      { produces: ['application/json'] },
      {
        '/orders': {
          get: {
            produces: ['application/json', 'text/csv'],
            responses: { '400': { description: 'x', schema }, '500': { description: 'x', schema } },
          },
          post: {
            produces: ['application/xml'],
            responses: { '400': { description: 'x', schema }, '500': { description: 'x', schema } },
          },
          put: {
            produces: 'application/xml',
            responses: { '400': { description: 'x', schema }, '500': { description: 'x', schema } },
          },
        },
      },
    ),
    left: PRODUCES_SHARED,
    errors: [
      {
        path: ['paths', '/orders', 'get', 'produces'],
        message: `produces lists application/json, text/csv; expected it to include ${EXPECTED} for the error responses`,
      },
      {
        path: ['paths', '/orders', 'post', 'produces'],
        message: `produces lists application/xml; expected it to include ${EXPECTED} for the error responses`,
      },
    ],
  },
  {
    name: 'odd inputs: responses null or a string, a response that is a string, do not crash',
    document: oas3('3.0.3', {
      '/orders': {
        get: { responses: null },
        put: { responses: 'none' },
        post: { responses: { ...standard, '409': 'Conflict' } },
      },
    }),
    errors: [],
  },
  {
    name: 'odd inputs: content or a media type of the wrong type is not taken for a missing body; valid entries beside it are still checked',
    document: oas3('3.1.0', {
      '/orders': {
        get: {
          responses: {
            '400': { description: 'x', content: null },
            '404': { description: 'x', content: 'application/problem+json' },
            '500': { description: 'x', content: { [`application/problem+json`]: null } },
            '503': { description: 'x', content: { 'application/json': { schema }, 'text/plain': 'oops' } },
          },
        },
      },
    }),
    left: 'the response offers other media types too; a person chooses',
    errors: [plainJson(['paths', '/orders', 'get', 'responses', '503'], '503')],
  },
  {
    name: 'Swagger 2.0 odd inputs: produces that is not a list, examples that are not a map',
    document: swaggerDocument(
      info,
      { produces: 'application/json' },
      {
        '/orders': {
          get: {
            responses: {
              '400': { description: 'x', schema },
              '404': { description: 'x', examples: 'none' },
              '500': { description: 'x', schema },
            },
          },
          post: {
            produces: 'application/xml',
            responses: {
              '400': { description: 'x', schema },
              '404': { description: 'x', schema },
              '500': { description: 'x', schema },
            },
          },
        },
      },
    ),
    errors: [],
  },
  {
    name: "a required response $ref to a missing component is left to Spectral's invalid-ref",
    document: oas3('3.1.0', {
      '/orders': { get: { responses: { ...standard, '404': { $ref: '#/components/responses/Missing' } } } },
    }),
    left: 'a $ref that leads nowhere; fix it by hand',
    errors: [
      {
        code: 'invalid-ref',
        path: ['paths', '/orders', 'get', 'responses', '404', '$ref'],
        message: "'#/components/responses/Missing' does not exist",
      },
    ],
  },
  {
    name: "Swagger 2.0: a required response $ref to a missing definition is left to Spectral's invalid-ref",
    document: swaggerDocument(
      info,
      { produces: ['application/problem+json'] },
      {
        '/orders': {
          get: {
            responses: {
              '400': { description: 'x', schema },
              '404': { $ref: '#/responses/Missing' },
              '500': { description: 'x', schema },
            },
          },
        },
      },
    ),
    left: 'a $ref that leads nowhere; fix it by hand',
    errors: [
      {
        code: 'invalid-ref',
        path: ['paths', '/orders', 'get', 'responses', '404', '$ref'],
        message: "'#/responses/Missing' does not exist",
      },
    ],
  },
  {
    name: 'a success response that offers problem+json beside its resource (as wikimedia.org does): one finding at that media type',
    document: `
openapi: 3.0.1
info: { title: Feed, version: 1.0.0 }
paths:
  /feed/featured:
    get:
      responses:
        '200':
          description: The featured content
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Feed' }
            application/problem+json:
              schema: { $ref: '#/components/schemas/Feed' }
        '400': { $ref: '#/components/responses/Problem' }
        '404': { $ref: '#/components/responses/Problem' }
        '500': { $ref: '#/components/responses/Problem' }
components:
  responses:
    Problem:
      description: Problem
      content:
        application/problem+json:
          schema: { type: object }
  schemas:
    Feed:
      type: object
      properties:
        tfa: { type: object }
`,
    left: 'no fix: only a lone application/json is renamed',
    errors: [
      {
        path: ['paths', '/feed/featured', 'get', 'responses', '200', 'content', 'application/problem+json'],
        message:
          "200 response offers application/problem+json; a success response is not a problem: expected its resource's media type, such as application/json",
      },
    ],
  },
  {
    name: 'a range key written in lower case ("4xx", as some generators write it) is an error response too',
    document: oas3('3.0.3', {
      '/orders': { get: { responses: { '200': json, ...standard, '4xx': json } } },
    }),
    left: NOT_A_PROBLEM,
    errors: [plainJson(['paths', '/orders', 'get', 'responses', '4xx'], '4xx')],
  },
  {
    name: 'a 500 that $refs the 200 response (as conjur.local does): one finding at that $ref, none on the 200',
    document: `
openapi: 3.0.0
info: { title: Status, version: 1.0.0 }
paths:
  /authn/{account}/status:
    get:
      responses:
        '200':
          description: The authenticator is healthy
          content:
            application/json:
              schema: { type: object, properties: { status: { type: string } } }
        '400': { description: Bad Request, content: { application/problem+json: { schema: { type: object } } } }
        '404': { description: Not Found, content: { application/problem+json: { schema: { type: object } } } }
        '500':
          $ref: '#/paths/~1authn~1%7Baccount%7D~1status/get/responses/200'
`,
    left: PERSON_WRITES_BODY,
    errors: [
      {
        path: ['paths', '/authn/{account}/status', 'get', 'responses', '500', '$ref'],
        message:
          '500 response is the success response #/paths/~1authn~1%7Baccount%7D~1status/get/responses/200; expected an error response of its own, with application/problem+json or application/problem+xml',
      },
    ],
  },
  {
    name: 'Swagger 2.0: an operation with produces: [] under a root problem+json produces has no produces of its own',
    document: `
swagger: '2.0'
info: { title: Orders, version: 1.0.0 }
produces: [application/problem+json]
paths:
  /orders/{orderId}:
    get:
      produces: []
      parameters:
        - { name: orderId, in: path, required: true, type: string }
      responses:
        '200': { description: The order, schema: { type: object } }
        '400': { description: Bad Request, schema: { type: object } }
        '404': { description: Not Found, schema: { type: object } }
        '500': { description: Internal Server Error, schema: { type: object } }
`,
    left: PRODUCES_SHARED,
    errors: [
      {
        path: ['paths', '/orders/{orderId}', 'get', 'produces'],
        message: `Operation has error responses but no produces; expected ${EXPECTED}`,
      },
    ],
  },
  {
    name: 'Swagger 2.0: a body-less 409 as the only error response needs no produces',
    document: `
swagger: '2.0'
info: { title: Orders, version: 1.0.0 }
paths:
  /orders/{orderId}:
    delete:
      parameters:
        - { name: orderId, in: path, required: true, type: string }
      responses:
        '204': { description: Deleted }
        '409': { description: Conflict }
`,
    errors: [],
  },
]);
