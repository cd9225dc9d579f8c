import {
  apiInfo,
  openapiDocument,
  PROBLEM_JSON,
  problemExample,
  problemExamplesResponse,
  problemResponse,
  RFC9110,
  singleOperation,
  swaggerProblemResponse,
} from '../__helpers__/documents';
import { testRule } from '../__helpers__/spectral';
import { SMARTBEAR_REGISTRY } from './smartbear-registry';

const info = apiInfo('Orders API');
const P = PROBLEM_JSON;
const OP = ['paths', '/orders/{id}', 'get', 'responses'];
const DT = RFC9110;

/** A problem example with the given status and type. */
const problem = (status: number, type: unknown, extra: Record<string, unknown> = {}) =>
  problemExample(status, { type, title: 'Some Title', detail: 'Order 42 could not be processed', ...extra });
/** Documents with one operation, GET /orders/{id}. */
const { oas, swagger, at } = singleOperation(info, '/orders/{id}', 'get');

/** The five statuses whose type the conventions fix, each with its RFC 9110 section. */
const standard = {
  '400': problemResponse(problem(400, `${DT}#section-15.5.1`)),
  '401': problemResponse(problem(401, `${DT}#section-15.5.2`)),
  '403': problemResponse(problem(403, `${DT}#section-15.5.4`)),
  '404': problemResponse(problem(404, `${DT}#section-15.5.5`)),
  '500': problemResponse(problem(500, `${DT}#section-15.6.1`)),
};

