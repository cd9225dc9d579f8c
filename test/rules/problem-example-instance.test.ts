import {
  apiInfo,
  openapiDocument,
  PROBLEM_JSON,
  problemExample,
  problemExamplesResponse,
  problemResponse,
  singleOperation,
  swaggerProblemResponse,
} from '../__helpers__/documents';
import { testRule } from '../__helpers__/spectral';

const info = apiInfo('Orders API');
const P = PROBLEM_JSON;
const OP = ['paths', '/orders/{id}', 'get', 'responses'];
const EXPECTED = 'expected "<METHOD> <path>", such as "GET /orders/42"';

/** A problem example of a status with the given instance. */
const problem = (status: number, instance: unknown) => problemExample(status, { instance });
/** Documents with one operation, GET /orders/{id}. */
const { oas, swagger, at } = singleOperation(info, '/orders/{id}', 'get');
/** Why fix leaves an instance: it only upper-cases the method. */
const PERSON_WRITES = 'more than the method’s case is wrong; a person writes the instance';
const named = (name: string) => at('404', 'examples', name, 'value', 'instance');

testRule('problem-example-instance', [
  {
    name: 'OpenAPI 3.1: "<METHOD> <path>" with each HTTP method',
    document: oas('3.1.0', {
      '404': problemExamplesResponse(
        Object.fromEntries(
          ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH', 'QUERY'].map(m => [
            m.toLowerCase(),
            { value: problem(404, `${m} /orders/42`) },
          ]),
        ),
      ),
    }),
    errors: [],
  },
  {
    name: 'a path with a query string, a template or the root path',
    document: oas('3.1.0', {
      '400': problemResponse(problem(400, 'GET /orders?status=eq:OPEN&limit=20')),
      '404': problemExamplesResponse({
        template: { value: problem(404, 'GET /orders/{id}') },
        root: { value: problem(404, 'GET /') },
      }),
    }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.0: an instance without the method',
    document: oas('3.0.3', { '404': problemResponse(problem(404, '/orders/42')) }),
    left: PERSON_WRITES,
    errors: [{ path: at('404', 'example', 'instance'), message: `Example instance is "/orders/42"; ${EXPECTED}` }],
  },
  {
    name: 'lower-case method, no leading slash, two spaces, absolute URI, unknown method, trailing text',
    document: oas('3.1.0', {
      '404': problemExamplesResponse({
        lower: { value: problem(404, 'get /orders/42') },
        relative: { value: problem(404, 'GET orders/42') },
        twoSpaces: { value: problem(404, 'GET  /orders/42') },
        uri: { value: problem(404, 'https://api.example.com/orders/42') },
        urn: { value: problem(404, 'urn:uuid:3f1c9b2e-8e4a-4d59-9d1b-2c7a4f0e5b61') },
        unknown: { value: problem(404, 'FETCH /orders/42') },
        trailing: { value: problem(404, 'GET /orders/42 HTTP/1.1') },
        empty: { value: problem(404, '') },
      }),
    }),
    // Only the lower-case method is fixed.
    fixed: oas('3.1.0', {
      '404': problemExamplesResponse({
        lower: { value: problem(404, 'GET /orders/42') },
        relative: { value: problem(404, 'GET orders/42') },
        twoSpaces: { value: problem(404, 'GET  /orders/42') },
        uri: { value: problem(404, 'https://api.example.com/orders/42') },
        urn: { value: problem(404, 'urn:uuid:3f1c9b2e-8e4a-4d59-9d1b-2c7a4f0e5b61') },
        unknown: { value: problem(404, 'FETCH /orders/42') },
        trailing: { value: problem(404, 'GET /orders/42 HTTP/1.1') },
        empty: { value: problem(404, '') },
      }),
    }),
    left: PERSON_WRITES,
    errors: [
      { path: named('lower'), message: `Example instance is "get /orders/42"; ${EXPECTED}` },
      { path: named('relative'), message: `Example instance is "GET orders/42"; ${EXPECTED}` },
      { path: named('twoSpaces'), message: `Example instance is "GET  /orders/42"; ${EXPECTED}` },
      { path: named('uri'), message: `Example instance is "https://api.example.com/orders/42"; ${EXPECTED}` },
      {
        path: named('urn'),
        message: `Example instance is "urn:uuid:3f1c9b2e-8e4a-4d59-9d1b-2c7a4f0e5b61"; ${EXPECTED}`,
      },
      { path: named('unknown'), message: `Example instance is "FETCH /orders/42"; ${EXPECTED}` },
      { path: named('trailing'), message: `Example instance is "GET /orders/42 HTTP/1.1"; ${EXPECTED}` },
      { path: named('empty'), message: `Example instance is ""; ${EXPECTED}` },
    ],
  },
  {
    name: 'a 500 example without instance (as in conventions §7.2) is left to problem-example-members',
    document: oas('3.1.0', {
      '500': problemResponse({
        type: 'https://datatracker.ietf.org/doc/html/rfc9110#section-15.6.1',
        title: 'Internal Server Error',
        status: 500,
        detail: 'The server met an unexpected error',
      }),
      '404': problemExamplesResponse({ number: { value: problem(404, 42) }, nil: { value: problem(404, null) } }),
    }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.2: named examples with dataValue, and a query operation',
    document: openapiDocument('3.2.0', info, {
      '/orders': {
        query: { responses: { '400': problemExamplesResponse({ bad: { dataValue: problem(400, 'QUERY orders') } }) } },
      },
    }),
    left: PERSON_WRITES,
    errors: [
      {
        path: [
          'paths',
          '/orders',
          'query',
          'responses',
          '400',
          'content',
          P,
          'examples',
          'bad',
          'dataValue',
          'instance',
        ],
        message: `Example instance is "QUERY orders"; ${EXPECTED}`,
      },
    ],
  },
  {
    name: 'an externalValue example and a problem+xml example are not checked',
    document: oas('3.1.0', {
      '404': problemExamplesResponse({ remote: { externalValue: 'https://example.com/examples/not-found.json' } }),
      '400': problemResponse(
        '<problem xmlns="urn:ietf:rfc:7807"><instance>/orders/42</instance></problem>',
        'application/problem+xml',
      ),
    }),
    errors: [],
  },
  {
    name: 'Swagger 2.0: examples[application/problem+json]',
    document: swagger({
      '404': swaggerProblemResponse(problem(404, '/orders/42')),
      '400': swaggerProblemResponse(problem(400, 'POST /orders')),
    }),
    left: PERSON_WRITES,
    errors: [
      { path: [...OP, '404', 'examples', P, 'instance'], message: `Example instance is "/orders/42"; ${EXPECTED}` },
    ],
  },
  {
    name: '4XX, 5XX and default responses are checked too',
    document: oas('3.1.0', {
      '4XX': problemResponse(problem(409, '/orders/42')),
      '5XX': problemResponse(problem(503, 'GET /orders/42')),
      default: problemResponse(problem(500, 'orders')),
    }),
    left: PERSON_WRITES,
    errors: [
      { path: at('4XX', 'example', 'instance'), message: `Example instance is "/orders/42"; ${EXPECTED}` },
      { path: at('default', 'example', 'instance'), message: `Example instance is "orders"; ${EXPECTED}` },
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
      components: { responses: { NotFound: problemResponse(problem(404, '/orders/42')) } },
    },
    left: PERSON_WRITES,
    errors: [
      {
        path: ['components', 'responses', 'NotFound', 'content', P, 'example', 'instance'],
        message: `Example instance is "/orders/42"; ${EXPECTED}`,
      },
    ],
  },
  {
    name: 'odd examples (null, a string, an array) and odd containers do not crash the rule',
    document: openapiDocument('3.1.0', info, {
      '/a': {
        get: {
          responses: {
            '400': problemResponse(null),
            '404': problemResponse('/orders/42'),
            '500': problemResponse([problem(500, '/x')]),
          },
        },
      },
      '/b': { get: { responses: null } },
      '/c': { get: { responses: { '404': { description: 'x', content: { [P]: { examples: [1, 2] } } } } } },
    }),
    errors: [],
  },
]);
