import {
  apiInfo,
  openapiDocument,
  PROBLEM_JSON,
  problemExample,
  problemExamplesResponse,
  problemResponse,
  singleOperation,
  swaggerProblemResponse,
  TRACE_ID,
} from '../__helpers__/documents';
import { testRule } from '../__helpers__/spectral';

const info = apiInfo('Orders API');
const P = PROBLEM_JSON;
const OP = ['paths', '/orders/{id}', 'get', 'responses'];
const EXPECTED =
  'expected 00-<32 hex>-<16 hex>-<2 hex>, such as "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"';
const GOOD = TRACE_ID;

/** Documents with one operation, GET /orders/{id}. */
const { oas, swagger, at } = singleOperation(info, '/orders/{id}', 'get');
const named = (name: string) => at('500', 'examples', name, 'value', 'traceId');

testRule('problem-example-trace-id', [
  {
    name: 'OpenAPI 3.1: a W3C traceparent-shaped traceId',
    document: oas('3.1.0', {
      '404': problemResponse(problemExample(404, { traceId: GOOD })),
      '500': problemExamplesResponse({
        a: { value: problemExample(500, { traceId: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00' }) },
      }),
    }),
    errors: [],
  },
  {
    name: 'a traceId is optional',
    document: oas('3.1.0', { '404': problemResponse(problemExample(404)) }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.0: a UUID is not a traceId of the conventional form',
    document: oas('3.0.3', {
      '404': problemResponse(problemExample(404, { traceId: '3f1c9b2e-8e4a-4d59-9d1b-2c7a4f0e5b61' })),
    }),
    errors: [
      {
        path: at('404', 'example', 'traceId'),
        message: `Example traceId is "3f1c9b2e-8e4a-4d59-9d1b-2c7a4f0e5b61"; ${EXPECTED}`,
      },
    ],
  },
  {
    name: 'upper-case hex, another version, wrong lengths, surrounding space',
    document: oas('3.1.0', {
      '500': problemExamplesResponse({
        upper: { value: problemExample(500, { traceId: '00-0AF7651916CD43DD8448EB211C80319C-B7AD6B7169203331-01' }) },
        version: { value: problemExample(500, { traceId: '01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' }) },
        short: { value: problemExample(500, { traceId: '00-0af7651916cd43dd8448eb211c8031-b7ad6b7169203331-01' }) },
        noFlags: { value: problemExample(500, { traceId: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331' }) },
        space: { value: problemExample(500, { traceId: ` ${GOOD}` }) },
        ok: { value: problemExample(500, { traceId: GOOD }) },
      }),
    }),
    errors: [
      {
        path: named('upper'),
        message: `Example traceId is "00-0AF7651916CD43DD8448EB211C80319C-B7AD6B7169203331-01"; ${EXPECTED}`,
      },
      {
        path: named('version'),
        message: `Example traceId is "01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"; ${EXPECTED}`,
      },
      {
        path: named('short'),
        message: `Example traceId is "00-0af7651916cd43dd8448eb211c8031-b7ad6b7169203331-01"; ${EXPECTED}`,
      },
      {
        path: named('noFlags'),
        message: `Example traceId is "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331"; ${EXPECTED}`,
      },
      { path: named('space'), message: `Example traceId is " ${GOOD}"; ${EXPECTED}` },
    ],
  },
  {
    name: 'a traceId that is not a string',
    document: oas('3.1.0', {
      '500': problemExamplesResponse({
        number: { value: problemExample(500, { traceId: 42 }) },
        nil: { value: problemExample(500, { traceId: null }) },
        object: { value: problemExample(500, { traceId: { id: GOOD } }) },
      }),
    }),
    errors: [
      { path: named('number'), message: `Example traceId is an integer; ${EXPECTED}` },
      { path: named('nil'), message: `Example traceId is null; ${EXPECTED}` },
      { path: named('object'), message: `Example traceId is an object; ${EXPECTED}` },
    ],
  },
  {
    name: 'a long value is shortened in the message',
    document: oas('3.1.0', { '404': problemResponse(problemExample(404, { traceId: `${'a'.repeat(100)}` })) }),
    errors: [
      { path: at('404', 'example', 'traceId'), message: `Example traceId is "${'a'.repeat(79)}…"; ${EXPECTED}` },
    ],
  },
  {
    name: 'OpenAPI 3.2: a named example with dataValue',
    document: oas('3.2.0', {
      '404': problemExamplesResponse({ missing: { dataValue: problemExample(404, { traceId: 'abc' }) } }),
    }),
    errors: [
      {
        path: at('404', 'examples', 'missing', 'dataValue', 'traceId'),
        message: `Example traceId is "abc"; ${EXPECTED}`,
      },
    ],
  },
  {
    name: 'an externalValue example and a problem+xml example are not checked',
    document: oas('3.1.0', {
      '404': problemExamplesResponse({ remote: { externalValue: 'https://example.com/examples/not-found.json' } }),
      '500': problemResponse(
        '<problem xmlns="urn:ietf:rfc:7807"><traceId>abc</traceId></problem>',
        'application/problem+xml',
      ),
    }),
    errors: [],
  },
  {
    name: 'Swagger 2.0: examples[application/problem+json]',
    document: swagger({
      '500': swaggerProblemResponse(problemExample(500, { traceId: 'abc-123' })),
      '404': swaggerProblemResponse(problemExample(404, { traceId: GOOD })),
    }),
    errors: [{ path: [...OP, '500', 'examples', P, 'traceId'], message: `Example traceId is "abc-123"; ${EXPECTED}` }],
  },
  {
    name: 'a traceId in a plain application/json example is not checked',
    document: oas('3.1.0', { '404': problemResponse(problemExample(404, { traceId: 'abc' }), 'application/json') }),
    errors: [],
  },
  {
    name: 'a shared response component used by several operations gives one finding, at the component',
    document: {
      openapi: '3.1.0',
      info,
      paths: {
        '/orders/{id}': {
          get: { responses: { '500': { $ref: '#/components/responses/ServerError' } } },
          post: { responses: { '500': { $ref: '#/components/responses/ServerError' } } },
        },
        '/customers': { get: { responses: { default: { $ref: '#/components/responses/ServerError' } } } },
      },
      components: { responses: { ServerError: problemResponse(problemExample(500, { traceId: 'abc' })) } },
    },
    errors: [
      {
        path: ['components', 'responses', 'ServerError', 'content', P, 'example', 'traceId'],
        message: `Example traceId is "abc"; ${EXPECTED}`,
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
            '404': problemResponse('traceId: abc'),
            '500': problemResponse([problemExample(500, { traceId: 'x' })]),
          },
        },
      },
      '/b': { get: { responses: null } },
      '/c': {
        get: { responses: { '404': { description: 'x', content: { [P]: { examples: { a: { value: 'x' } } } } } } },
      },
    }),
    errors: [],
  },
  {
    name: 'a traceId with text after the traceparent (its tracestate, a log line) is not a traceId',
    document: oas('3.1.0', {
      '500': problemExamplesResponse({
        tracestate: { value: problemExample(500, { traceId: `${GOOD},congo=t61rcWkgMzE` }) },
        logged: { value: problemExample(500, { traceId: `${GOOD} (see logs)` }) },
      }),
    }),
    errors: [
      { path: named('tracestate'), message: `Example traceId is "${GOOD},congo=t61rcWkgMzE"; ${EXPECTED}` },
      { path: named('logged'), message: `Example traceId is "${GOOD} (see logs)"; ${EXPECTED}` },
    ],
  },
]);
