import {
  apiInfo,
  openapiDocument,
  PROBLEM_JSON,
  problemExample,
  response,
  RFC9110,
  singleOperation,
  swaggerDocument,
  TRACE_ID,
} from '../__helpers__/documents';
import { testRule } from '../__helpers__/spectral';

const info = apiInfo('Orders');
const PROBLEM = PROBLEM_JSON;
const MEMBERS = 'status, title, detail, type and instance';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  500: 'Internal Server Error',
};
/** A complete problem example; members may be overridden or (with undefined) dropped. */
const example = (status: number, overrides: Record<string, unknown> = {}) =>
  problemExample(status, {
    type: `${RFC9110}#section-15.5.1`,
    title: TITLES[status],
    detail: 'Something went wrong',
    instance: 'GET /orders',
    traceId: TRACE_ID,
    ...overrides,
  });
const served = (value: unknown, mediaType = PROBLEM) =>
  response('A problem', mediaType, { schema: { type: 'object' }, example: value });
/** Documents with one operation, GET /orders. */
const { oas, at: E } = singleOperation(info, '/orders', 'get');
/** YAML: a NotFound example with the given status (as written), shared by three operations' 404s. */
const sharedNotFoundExample = (status: string) => `
openapi: 3.1.0
info: { title: Orders, version: 1.0.0 }
paths:
  /orders:
    get:
      responses:
        '404': { $ref: '#/components/responses/NotFound' }
  /orders/{id}:
    get:
      responses:
        '404': { $ref: '#/components/responses/NotFound' }
    delete:
      responses:
        '404':
          description: Not Found
          content:
            application/problem+json:
              examples:
                notFound: { $ref: '#/components/examples/NotFound' }
components:
  examples:
    NotFound:
      value:
        type: 'https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5'
        title: Not Found
        status: ${status}
        detail: The order was not found
  responses:
    NotFound:
      description: Not Found
      content:
        application/problem+json:
          schema: { type: object }
          examples:
            notFound: { $ref: '#/components/examples/NotFound' }
`;
/** Why fix leaves a missing, empty or mistyped member (its fix makes only a status string the number). */
const NEEDS_VALUE = 'no fix: a missing or mistyped member needs a value a person chooses';
const lacks = (path: (string | number)[], member: string) => ({
  path,
  message: `Problem example has no "${member}"; expected ${MEMBERS}`,
});

