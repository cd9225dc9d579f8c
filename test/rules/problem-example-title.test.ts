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
import { SMARTBEAR_REGISTRY } from './smartbear-registry';
import { UKHSA_REGISTRY } from './ukhsa-registry';

const info = apiInfo('Orders API');
const P = PROBLEM_JSON;
const OP = ['paths', '/orders/{id}', 'get', 'responses'];

/** A problem example with the given status and title. */
const problem = (status: number, title: unknown, extra: Record<string, unknown> = {}) =>
  problemExample(status, { type: 'about:blank', title, detail: 'Order 42 could not be processed', ...extra });
/** Documents with one operation, GET /orders/{id}. */
const { oas, swagger } = singleOperation(info, '/orders/{id}', 'get');

/** A NotFound response component with the given title, used by three operations. */
const sharedNotFound = (title: string) => ({
  openapi: '3.1.0',
  info,
  paths: {
    '/orders/{id}': {
      get: { responses: { '404': { $ref: '#/components/responses/NotFound' } } },
      put: { responses: { '404': { $ref: '#/components/responses/NotFound' } } },
    },
    '/customers/{id}': { get: { responses: { '404': { $ref: '#/components/responses/NotFound' } } } },
  },
  components: { responses: { NotFound: problemResponse(problem(404, title)) } },
});
/** Swagger 2.0: a NotFound response with the given title, used by two operations. */
const swaggerSharedNotFound = (title: string) => ({
  swagger: '2.0',
  info,
  produces: [P],
  paths: {
    '/orders/{id}': { get: { responses: { '404': { $ref: '#/responses/NotFound' } } } },
    '/customers/{id}': { get: { responses: { '404': { $ref: '#/responses/NotFound' } } } },
  },
  responses: { NotFound: swaggerProblemResponse(problem(404, title)) },
});
/** The 404 of GET /orders/{id}, with the given title, reused by another operation through a ~1-escaped $ref. */
const reusedOrder404 = (title: string) =>
  openapiDocument('3.1.0', info, {
    '/customers/{id}/orders/{orderId}': {
      get: { responses: { '404': { $ref: '#/paths/~1orders~1{id}/get/responses/404' } } },
    },
    '/orders/{id}': { get: { responses: { '404': problemResponse(problem(404, title)) } } },
  });
/** A 404 reached through another operation's response, an alias and the component with the given title. */
const chainedNotFound = (title: string) =>
  openapiDocument(
    '3.1.0',
    info,
    {
      '/customers/{id}/orders/{orderId}': {
        get: { responses: { '404': { $ref: '#/paths/~1orders~1{id}/get/responses/404' } } },
      },
      '/orders/{id}': { get: { responses: { '404': { $ref: '#/components/responses/NotFound' } } } },
    },
    {
      components: {
        responses: {
          NotFound: { $ref: '#/components/responses/NotFoundV2' },
          NotFoundV2: problemResponse(problem(404, title)),
        },
      },
    },
  );

