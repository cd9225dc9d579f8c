import {
  apiInfo,
  openapiDocument,
  PROBLEM_JSON,
  problemExample,
  problemExamplesResponse,
  problemResponse,
  problemSchema,
  singleOperation,
  swaggerProblemResponse,
} from '../__helpers__/documents';
import { testRule } from '../__helpers__/spectral';
import { SMARTBEAR_REGISTRY } from './smartbear-registry';

const info = apiInfo('Orders API');
const P = PROBLEM_JSON;
const OP = ['paths', '/orders/{id}', 'get', 'responses'];

/** Documents with one operation, GET /orders/{id}; Swagger 2.0 ones produce JSON and problem+json. */
const { oas, swagger } = singleOperation(info, '/orders/{id}', 'get', ['application/json', P]);

testRule('problem-example-status', [
  {
    name: 'OpenAPI 3.1: every example status equals its response code',
    document: oas('3.1.0', {
      '200': { description: 'OK' },
      '400': problemResponse(problemExample(400)),
      '401': problemExamplesResponse({
        missing: { value: problemExample(401) },
        expired: { value: problemExample(401) },
      }),
      '403': problemResponse(problemExample(403)),
      '404': problemResponse(problemExample(404)),
      '422': problemResponse(problemExample(422)),
      '429': problemResponse(problemExample(429)),
      '500': problemResponse(problemExample(500)),
    }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.0: a 404 example with status 400',
    document: oas('3.0.3', { '404': problemResponse(problemExample(400)) }),
    errors: [
      { path: [...OP, '404', 'content', P, 'example', 'status'], message: '404 example status is 400; expected 404' },
    ],
  },
  {
    name: 'OpenAPI 3.1: one of several named examples has the wrong status',
    document: oas('3.1.0', {
      '400': problemExamplesResponse({
        single: { summary: 'one field', value: problemExample(400) },
        wrong: { value: problemExample(422) },
      }),
    }),
    errors: [
      {
        path: [...OP, '400', 'content', P, 'examples', 'wrong', 'value', 'status'],
        message: '400 example status is 422; expected 400',
      },
    ],
  },
  {
    name: 'OpenAPI 3.2: a query operation with a wrong example status',
    document: openapiDocument('3.2.0', info, {
      '/orders': { query: { responses: { '500': problemResponse(problemExample(503)) } } },
    }),
    errors: [
      {
        path: ['paths', '/orders', 'query', 'responses', '500', 'content', P, 'example', 'status'],
        message: '500 example status is 503; expected 500',
      },
    ],
  },
  {
    name: 'OpenAPI 3.2: a named example with dataValue is checked',
    document: oas('3.2.0', { '403': problemExamplesResponse({ denied: { dataValue: problemExample(401) } }) }),
    errors: [
      {
        path: [...OP, '403', 'content', P, 'examples', 'denied', 'dataValue', 'status'],
        message: '403 example status is 401; expected 403',
      },
    ],
  },
  {
    name: 'an externalValue example is present but not checked',
    document: oas('3.1.0', {
      '404': problemExamplesResponse({ remote: { externalValue: 'https://example.com/examples/not-found.json' } }),
    }),
    errors: [],
  },
  {
    name: 'Swagger 2.0: responses.<code>.examples[application/problem+json] with the wrong status',
    document: swagger({
      '404': swaggerProblemResponse(problemExample(410)),
      '400': swaggerProblemResponse(problemExample(400)),
    }),
    errors: [{ path: [...OP, '404', 'examples', P, 'status'], message: '404 example status is 410; expected 404' }],
  },
  {
    name: 'Swagger 2.0: matching statuses',
    document: swagger({
      '400': swaggerProblemResponse(problemExample(400)),
      '404': swaggerProblemResponse(problemExample(404)),
      '500': swaggerProblemResponse(problemExample(500)),
    }),
    errors: [],
  },
  {
    name: 'Swagger 2.0: a plain application/json example is not a problem example',
    document: swagger({ '404': { description: 'Problem', examples: { 'application/json': problemExample(400) } } }),
    errors: [],
  },
  {
    name: 'a problem+xml example is a string whose content is not checked',
    document: oas('3.1.0', {
      '404': problemResponse(
        '<problem xmlns="urn:ietf:rfc:7807"><status>400</status></problem>',
        'application/problem+xml',
      ),
    }),
    errors: [],
  },
  {
    name: 'a problem+xml example written as an object is checked like a JSON one (docs/design.md, "Example of a response")',
    document: oas('3.1.0', { '404': problemResponse(problemExample(400), 'application/problem+xml') }),
    errors: [
      {
        path: [
          'paths',
          '/orders/{id}',
          'get',
          'responses',
          '404',
          'content',
          'application/problem+xml',
          'example',
          'status',
        ],
        message: '404 example status is 400; expected 404',
      },
    ],
  },
  {
    name: 'a plain application/json example is not a problem example',
    document: oas('3.1.0', { '404': problemResponse(problemExample(400), 'application/json') }),
    errors: [],
  },
  {
    name: 'the problem media type is compared without case and parameters',
    document: oas('3.1.0', { '404': problemResponse(problemExample(400), 'Application/Problem+JSON; charset=utf-8') }),
    errors: [
      {
        path: [...OP, '404', 'content', 'Application/Problem+JSON; charset=utf-8', 'example', 'status'],
        message: '404 example status is 400; expected 404',
      },
    ],
  },
  {
    name: '4XX, 5XX and default accept any status of their range',
    document: oas('3.1.0', {
      '4XX': problemExamplesResponse({
        conflict: { value: problemExample(409) },
        tooMany: { value: problemExample(429) },
      }),
      '5XX': problemResponse(problemExample(503)),
      default: problemExamplesResponse({
        notFound: { value: problemExample(404) },
        unavailable: { value: problemExample(503) },
      }),
    }),
    errors: [],
  },
  {
    name: '4XX, 5XX and default with statuses outside their range',
    document: oas('3.0.3', {
      '4XX': problemResponse(problemExample(500)),
      '5XX': problemResponse(problemExample(404)),
      default: problemExamplesResponse({
        ok: { value: problemExample(200) },
        redirect: { value: problemExample(302) },
        fine: { value: problemExample(500) },
      }),
    }),
    errors: [
      {
        path: [...OP, '4XX', 'content', P, 'example', 'status'],
        message: '4XX example status is 500; expected a 4xx status',
      },
      {
        path: [...OP, '5XX', 'content', P, 'example', 'status'],
        message: '5XX example status is 404; expected a 5xx status',
      },
      {
        path: [...OP, 'default', 'content', P, 'examples', 'ok', 'value', 'status'],
        message: 'default example status is 200; expected a 4xx or 5xx status',
      },
      {
        path: [...OP, 'default', 'content', P, 'examples', 'redirect', 'value', 'status'],
        message: 'default example status is 302; expected a 4xx or 5xx status',
      },
    ],
  },
  {
    name: 'a shared response component used by several operations gives one finding, at the component',
    document: {
      openapi: '3.1.0',
      info,
      paths: {
        '/orders/{id}': {
          get: { responses: { '404': { $ref: '#/components/responses/NotFound' } } },
          delete: { responses: { '404': { $ref: '#/components/responses/NotFound' } } },
        },
        '/customers/{id}': { get: { responses: { '404': { $ref: '#/components/responses/NotFound' } } } },
      },
      components: { responses: { NotFound: problemResponse(problemExample(400)) } },
    },
    errors: [
      {
        path: ['components', 'responses', 'NotFound', 'content', P, 'example', 'status'],
        message: '404 example status is 400; expected 404',
      },
    ],
  },
  {
    name: 'a shared named example component is reported at the component',
    document: {
      openapi: '3.0.3',
      info,
      paths: {
        '/orders/{id}': {
          get: {
            responses: { '404': problemExamplesResponse({ missing: { $ref: '#/components/examples/Missing' } }) },
          },
        },
        '/customers/{id}': {
          get: {
            responses: { '404': problemExamplesResponse({ missing: { $ref: '#/components/examples/Missing' } }) },
          },
        },
      },
      components: { examples: { Missing: { value: problemExample(400) } } },
    },
    errors: [
      {
        path: ['components', 'examples', 'Missing', 'value', 'status'],
        message: '404 example status is 400; expected 404',
      },
    ],
  },
  {
    name: 'one shared response under two codes is wrong under only one of them',
    document: {
      openapi: '3.1.0',
      info,
      paths: {
        '/orders/{id}': {
          get: {
            responses: {
              '404': { $ref: '#/components/responses/Problem' },
              '500': { $ref: '#/components/responses/Problem' },
            },
          },
        },
      },
      components: { responses: { Problem: problemResponse(problemExample(404)) } },
    },
    errors: [
      {
        path: ['paths', '/orders/{id}', 'get', 'responses', '500', '$ref'],
        message: 'Problem, used as the 500 response, has an example with status 404; expected 500',
      },
    ],
  },
  {
    name: 'a shared 409 example used under 400 beside a fitting example and under 500 beside another misfit: a wrong use under each code, at its $ref',
    document: {
      openapi: '3.1.0',
      info,
      paths: {
        '/orders/{id}': {
          get: {
            responses: {
              '400': problemExamplesResponse({
                conflict: { $ref: '#/components/examples/Conflict' },
                invalid: { value: problemExample(400) },
              }),
              '500': problemExamplesResponse({
                conflict: { $ref: '#/components/examples/Conflict' },
                missing: { value: problemExample(404) },
              }),
            },
          },
        },
      },
      components: { examples: { Conflict: { value: problemExample(409) } } },
    },
    errors: [
      {
        path: [...OP, '400', 'content', P, 'examples', 'conflict', '$ref'],
        message: 'Conflict, used as the 400 response, has example "conflict" with status 409; expected 400',
      },
      {
        path: [...OP, '500', 'content', P, 'examples', 'conflict', '$ref'],
        message: 'Conflict, used as the 500 response, has example "conflict" with status 409; expected 500',
      },
      {
        path: [...OP, '500', 'content', P, 'examples', 'missing', 'value', 'status'],
        message: '500 example status is 404; expected 500',
      },
    ],
  },
  {
    name: 'a status that is not an integer is left to problem-example-members',
    document: oas('3.1.0', {
      '404': problemExamplesResponse({
        text: { value: problemExample(404, { status: '400' }) },
        none: { value: { title: 'Not Found' } },
        float: { value: problemExample(404, { status: 400.5 }) },
      }),
    }),
    errors: [],
  },
  {
    name: 'odd examples (null, a string, an array) do not crash the rule',
    document: oas('3.1.0', {
      '400': problemResponse(null),
      '404': problemResponse('not a problem'),
      '500': problemResponse([problemExample(400)]),
      '503': problemExamplesResponse({ a: null, b: 'text', c: { value: null }, d: { summary: 'no value' } }),
    }),
    errors: [],
  },
  {
    name: 'odd containers (responses null, content null, examples a string) do not crash the rule',
    document: openapiDocument('3.1.0', info, {
      '/a': { get: { responses: null } },
      '/b': { get: { responses: { '404': { description: 'x', content: null } } } },
      '/c': { get: { responses: { '404': { description: 'x', content: { [P]: null } } } } },
      '/d': { get: { responses: { '404': { description: 'x', content: { [P]: { examples: 'text' } } } } } },
      '/e': { get: { responses: { '404': null } } },
      '/f': null,
    }),
    errors: [],
  },
  {
    name: 'Swagger 2.0: odd examples do not crash the rule',
    document: swagger({
      '400': swaggerProblemResponse(null),
      '404': swaggerProblemResponse('text'),
      '500': { description: 'x', examples: null },
    }),
    errors: [],
  },
  {
    name: 'UnexpectedError (examples 401, 403, 404, 500) used as the 500 response, as in the UKHSA example: one finding at that $ref; as default it fits',
    document: `
openapi: 3.0.3
info: { title: Tests, version: 1.0.0 }
paths:
  /tests/{id}:
    get:
      responses:
        '401': { $ref: '#/components/responses/Unauthorized' }
        '500': { $ref: '#/components/responses/UnexpectedError' }
        default: { $ref: '#/components/responses/UnexpectedError' }
components:
  responses:
    Unauthorized:
      description: Unauthorized
      content:
        application/problem+json:
          examples:
            unauthorized: { $ref: '#/components/examples/unauthorized' }
    UnexpectedError:
      description: An unexpected error occurred.
      content:
        application/problem+json:
          examples:
            unauthorized: { $ref: '#/components/examples/unauthorized' }
            forbidden: { $ref: '#/components/examples/forbidden' }
            not-found: { $ref: '#/components/examples/not-found' }
            server-error: { $ref: '#/components/examples/server-error' }
  examples:
    unauthorized: { value: { status: 401, title: Unauthorized } }
    forbidden: { value: { status: 403, title: Forbidden } }
    not-found: { value: { status: 404, title: Not Found } }
    server-error: { value: { status: 500, title: Internal Server Error } }
`,
    errors: [
      {
        path: ['paths', '/tests/{id}', 'get', 'responses', '500', '$ref'],
        message:
          'UnexpectedError, used as the 500 response, has example "unauthorized" with status 401, example "forbidden" with status 403 and example "not-found" with status 404; expected 500',
      },
    ],
  },
  {
    name: 'default examples at the edges of the error range: 400 and 599 fit, 399 and 600 do not',
    document: oas('3.1.0', {
      default: problemExamplesResponse({
        lowest: { value: problemExample(400, { title: 'Bad Request' }) },
        highest: { value: problemExample(599, { title: 'Network Connect Timeout Error' }) },
        below: { value: problemExample(399, { title: 'Redirect' }) },
        above: { value: problemExample(600, { title: 'Unknown' }) },
      }),
    }),
    errors: [
      {
        path: [...OP, 'default', 'content', P, 'examples', 'below', 'value', 'status'],
        message: 'default example status is 399; expected a 4xx or 5xx status',
      },
      {
        path: [...OP, 'default', 'content', P, 'examples', 'above', 'value', 'status'],
        message: 'default example status is 600; expected a 4xx or 5xx status',
      },
    ],
  },
  {
    name: 'UnexpectedError used as the 500 and nowhere else: still a wrong use (three of its four examples do not fit), at the $ref',
    document: `
openapi: 3.0.3
info: { title: Tests, version: 1.0.0 }
paths:
  /tests/{id}:
    get:
      responses:
        '500': { $ref: '#/components/responses/UnexpectedError' }
components:
  responses:
    UnexpectedError:
      description: An unexpected error occurred.
      content:
        application/problem+json:
          examples:
            unauthorized: { value: { status: 401, title: Unauthorized } }
            forbidden: { value: { status: 403, title: Forbidden } }
            not-found: { value: { status: 404, title: Not Found } }
            server-error: { value: { status: 500, title: Internal Server Error } }
`,
    errors: [
      {
        path: ['paths', '/tests/{id}', 'get', 'responses', '500', '$ref'],
        message:
          'UnexpectedError, used as the 500 response, has example "unauthorized" with status 401, example "forbidden" with status 403 and example "not-found" with status 404; expected 500',
      },
    ],
  },
  {
    name: 'range keys with statuses in the upper half of their range: 451 under 4XX, 503 and 511 under 5XX',
    document: oas('3.1.0', {
      '4XX': problemExamplesResponse({
        legal: { value: problemExample(451, { title: 'Unavailable For Legal Reasons' }) },
        conflict: { value: problemExample(409, { title: 'Conflict' }) },
      }),
      '5XX': problemExamplesResponse({
        down: { value: problemExample(503, { title: 'Service Unavailable' }) },
        proxy: { value: problemExample(511, { title: 'Network Authentication Required' }) },
      }),
    }),
    errors: [],
  },
  {
    name: 'a lower-case 4xx key (as some generators write it) with an example of status 500',
    document: `
openapi: 3.0.3
info: { title: Orders, version: 1.0.0 }
paths:
  /orders:
    get:
      responses:
        '200':
          description: The orders
          content:
            application/json:
              schema: { type: object }
        4xx:
          description: Client error
          content:
            application/problem+json:
              schema: { type: object }
              example:
                type: https://problems.example.com/internal
                title: Internal Server Error
                status: 500
                detail: The order service failed
                instance: /orders
`,
    errors: [
      {
        path: [
          'paths',
          '/orders',
          'get',
          'responses',
          '4xx',
          'content',
          'application/problem+json',
          'example',
          'status',
        ],
        message: '4xx example status is 500; expected a 4xx status',
      },
    ],
  },
  {
    name: 'a 404 offering application/json beside application/problem+json: the problem+json example is still checked',
    document: `
openapi: 3.0.3
info: { title: Orders, version: 1.0.0 }
paths:
  /orders/{orderId}:
    get:
      parameters:
        - { name: orderId, in: path, required: true, schema: { type: string } }
      responses:
        '404':
          description: Not Found
          content:
            application/json:
              schema: { type: object, properties: { message: { type: string } } }
              example: { message: Order 42 does not exist }
            application/problem+json:
              schema: { type: object }
              example:
                type: https://problems.example.com/bad-request
                title: Bad Request
                status: 400
                detail: Order 42 does not exist
                instance: /orders/42
`,
    errors: [
      {
        path: [
          'paths',
          '/orders/{orderId}',
          'get',
          'responses',
          '404',
          'content',
          'application/problem+json',
          'example',
          'status',
        ],
        message: '404 example status is 400; expected 404',
      },
    ],
  },
  {
    name: "SmartBear's registry: an example whose status its own schema rules out (status enum [503], example 500) is a finding on its status",
    document: SMARTBEAR_REGISTRY,
    errors: [
      {
        path: ['components', 'examples', 'service-unavailable', 'value', 'status'],
        message: 'Example status is 500, which the schema of its body rules out; expected 503',
      },
    ],
  },
  {
    name: 'a status const in the schema: an example under 5XX that fits the code but not its schema is a finding; one that misfits the code too is reported once, for the code',
    document: oas('3.1.0', {
      '5XX': problemResponse(problemExample(500), P, problemSchema({ status: { type: 'integer', const: 503 } })),
      '503': problemResponse(problemExample(500), P, problemSchema({ status: { type: 'integer', const: 503 } })),
    }),
    errors: [
      {
        path: [...OP, '5XX', 'content', P, 'example', 'status'],
        message: 'Example status is 500, which the schema of its body rules out; expected 503',
      },
      { path: [...OP, '503', 'content', P, 'example', 'status'], message: '503 example status is 500; expected 503' },
    ],
  },
  {
    name: 'a oneOf of problem schemas allows the statuses of its alternatives; one alternative without a status enum allows any',
    document: oas('3.1.0', {
      '4XX': problemResponse(problemExample(422), P, {
        oneOf: [
          problemSchema({ status: { type: 'integer', enum: [400] } }),
          problemSchema({ status: { type: 'integer', enum: [409] } }),
        ],
      }),
      '400': problemResponse(problemExample(400), P, {
        oneOf: [problemSchema({ status: { type: 'integer', enum: [409] } }), problemSchema()],
      }),
    }),
    errors: [
      {
        path: [...OP, '4XX', 'content', P, 'example', 'status'],
        message: 'Example status is 422, which the schema of its body rules out; expected 400 or 409',
      },
    ],
  },
]);