testRule('problem-example-type', [
  {
    name: 'OpenAPI 3.1: 400, 401, 403, 404 and 500 link their RFC 9110 section',
    document: oas('3.1.0', standard),
    errors: [],
  },
  {
    name: 'every accepted spelling of an RFC 9110 link',
    document: oas('3.1.0', {
      '404': problemExamplesResponse({
        datatracker: { value: problem(404, 'https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5') },
        datatrackerHtml: { value: problem(404, 'https://datatracker.ietf.org/doc/html/rfc9110.html#section-15.5.5') },
        rfcEditor: { value: problem(404, 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.5') },
        rfcEditorHtml: { value: problem(404, 'https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.5') },
      }),
    }),
    errors: [],
  },
  {
    name: 'other spellings of an RFC 9110 link are findings',
    document: oas('3.1.0', {
      '404': problemExamplesResponse({
        http: { value: problem(404, 'http://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5') },
        httpwg: { value: problem(404, 'https://httpwg.org/specs/rfc9110.html#status.404') },
        noSection: { value: problem(404, 'https://www.rfc-editor.org/rfc/rfc9110') },
      }),
    }),
    fixed: oas('3.1.0', {
      '404': problemExamplesResponse({
        http: { value: problem(404, `${DT}#section-15.5.5`) },
        httpwg: { value: problem(404, `${DT}#section-15.5.5`) },
        noSection: { value: problem(404, `${DT}#section-15.5.5`) },
      }),
    }),
    errors: [
      {
        path: at('404', 'examples', 'http', 'value', 'type'),
        message: `404 example type is "http://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5"; expected ${DT}#section-15.5.5 (RFC 9110 §15.5.5)`,
      },
      {
        path: at('404', 'examples', 'httpwg', 'value', 'type'),
        message: `404 example type is "https://httpwg.org/specs/rfc9110.html#status.404"; expected ${DT}#section-15.5.5 (RFC 9110 §15.5.5)`,
      },
      {
        path: at('404', 'examples', 'noSection', 'value', 'type'),
        message: `404 example type is "https://www.rfc-editor.org/rfc/rfc9110"; expected ${DT}#section-15.5.5 (RFC 9110 §15.5.5)`,
      },
    ],
  },
  {
    name: 'OpenAPI 3.0: the section of another status',
    document: oas('3.0.3', {
      '404': problemResponse(problem(404, `${DT}#section-15.5.4`)),
      '500': problemResponse(problem(500, 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.1')),
    }),
    // A link in an accepted spelling keeps it: only its section changes.
    fixed: oas('3.0.3', {
      '404': problemResponse(problem(404, `${DT}#section-15.5.5`)),
      '500': problemResponse(problem(500, 'https://www.rfc-editor.org/rfc/rfc9110#section-15.6.1')),
    }),
    errors: [
      {
        path: at('404', 'example', 'type'),
        message: `404 example type is "${DT}#section-15.5.4"; expected ${DT}#section-15.5.5 (RFC 9110 §15.5.5)`,
      },
      {
        path: at('500', 'example', 'type'),
        message: `500 example type is "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.1"; expected ${DT}#section-15.6.1 (RFC 9110 §15.6.1)`,
      },
    ],
  },
  {
    name: 'a standard status with a type of its own, or about:blank, is a finding by default',
    document: oas('3.1.0', {
      '400': problemResponse(problem(400, 'https://api.example.com/problems/validation')),
      '401': problemResponse(problem(401, 'about:blank')),
    }),
    // about:blank becomes the link; the API's own type is left for a person.
    fixed: oas('3.1.0', {
      '400': problemResponse(problem(400, 'https://api.example.com/problems/validation')),
      '401': problemResponse(problem(401, `${DT}#section-15.5.2`)),
    }),
    left: 'an absolute URI of the API’s own; set typeStyle: any-uri if the API uses its own problem types, or change it to https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.1 by hand',
    errors: [
      {
        path: at('400', 'example', 'type'),
        message: `400 example type is "https://api.example.com/problems/validation"; expected ${DT}#section-15.5.1 (RFC 9110 §15.5.1)`,
      },
      {
        path: at('401', 'example', 'type'),
        message: `401 example type is "about:blank"; expected ${DT}#section-15.5.2 (RFC 9110 §15.5.2)`,
      },
    ],
  },
  {
    name: "typeStyle any-uri: a standard status may use the platform's own problem types and about:blank",
    document: oas('3.1.0', {
      '400': problemResponse(problem(400, 'https://api.example.com/problems/validation')),
      '401': problemResponse(problem(401, 'about:blank')),
      '404': problemResponse(problem(404, 'urn:problem-type:example:not-found')),
      '500': problemResponse(problem(500, `${DT}#section-15.5.1`)),
    }),
    options: { typeStyle: 'any-uri' },
    errors: [],
  },
  {
    name: 'typeStyle any-uri: a relative type is still a finding',
    document: oas('3.1.0', { '404': problemResponse(problem(404, '/problems/not-found')) }),
    options: { typeStyle: 'any-uri' },
    left: 'typeStyle is not rfc9110: the problem type is the API’s own',
    errors: [
      {
        path: at('404', 'example', 'type'),
        message:
          '404 example type is "/problems/not-found", not an absolute URI (it has no scheme such as https:); expected an absolute URI or about:blank',
      },
    ],
  },
  {
    name: 'relative references and text are not absolute URIs',
    document: oas('3.1.0', {
      '409': problemExamplesResponse({
        relative: { value: problem(409, '/problems/out-of-stock') },
        name: { value: problem(409, 'OutOfStock') },
        spaces: { value: problem(409, 'https://api.example.com/problems/out of stock') },
        empty: { value: problem(409, '') },
      }),
    }),
    left: 'no fix for status 409: only 400, 401, 403, 404 and 500 have a fixed type',
    errors: [
      {
        path: at('409', 'examples', 'relative', 'value', 'type'),
        message:
          '409 example type is "/problems/out-of-stock", not an absolute URI (it has no scheme such as https:); expected an absolute URI or about:blank',
      },
      {
        path: at('409', 'examples', 'name', 'value', 'type'),
        message:
          '409 example type is "OutOfStock", not an absolute URI (it has no scheme such as https:); expected an absolute URI or about:blank',
      },
      {
        path: at('409', 'examples', 'spaces', 'value', 'type'),
        message:
          '409 example type is "https://api.example.com/problems/out of stock", not an absolute URI (it contains spaces, which a URI cannot hold); expected an absolute URI or about:blank',
      },
      {
        path: at('409', 'examples', 'empty', 'value', 'type'),
        message: '409 example type is "", not an absolute URI (it is empty); expected an absolute URI or about:blank',
      },
    ],
  },
  {
    name: 'a blank type, a scheme with nothing after it, and a relative reference with a colon in its path',
    document: oas('3.1.0', {
      '409': problemExamplesResponse({
        blank: { value: problem(409, '  ') },
        schemeOnly: { value: problem(409, 'https:') },
        colonInPath: { value: problem(409, 'problems/payment:declined') },
      }),
    }),
    left: 'no fix for status 409: only 400, 401, 403, 404 and 500 have a fixed type',
    errors: [
      {
        path: at('409', 'examples', 'blank', 'value', 'type'),
        message: '409 example type is "  ", not an absolute URI (it is empty); expected an absolute URI or about:blank',
      },
      {
        path: at('409', 'examples', 'schemeOnly', 'value', 'type'),
        message:
          '409 example type is "https:", not an absolute URI (nothing follows its scheme); expected an absolute URI or about:blank',
      },
      {
        path: at('409', 'examples', 'colonInPath', 'value', 'type'),
        message:
          '409 example type is "problems/payment:declined", not an absolute URI (it has no scheme such as https:); expected an absolute URI or about:blank',
      },
    ],
  },
  {
    name: 'other statuses: any absolute URI, about:blank, or the RFC 9110 section of that status',
    document: oas('3.1.0', {
      '409': problemExamplesResponse({
        own: { value: problem(409, 'https://api.example.com/problems/out-of-stock') },
        blank: { value: problem(409, 'about:blank') },
        urn: { value: problem(409, 'urn:example:problem:out-of-stock') },
        rfc: { value: problem(409, `${DT}#section-15.5.10`) },
      }),
      '422': problemResponse(problem(422, 'https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.21')),
      '503': problemResponse(problem(503, `${DT}#section-15.6.4`)),
    }),
    errors: [],
  },
  {
    name: 'any RFC 9110 link points at the section of its status',
    document: oas('3.1.0', {
      '409': problemResponse(problem(409, `${DT}#section-15.5.5`)),
      '422': problemResponse(problem(422, `${DT}#section-15.5.1`)),
      '503': problemResponse(problem(503, `${DT}#section-15.6.1`)),
    }),
    left: [
      'no fix for status 409: only 400, 401, 403, 404 and 500 have a fixed type',
      'no fix for status 422: only 400, 401, 403, 404 and 500 have a fixed type',
      'no fix for status 503: only 400, 401, 403, 404 and 500 have a fixed type',
    ],
    errors: [
      {
        path: at('409', 'example', 'type'),
        message: `409 example type is "${DT}#section-15.5.5"; expected ${DT}#section-15.5.10 (RFC 9110 §15.5.10)`,
      },
      {
        path: at('422', 'example', 'type'),
        message: `422 example type is "${DT}#section-15.5.1"; expected ${DT}#section-15.5.21 (RFC 9110 §15.5.21)`,
      },
      {
        path: at('503', 'example', 'type'),
        message: `503 example type is "${DT}#section-15.6.1"; expected ${DT}#section-15.6.4 (RFC 9110 §15.6.4)`,
      },
    ],
  },
  {
    name: '429 is defined by RFC 6585, not RFC 9110',
    document: oas('3.1.0', {
      '429': problemExamplesResponse({
        rfc9110: { value: problem(429, `${DT}#section-15.5.1`) },
        rfc6585: { value: problem(429, 'https://www.rfc-editor.org/rfc/rfc6585#section-4') },
      }),
    }),
    left: 'no fix for status 429: only 400, 401, 403, 404 and 500 have a fixed type',
    errors: [
      {
        path: at('429', 'examples', 'rfc9110', 'value', 'type'),
        message: `429 example type is "${DT}#section-15.5.1"; RFC 9110 does not define status 429, expected a problem type URI of its own`,
      },
    ],
  },
  {
    name: 'typeStyle any-uri: RFC 9110 links are not compared with the status',
    document: oas('3.1.0', {
      '409': problemResponse(problem(409, `${DT}#section-15.5.5`)),
      '429': problemResponse(problem(429, `${DT}#section-15.5.1`)),
    }),
    options: { typeStyle: 'any-uri' },
    errors: [],
  },
  {
    name: 'the section follows the example status under 4XX, 5XX and default',
    document: oas('3.1.0', {
      '4XX': problemResponse(problem(404, `${DT}#section-15.5.5`)),
      '5XX': problemResponse(problem(500, `${DT}#section-15.5.5`)),
      default: problemResponse(problem(403, `${DT}#section-15.5.4`)),
    }),
    fixed: oas('3.1.0', {
      '4XX': problemResponse(problem(404, `${DT}#section-15.5.5`)),
      '5XX': problemResponse(problem(500, `${DT}#section-15.6.1`)),
      default: problemResponse(problem(403, `${DT}#section-15.5.4`)),
    }),
    errors: [
      {
        path: at('5XX', 'example', 'type'),
        message: `500 example type is "${DT}#section-15.5.5"; expected ${DT}#section-15.6.1 (RFC 9110 §15.6.1)`,
      },
    ],
  },
  {
    name: 'without an integer status only the URI form is checked',
    document: oas('3.1.0', {
      '404': problemExamplesResponse({
        none: { value: { type: `${DT}#section-15.5.1`, title: 'Not Found' } },
        relative: { value: { type: 'not-found', title: 'Not Found' } },
      }),
    }),
    left: 'the example has no integer status',
    errors: [
      {
        path: at('404', 'examples', 'relative', 'value', 'type'),
        message:
          'Example type is "not-found", not an absolute URI (it has no scheme such as https:); expected an absolute URI or about:blank',
      },
    ],
  },
  {
    name: 'OpenAPI 3.2: a named example with dataValue',
    document: oas('3.2.0', {
      '403': problemExamplesResponse({ denied: { dataValue: problem(403, `${DT}#section-15.5.3`) } }),
    }),
    fixed: oas('3.2.0', {
      '403': problemExamplesResponse({ denied: { dataValue: problem(403, `${DT}#section-15.5.4`) } }),
    }),
    errors: [
      {
        path: at('403', 'examples', 'denied', 'dataValue', 'type'),
        message: `403 example type is "${DT}#section-15.5.3"; expected ${DT}#section-15.5.4 (RFC 9110 §15.5.4)`,
      },
    ],
  },
  {
    name: 'an externalValue example and a problem+xml example are not checked',
    document: oas('3.1.0', {
      '404': problemExamplesResponse({ remote: { externalValue: 'https://example.com/examples/not-found.json' } }),
      '500': problemResponse(
        '<problem xmlns="urn:ietf:rfc:7807"><type>/oops</type><status>500</status></problem>',
        'application/problem+xml',
      ),
    }),
    errors: [],
  },
  {
    name: 'Swagger 2.0: examples[application/problem+json]',
    document: swagger({
      '400': swaggerProblemResponse(problem(400, `${DT}#section-15.5.1`)),
      '404': swaggerProblemResponse(problem(404, 'https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.4')),
    }),
    fixed: swagger({
      '400': swaggerProblemResponse(problem(400, `${DT}#section-15.5.1`)),
      '404': swaggerProblemResponse(problem(404, 'https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.5')),
    }),
    errors: [
      {
        path: [...OP, '404', 'examples', P, 'type'],
        message: `404 example type is "https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.4"; expected ${DT}#section-15.5.5 (RFC 9110 §15.5.5)`,
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
          patch: { responses: { '404': { $ref: '#/components/responses/NotFound' } } },
        },
        '/customers/{id}': { get: { responses: { '404': { $ref: '#/components/responses/NotFound' } } } },
      },
      components: { responses: { NotFound: problemResponse(problem(404, '/problems/not-found')) } },
    },
    left: 'a relative reference of the API’s own (/problems/not-found); set typeStyle: any-uri if the API uses its own problem types, or change it to https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5 by hand',
    errors: [
      {
        path: ['components', 'responses', 'NotFound', 'content', 'application/problem+json', 'example', 'type'],
        message:
          '404 example type is "/problems/not-found", not an absolute URI (it has no scheme such as https:); expected https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5 (RFC 9110 §15.5.5)',
      },
    ],
  },
  {
    name: 'a missing or non-string type is left to problem-example-members',
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
            '404': problemResponse('/problems/not-found'),
            '500': problemResponse([problem(500, 'x')]),
          },
        },
      },
      '/b': { get: { responses: null } },
      '/c': { get: { responses: { '404': { description: 'x', content: { [P]: { examples: null } } } } } },
    }),
    errors: [],
  },
  {
    name: "SmartBear's registry: an example whose status its own schema rules out (status enum [503], example 500) is not told to take 500's type: its status is what is wrong (problem-example-status); the 404 is told its type",
    document: SMARTBEAR_REGISTRY,
    left: 'where the example is used could not be found',
    errors: [
      {
        path: ['components', 'examples', 'not-found', 'value', 'type'],
        message:
          '404 example type is "https://problems-registry.smartbear.com/not-found"; expected https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5 (RFC 9110 §15.5.5)',
      },
    ],
  },
]);