testRule('problem-example-title', [
  {
    name: 'OpenAPI 3.1: the standard reason phrases',
    document: oas('3.1.0', {
      '400': problemResponse(problem(400, 'Bad Request')),
      '401': problemResponse(problem(401, 'Unauthorized')),
      '403': problemResponse(problem(403, 'Forbidden')),
      '404': problemResponse(problem(404, 'Not Found')),
      '409': problemResponse(problem(409, 'Conflict')),
      '413': problemResponse(problem(413, 'Content Too Large')),
      '422': problemResponse(problem(422, 'Unprocessable Content')),
      '429': problemResponse(problem(429, 'Too Many Requests')),
      '500': problemResponse(problem(500, 'Internal Server Error')),
      '503': problemResponse(problem(503, 'Service Unavailable')),
    }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.0: "Not found" is not the reason phrase of 404',
    document: oas('3.0.3', { '404': problemResponse(problem(404, 'Not found')) }),
    fixed: oas('3.0.3', { '404': problemResponse(problem(404, 'Not Found')) }),
    errors: [
      {
        path: [...OP, '404', 'content', P, 'example', 'title'],
        message: '404 example title is "Not found"; expected "Not Found"',
      },
    ],
  },
  {
    name: 'statuses outside 400, 401, 403, 404 and 500 take any title: the older phrases of 422 and 413, Dutch titles (Haal Centraal), Kong\'s "Resource Conflict" for 409',
    document: oas('3.1.0', {
      '422': problemResponse(problem(422, 'Unprocessable Entity')),
      '413': problemResponse(problem(413, 'Payload Too Large')),
      '405': problemResponse(problem(405, 'Gebruikte bevragingsmethode is niet toegestaan.')),
      '406': problemResponse(problem(406, 'Gevraagde contenttype wordt niet ondersteund.')),
      '409': problemResponse(problem(409, 'Resource Conflict')),
      '503': problemResponse(problem(503, 'Bronservice is tijdelijk niet beschikbaar.')),
    }),
    errors: [],
  },
  {
    name: '429 Too Many Requests (RFC 6585): a title that differs from the phrase only in case or spacing is a finding',
    document: oas('3.1.0', {
      '429': problemExamplesResponse({
        limited: { value: problem(429, 'Too many requests') },
        ok: { value: problem(429, 'Too Many Requests') },
      }),
    }),
    fixed: oas('3.1.0', {
      '429': problemExamplesResponse({
        limited: { value: problem(429, 'Too Many Requests') },
        ok: { value: problem(429, 'Too Many Requests') },
      }),
    }),
    errors: [
      {
        path: [...OP, '429', 'content', P, 'examples', 'limited', 'value', 'title'],
        message: '429 example title is "Too many requests"; expected "Too Many Requests"',
      },
    ],
  },
  {
    name: 'a descriptive title and a title with trailing space are findings',
    document: oas('3.1.0', {
      '400': problemResponse(problem(400, 'Your request parameters did not validate')),
      '500': problemResponse(problem(500, 'Internal Server Error ')),
    }),
    fixed: oas('3.1.0', {
      '400': problemResponse(problem(400, 'Bad Request')),
      '500': problemResponse(problem(500, 'Internal Server Error')),
    }),
    errors: [
      {
        path: [...OP, '400', 'content', P, 'example', 'title'],
        message: '400 example title is "Your request parameters did not validate"; expected "Bad Request"',
      },
      {
        path: [...OP, '500', 'content', P, 'example', 'title'],
        message: '500 example title is "Internal Server Error "; expected "Internal Server Error"',
      },
    ],
  },
  {
    name: 'OpenAPI 3.2: named examples with value and dataValue',
    document: oas('3.2.0', {
      '403': problemExamplesResponse({
        a: { value: problem(403, 'Forbidden') },
        b: { dataValue: problem(403, 'forbidden') },
      }),
    }),
    fixed: oas('3.2.0', {
      '403': problemExamplesResponse({
        a: { value: problem(403, 'Forbidden') },
        b: { dataValue: problem(403, 'Forbidden') },
      }),
    }),
    errors: [
      {
        path: [...OP, '403', 'content', P, 'examples', 'b', 'dataValue', 'title'],
        message: '403 example title is "forbidden"; expected "Forbidden"',
      },
    ],
  },
  {
    name: 'the title follows the example status, not the response code (status mismatches are problem-example-status)',
    document: oas('3.1.0', {
      '404': problemResponse(problem(400, 'Bad Request')),
      '4XX': problemResponse(problem(409, 'Conflict')),
      default: problemResponse(problem(503, 'Service Unavailable')),
    }),
    errors: [],
  },
  {
    name: 'a status without a registered reason phrase is not checked',
    document: oas('3.1.0', {
      '4XX': problemExamplesResponse({
        teapot: { value: problem(418, "I'm a teapot!") },
        custom: { value: problem(499, 'Client Closed Request') },
      }),
    }),
    errors: [],
  },
  {
    name: 'an externalValue example is not checked',
    document: oas('3.1.0', {
      '404': problemExamplesResponse({ remote: { externalValue: 'https://example.com/examples/not-found.json' } }),
    }),
    errors: [],
  },
  {
    name: 'a problem+xml example is not checked',
    document: oas('3.1.0', {
      '404': problemResponse(
        '<problem xmlns="urn:ietf:rfc:7807"><status>404</status><title>Not found</title></problem>',
        'application/problem+xml',
      ),
    }),
    errors: [],
  },
  {
    name: 'Swagger 2.0: a wrong title',
    document: swagger({
      '401': swaggerProblemResponse(problem(401, 'Unauthorised')),
      '403': swaggerProblemResponse(problem(403, 'Forbidden')),
    }),
    fixed: swagger({
      '401': swaggerProblemResponse(problem(401, 'Unauthorized')),
      '403': swaggerProblemResponse(problem(403, 'Forbidden')),
    }),
    errors: [
      {
        path: [...OP, '401', 'examples', P, 'title'],
        message: '401 example title is "Unauthorised"; expected "Unauthorized"',
      },
    ],
  },
  {
    name: 'a shared response component used by several operations gives one finding, at the component',
    document: sharedNotFound('Not found'),
    fixed: sharedNotFound('Not Found'),
    errors: [
      {
        path: ['components', 'responses', 'NotFound', 'content', P, 'example', 'title'],
        message: '404 example title is "Not found"; expected "Not Found"',
      },
    ],
  },
  {
    name: 'Swagger 2.0: a shared response is reported at #/responses',
    document: swaggerSharedNotFound('Not found'),
    fixed: swaggerSharedNotFound('Not Found'),
    errors: [
      {
        path: ['responses', 'NotFound', 'examples', P, 'title'],
        message: '404 example title is "Not found"; expected "Not Found"',
      },
    ],
  },
  {
    name: 'a missing or non-string title is left to problem-example-members',
    document: oas('3.1.0', {
      '404': problemExamplesResponse({
        none: { value: { status: 404 } },
        number: { value: problem(404, 404) },
        nil: { value: problem(404, null) },
      }),
    }),
    errors: [],
  },
  {
    name: 'odd examples (null, a string, an array) and odd containers do not crash the rule',
    document: openapiDocument('3.1.0', info, {
      '/a': {
        get: {
          responses: {
            '400': problemResponse(null),
            '404': problemResponse('Not found'),
            '500': problemResponse([problem(500, 'oops')]),
          },
        },
      },
      '/b': { get: { responses: null } },
      '/c': {
        get: { responses: { '404': { description: 'x', content: { [P]: { examples: [problem(404, 'x')] } } } } },
      },
    }),
    errors: [],
  },
  {
    name: "a response reused through a local $ref whose pointer escapes the path's slashes as ~1 is reported where it is written",
    document: reusedOrder404('Not found'),
    fixed: reusedOrder404('Not Found'),
    errors: [
      {
        path: [...OP, '404', 'content', P, 'example', 'title'],
        message: '404 example title is "Not found"; expected "Not Found"',
      },
    ],
  },
  {
    name: "a response reached through a chain of three $refs (another operation's response, an alias, the component) is reported where it is written",
    document: chainedNotFound('Not found'),
    fixed: chainedNotFound('Not Found'),
    errors: [
      {
        path: ['components', 'responses', 'NotFoundV2', 'content', P, 'example', 'title'],
        message: '404 example title is "Not found"; expected "Not Found"',
      },
    ],
  },
  {
    name: "a registry linted alone (UKHSA's components in their own file) checks its own component examples: Not found, Server Error, Validation Error for 400",
    document: UKHSA_REGISTRY,
    // Its examples are used nowhere in it: their titles follow the statuses of the responses that use them.
    left: 'where the example is used could not be found',
    errors: [
      {
        path: ['components', 'examples', 'not-found', 'value', 'title'],
        message: '404 example title is "Not found"; expected "Not Found"',
      },
      {
        path: ['components', 'examples', 'server-error', 'value', 'title'],
        message: '500 example title is "Server Error"; expected "Internal Server Error"',
      },
      {
        path: ['components', 'examples', 'validation-error', 'value', 'title'],
        message: '400 example title is "Validation Error"; expected "Bad Request"',
      },
      {
        path: ['components', 'examples', 'validation-errors', 'value', 'title'],
        message: '400 example title is "Validation Error"; expected "Bad Request"',
      },
    ],
  },
  {
    name: "SmartBear's registry: an example whose status its own schema rules out (status enum [503], example 500) is not told to take 500's title: its status is what is wrong (problem-example-status)",
    document: SMARTBEAR_REGISTRY,
    errors: [],
  },
]);
