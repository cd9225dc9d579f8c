import { testRule } from '../__helpers__/spectral';

// A rule function that throws fails the test instead of being contained (see functions/lib/rule.ts).
process.env.SPECTRAL_API_CONVENTIONS_THROW = '1';

const info = { title: 'Orders API', version: '1.0.0' };
const P = 'application/problem+json';
const OP = ['paths', '/orders/{id}', 'get', 'responses'];
const EXPECTED = 'expected 00-<32 hex>-<16 hex>-<2 hex>, such as "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"';
const GOOD = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

const problem = (status: number, extra: Record<string, unknown> = {}) => ({
  type: 'https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5',
  title: 'Not Found',
  status,
  detail: 'Order 42 was not found',
  instance: 'GET /orders/42',
  ...extra,
});
const oas = (openapi: string, responses: unknown, more: Record<string, unknown> = {}) => ({
  openapi,
  info,
  paths: { '/orders/{id}': { get: { responses } } },
  ...more,
});
const withExample = (example: unknown, mediaType = P) => ({ description: 'Problem', content: { [mediaType]: { schema: { type: 'object' }, example } } });
const withExamples = (examples: Record<string, unknown>, mediaType = P) => ({ description: 'Problem', content: { [mediaType]: { schema: { type: 'object' }, examples } } });
const swagger = (responses: unknown) => ({ swagger: '2.0', info, produces: [P], paths: { '/orders/{id}': { get: { responses } } } });
const swaggerProblem = (example: unknown) => ({ description: 'Problem', schema: { type: 'object' }, examples: { [P]: example } });
const at = (code: string, ...rest: (string | number)[]) => [...OP, code, 'content', P, ...rest];
const named = (name: string) => at('500', 'examples', name, 'value', 'traceId');

testRule('problem-example-trace-id', [
  {
    name: 'OpenAPI 3.1: a W3C traceparent-shaped traceId',
    document: oas('3.1.0', {
      '404': withExample(problem(404, { traceId: GOOD })),
      '500': withExamples({ a: { value: problem(500, { traceId: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00' }) } }),
    }),
    errors: [],
  },
  {
    name: 'a traceId is optional',
    document: oas('3.1.0', { '404': withExample(problem(404)) }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.0: a UUID is not a traceId of the conventional form',
    document: oas('3.0.3', { '404': withExample(problem(404, { traceId: '3f1c9b2e-8e4a-4d59-9d1b-2c7a4f0e5b61' })) }),
    errors: [{ path: at('404', 'example', 'traceId'), message: `Example traceId is "3f1c9b2e-8e4a-4d59-9d1b-2c7a4f0e5b61"; ${EXPECTED}` }],
  },
  {
    name: 'upper-case hex, another version, wrong lengths, surrounding space',
    document: oas('3.1.0', {
      '500': withExamples({
        upper: { value: problem(500, { traceId: '00-0AF7651916CD43DD8448EB211C80319C-B7AD6B7169203331-01' }) },
        version: { value: problem(500, { traceId: '01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' }) },
        short: { value: problem(500, { traceId: '00-0af7651916cd43dd8448eb211c8031-b7ad6b7169203331-01' }) },
        noFlags: { value: problem(500, { traceId: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331' }) },
        space: { value: problem(500, { traceId: ` ${GOOD}` }) },
        ok: { value: problem(500, { traceId: GOOD }) },
      }),
    }),
    errors: [
      { path: named('upper'), message: `Example traceId is "00-0AF7651916CD43DD8448EB211C80319C-B7AD6B7169203331-01"; ${EXPECTED}` },
      { path: named('version'), message: `Example traceId is "01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"; ${EXPECTED}` },
      { path: named('short'), message: `Example traceId is "00-0af7651916cd43dd8448eb211c8031-b7ad6b7169203331-01"; ${EXPECTED}` },
      { path: named('noFlags'), message: `Example traceId is "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331"; ${EXPECTED}` },
      { path: named('space'), message: `Example traceId is " ${GOOD}"; ${EXPECTED}` },
    ],
  },
  {
    name: 'a traceId that is not a string',
    document: oas('3.1.0', {
      '500': withExamples({
        number: { value: problem(500, { traceId: 42 }) },
        nil: { value: problem(500, { traceId: null }) },
        object: { value: problem(500, { traceId: { id: GOOD } }) },
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
    document: oas('3.1.0', { '404': withExample(problem(404, { traceId: `${'a'.repeat(100)}` })) }),
    errors: [{ path: at('404', 'example', 'traceId'), message: `Example traceId is "${'a'.repeat(79)}…"; ${EXPECTED}` }],
  },
  {
    name: 'OpenAPI 3.2: a named example with dataValue',
    document: oas('3.2.0', { '404': withExamples({ missing: { dataValue: problem(404, { traceId: 'abc' }) } }) }),
    errors: [{ path: at('404', 'examples', 'missing', 'dataValue', 'traceId'), message: `Example traceId is "abc"; ${EXPECTED}` }],
  },
  {
    name: 'an externalValue example and a problem+xml example are not checked',
    document: oas('3.1.0', {
      '404': withExamples({ remote: { externalValue: 'https://example.com/examples/not-found.json' } }),
      '500': withExample('<problem xmlns="urn:ietf:rfc:7807"><traceId>abc</traceId></problem>', 'application/problem+xml'),
    }),
    errors: [],
  },
  {
    name: 'Swagger 2.0: examples[application/problem+json]',
    document: swagger({ '500': swaggerProblem(problem(500, { traceId: 'abc-123' })), '404': swaggerProblem(problem(404, { traceId: GOOD })) }),
    errors: [{ path: [...OP, '500', 'examples', P, 'traceId'], message: `Example traceId is "abc-123"; ${EXPECTED}` }],
  },
  {
    name: 'a traceId in a plain application/json example is not checked',
    document: oas('3.1.0', { '404': withExample(problem(404, { traceId: 'abc' }), 'application/json') }),
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
      components: { responses: { ServerError: withExample(problem(500, { traceId: 'abc' })) } },
    },
    errors: [{ path: ['components', 'responses', 'ServerError', 'content', P, 'example', 'traceId'], message: `Example traceId is "abc"; ${EXPECTED}` }],
  },
  {
    name: 'odd examples (null, a string, an array) and odd containers do not crash the rule',
    document: {
      openapi: '3.1.0',
      info,
      paths: {
        '/a': { get: { responses: { '400': withExample(null), '404': withExample('traceId: abc'), '500': withExample([problem(500, { traceId: 'x' })]) } } },
        '/b': { get: { responses: null } },
        '/c': { get: { responses: { '404': { description: 'x', content: { [P]: { examples: { a: { value: 'x' } } } } } } } },
      },
    },
    errors: [],
  },
]);