testRule('problem-example-members', [
  {
    name: 'OpenAPI 3.0: complete examples are clean; non-problem examples are not checked',
    document: oas('3.0.3', {
      '200': served({ id: 1 }, 'application/json'),
      '400': served(example(400)),
      '404': served(example(404)),
      '409': served({ message: 'conflict' }, 'application/json'),
    }),
    errors: [],
  },
  {
    name: 'missing members are reported at the example, one finding each',
    document: oas('3.1.0', {
      '400': served(example(400, { detail: undefined, instance: undefined })),
      '404': served({}),
    }),
    left: NEEDS_VALUE,
    errors: [
      {
        path: ['paths', '/orders', 'get', 'responses', '400', 'content', 'application/problem+json', 'example'],
        message: 'Problem example has no "detail" or "instance"; expected status, title, detail, type and instance',
      },
      {
        path: ['paths', '/orders', 'get', 'responses', '404', 'content', 'application/problem+json', 'example'],
        message:
          'Problem example has no "status", "title", "detail", "type" or "instance"; expected status, title, detail, type and instance',
      },
    ],
  },
  {
    name: 'the 500 example needs instance too, despite the note in §2.1',
    document: oas('3.0.3', { '500': served(example(500, { instance: undefined })) }),
    left: NEEDS_VALUE,
    errors: [lacks(E('500', 'example'), 'instance')],
  },
  {
    name: 'members of the wrong JSON type are reported at the member',
    document: oas('3.1.0', {
      '400': served(example(400, { status: '400', title: null, type: ['about:blank'] })),
      '404': served(example(404, { status: 404.5, detail: { text: 'x' }, instance: 7 })),
    }),
    // The status string of the 400 becomes its number; nothing else is fixed.
    fixed: oas('3.1.0', {
      '400': served(example(400, { status: 400, title: null, type: ['about:blank'] })),
      '404': served(example(404, { status: 404.5, detail: { text: 'x' }, instance: 7 })),
    }),
    left: [NEEDS_VALUE, 'the status is not a status code written as a string'],
    errors: [
      { path: E('400', 'example', 'status'), message: 'Problem example "status" is a string; expected an integer' },
      { path: E('400', 'example', 'title'), message: 'Problem example "title" is null; expected a string' },
      { path: E('400', 'example', 'type'), message: 'Problem example "type" is an array; expected a string' },
      { path: E('404', 'example', 'status'), message: 'Problem example "status" is a number; expected an integer' },
      { path: E('404', 'example', 'detail'), message: 'Problem example "detail" is an object; expected a string' },
      { path: E('404', 'example', 'instance'), message: 'Problem example "instance" is an integer; expected a string' },
    ],
  },
  {
    name: 'a JSON problem example that is not an object; XML strings and external values are not read',
    document: oas('3.0.3', {
      '400': served('Bad Request'),
      '404': {
        description: 'Not Found',
        content: {
          'application/problem+xml': { example: '<problem xmlns="urn:ietf:rfc:7807"><status>404</status></problem>' },
          [PROBLEM]: {
            examples: { remote: { externalValue: 'https://example.com/404.json' }, list: { value: [example(404)] } },
          },
        },
      },
    }),
    left: NEEDS_VALUE,
    errors: [
      { path: E('400', 'example'), message: `Problem example is a string; expected an object with ${MEMBERS}` },
      {
        path: E('404', 'examples', 'list', 'value'),
        message: `Problem example is an array; expected an object with ${MEMBERS}`,
      },
    ],
  },
  {
    name: 'a shared component example used by several operations is reported once, at the component',
    document: sharedNotFoundExample("'404'"),
    fixed: sharedNotFoundExample('404'),
    left: NEEDS_VALUE,
    errors: [
      {
        path: ['components', 'examples', 'NotFound', 'value', 'status'],
        message: 'Problem example "status" is a string; expected an integer',
      },
      lacks(['components', 'examples', 'NotFound', 'value'], 'instance'),
    ],
  },
  {
    name: 'a registry of shared examples no operation uses: the problem examples (an integer status beside a title, type or detail) are checked; an order with a numeric status, a guide with a title and a type but no status, an external example and a JSON body are not problems',
    document: `
openapi: 3.1.0
info: { title: Orders, version: 1.0.0 }
paths: {}
components:
  examples:
    Gone:
      value: { status: 410, detail: The order was archived }
    Conflict:
      value:
        type: 'https://example.com/problems/order-locked'
        status: 409
        title: Order locked
        detail: The order is being packed
        instance: PUT /orders/o1
    Forbidden:
      value: { status: 403, title: Forbidden }
    RateLimited:
      value: { status: 429, type: 'https://example.com/problems/rate-limited' }
    Order:
      value: { id: o1, status: 3, lines: 2 }
    Guide:
      value: { id: g1, title: Packing guide, type: leaflet }
    Remote:
      externalValue: 'https://example.com/problems/not-found.json'
  responses:
    Order:
      description: An order
      content:
        application/json:
          example: { id: o1, status: 3 }
`,
    left: NEEDS_VALUE,
    errors: [
      {
        path: ['components', 'examples', 'Gone', 'value'],
        message: `Problem example has no "title", "type" or "instance"; expected ${MEMBERS}`,
      },
      {
        path: ['components', 'examples', 'Forbidden', 'value'],
        message: `Problem example has no "detail", "type" or "instance"; expected ${MEMBERS}`,
      },
      {
        path: ['components', 'examples', 'RateLimited', 'value'],
        message: `Problem example has no "title", "detail" or "instance"; expected ${MEMBERS}`,
      },
    ],
  },
  {
    name: 'an inline example in a shared component response is reported once, at the component',
    document: {
      openapi: '3.0.3',
      info,
      paths: {
        '/orders': { get: { responses: { '401': { $ref: '#/components/responses/Unauthorized' } } } },
        '/customers': {
          get: { responses: { '401': { $ref: '#/components/responses/Unauthorized' } } },
          post: { responses: { '401': { $ref: '#/components/responses/Unauthorized' } } },
        },
      },
      components: { responses: { Unauthorized: served(example(401, { title: undefined })) } },
    },
    left: NEEDS_VALUE,
    errors: [lacks(['components', 'responses', 'Unauthorized', 'content', PROBLEM, 'example'], 'title')],
  },
  {
    name: 'OpenAPI 3.2: query and additionalOperations; dataValue is read, serializedValue is not',
    document: openapiDocument('3.2.0', info, {
      '/orders': {
        query: {
          responses: {
            '400': {
              description: 'x',
              content: {
                [PROBLEM]: {
                  examples: { a: { dataValue: example(400, { type: undefined }) }, b: { serializedValue: '{}' } },
                },
              },
            },
          },
        },
        additionalOperations: { COPY: { responses: { '500': served(example(500, { status: undefined })) } } },
      },
    }),
    left: NEEDS_VALUE,
    errors: [
      lacks(
        ['paths', '/orders', 'query', 'responses', '400', 'content', PROBLEM, 'examples', 'a', 'dataValue'],
        'type',
      ),
      lacks(
        ['paths', '/orders', 'additionalOperations', 'COPY', 'responses', '500', 'content', PROBLEM, 'example'],
        'status',
      ),
    ],
  },
  {
    name: 'Swagger 2.0: examples.<mime> of error responses under a problem produces; plain JSON is not read',
    document: swaggerDocument(
      info,
      { produces: [PROBLEM, 'application/json'] },
      {
        '/orders': {
          get: {
            responses: {
              '200': { description: 'OK', examples: { 'application/json': { id: 1 } } },
              '400': { description: 'x', examples: { [PROBLEM]: example(400, { title: 400 }) } },
              '404': { description: 'x', examples: { 'application/json': { message: 'not found' } } },
            },
          },
        },
      },
    ),
    left: NEEDS_VALUE,
    errors: [
      {
        path: ['paths', '/orders', 'get', 'responses', '400', 'examples', PROBLEM, 'title'],
        message: 'Problem example "title" is an integer; expected a string',
      },
    ],
  },
  {
    name: 'odd inputs: responses null, examples of the wrong type, an example $ref to a missing component',
    document: openapiDocument('3.0.3', info, {
      '/orders': {
        get: {
          responses: {
            '400': {
              description: 'x',
              content: {
                [PROBLEM]: { examples: { a: null, b: 'text', c: { $ref: '#/components/examples/Missing' } } },
              },
            },
            '404': { description: 'x', content: { [PROBLEM]: { examples: 'none' } } },
            '500': { description: 'x', content: 'none' },
          },
        },
        put: { responses: null },
        post: { responses: { '400': 'Bad Request' } },
      },
    }),
    left: 'a $ref that leads nowhere; fix it by hand',
    errors: [
      {
        code: 'invalid-ref',
        path: ['paths', '/orders', 'get', 'responses', '400', 'content', PROBLEM, 'examples', 'c', '$ref'],
        message: "'#/components/examples/Missing' does not exist",
      },
    ],
  },
  {
    name: "an empty detail (detail: '') or title says nothing: a finding at the member",
    document: `
openapi: 3.0.3
info: { title: Orders, version: 1.0.0 }
paths:
  /orders/{id}:
    get:
      responses:
        '404':
          description: Not Found
          content:
            application/problem+json:
              example:
                type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5
                title: Not Found
                status: 404
                detail: ''
                instance: GET /orders/42
        '500':
          description: Internal Server Error
          content:
            application/problem+json:
              example:
                type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.6.1
                title: ' '
                status: 500
                detail: The server met an unexpected error.
                instance: GET /orders/42
`,
    left: NEEDS_VALUE,
    errors: [
      {
        path: [
          'paths',
          '/orders/{id}',
          'get',
          'responses',
          '404',
          'content',
          'application/problem+json',
          'example',
          'detail',
        ],
        message: 'Problem example "detail" is empty; expected an explanation of this occurrence',
      },
      {
        path: [
          'paths',
          '/orders/{id}',
          'get',
          'responses',
          '500',
          'content',
          'application/problem+json',
          'example',
          'title',
        ],
        message: 'Problem example "title" is empty; expected the short name of the status',
      },
    ],
  },
]);
