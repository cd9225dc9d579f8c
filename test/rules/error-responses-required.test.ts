import { apiInfo, errorResponse, openapiDocument, REQUIRED_ERRORS, swaggerDocument } from '../__helpers__/documents';
import {
  copiedResponse,
  PROBLEM_DETAILS_SCHEMA,
  responseRef,
  swaggerCopiedResponse,
  swaggerResponseRef,
} from '../__helpers__/registry-copies';
import { testRule } from '../__helpers__/spectral';

const info = apiInfo('Orders');
const ok = { description: 'OK' };
/** The three responses every operation defines (§7.1). */
const standard = REQUIRED_ERRORS;
/** One finding per operation, naming every missing code: "No 404 or 500 response; …". */
const missing = (path: (string | number)[], ...codes: string[]) => ({
  path,
  message: `No ${codes.length === 3 ? `${codes[0]}, ${codes[1]} or ${codes[2]}` : codes.join(' or ')} response; every operation must define 400, 404 and 500`,
});

/** Swagger 2.0: GET /orders/{id} with the given responses, beside a DELETE with all three. */
const swaggerOrder = (responses: Record<string, unknown>) =>
  swaggerDocument(
    info,
    { produces: ['application/problem+json'] },
    {
      '/orders/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, type: 'string' }],
        get: { responses },
        delete: {
          responses: {
            '204': ok,
            '400': { description: 'x' },
            '404': { description: 'x' },
            '500': { description: 'x' },
          },
        },
      },
    },
  );

/** OpenAPI 3.1: the path item Listing, whose GET has the given responses, shared by two paths; more components beside it. */
const sharedListing = (responses: Record<string, unknown>, components: Record<string, unknown> = {}) => ({
  openapi: '3.1.0',
  info,
  paths: {
    '/orders': { $ref: '#/components/pathItems/Listing' },
    '/archived-orders': { $ref: '#/components/pathItems/Listing' },
  },
  components: { pathItems: { Listing: { get: { responses } } }, ...components },
});

testRule('error-responses-required', [
  {
    name: 'OpenAPI 3.0: an operation with 400, 404 and 500 is clean',
    document: openapiDocument('3.0.3', info, { '/orders': { get: { responses: { '200': ok, ...standard } } } }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.0: an operation without error responses lacks all three',
    document: openapiDocument('3.0.3', info, { '/orders': { get: { responses: { '200': ok } } } }),
    // Without a registry, fix copies the shipped registry's responses and their schema into the document.
    fixed: openapiDocument(
      '3.0.3',
      info,
      {
        '/orders': {
          get: {
            responses: {
              '200': ok,
              '400': responseRef('BadRequest'),
              '404': responseRef('NotFound'),
              '500': responseRef('InternalServerError'),
            },
          },
        },
      },
      {
        components: {
          responses: {
            BadRequest: copiedResponse('BadRequest', 'GET /orders'),
            NotFound: copiedResponse('NotFound', 'GET /orders'),
            InternalServerError: copiedResponse('InternalServerError', 'GET /orders'),
          },
          schemas: { ProblemDetails: PROBLEM_DETAILS_SCHEMA },
        },
      },
    ),
    errors: [missing(['paths', '/orders', 'get', 'responses'], '400', '404', '500')],
  },
  {
    name: 'OpenAPI 3.1: 4XX, 5XX and default do not stand in for 400, 404 and 500',
    document: openapiDocument('3.1.0', info, {
      '/orders': {
        post: {
          responses: {
            '201': ok,
            '400': errorResponse('Bad Request'),
            '4XX': errorResponse('x'),
            '5XX': errorResponse('x'),
            default: errorResponse('x'),
          },
        },
      },
    }),
    // Each code is added in its place among the codes there (a Map keeps 404 before 4XX).
    fixed: openapiDocument(
      '3.1.0',
      info,
      {
        '/orders': {
          post: {
            responses: new Map<string, unknown>([
              ['201', ok],
              ['400', errorResponse('Bad Request')],
              ['404', responseRef('NotFound')],
              ['4XX', errorResponse('x')],
              ['500', responseRef('InternalServerError')],
              ['5XX', errorResponse('x')],
              ['default', errorResponse('x')],
            ]),
          },
        },
      },
      {
        components: {
          responses: {
            NotFound: copiedResponse('NotFound', 'POST /orders'),
            InternalServerError: copiedResponse('InternalServerError', 'POST /orders'),
          },
          schemas: { ProblemDetails: PROBLEM_DETAILS_SCHEMA },
        },
      },
    ),
    errors: [missing(['paths', '/orders', 'post', 'responses'], '404', '500')],
  },
  {
    name: 'Swagger 2.0: one finding per missing code, at responses',
    document: swaggerOrder({ '200': ok, '404': { description: 'Not Found', schema: { type: 'object' } } }),
    fixed: {
      ...swaggerOrder({
        '200': ok,
        '400': swaggerResponseRef('BadRequest'),
        '404': { description: 'Not Found', schema: { type: 'object' } },
        '500': swaggerResponseRef('InternalServerError'),
      }),
      responses: {
        BadRequest: swaggerCopiedResponse('BadRequest', 'GET /orders/{id}'),
        InternalServerError: swaggerCopiedResponse('InternalServerError', 'GET /orders/{id}'),
      },
      definitions: { ProblemDetails: PROBLEM_DETAILS_SCHEMA },
    },
    errors: [missing(['paths', '/orders/{id}', 'get', 'responses'], '400', '500')],
  },
  {
    name: 'OpenAPI 3.2: query and additionalOperations are operations too',
    document: openapiDocument('3.2.0', info, {
      '/orders': {
        query: { responses: { '200': ok, '400': errorResponse('Bad Request') } },
        additionalOperations: {
          COPY: { responses: { '201': ok, '400': errorResponse('x'), '404': errorResponse('x') } },
        },
      },
    }),
    // The 500 is copied with the instance of the COPY operation's request.
    fixed: openapiDocument(
      '3.2.0',
      info,
      {
        '/orders': {
          query: {
            responses: {
              '200': ok,
              '400': errorResponse('Bad Request'),
              '404': responseRef('NotFound'),
              '500': responseRef('InternalServerError'),
            },
          },
          additionalOperations: {
            COPY: {
              responses: {
                '201': ok,
                '400': errorResponse('x'),
                '404': errorResponse('x'),
                '500': responseRef('InternalServerError'),
              },
            },
          },
        },
      },
      {
        components: {
          responses: {
            InternalServerError: copiedResponse('InternalServerError', 'COPY /orders'),
            NotFound: copiedResponse('NotFound', 'QUERY /orders'),
          },
          schemas: { ProblemDetails: PROBLEM_DETAILS_SCHEMA },
        },
      },
    ),
    errors: [
      missing(['paths', '/orders', 'query', 'responses'], '404', '500'),
      missing(['paths', '/orders', 'additionalOperations', 'COPY', 'responses'], '500'),
    ],
  },
  {
    name: 'OpenAPI 3.0: a query member is not an operation before 3.2',
    document: openapiDocument('3.0.3', info, { '/orders': { query: { responses: { '200': ok } } } }),
    errors: [],
  },
  {
    name: 'responses brought in with $ref from components count as defined',
    document: `
openapi: 3.1.0
info: { title: Orders, version: 1.0.0 }
paths:
  /orders:
    get:
      responses:
        '200': { description: OK }
        '400': { $ref: '#/components/responses/BadRequest' }
        '404': { $ref: '#/components/responses/NotFound' }
        '500': { $ref: '#/components/responses/ServerError' }
components:
  responses:
    BadRequest: { description: Bad Request }
    NotFound: { description: Not Found }
    ServerError: { description: Internal Server Error }
`,
    errors: [],
  },
  {
    name: 'a path item shared with $ref by two paths gives one finding per code, at the component',
    document: sharedListing({ '200': ok, '400': errorResponse('x'), '500': errorResponse('x') }),
    // The copied example's instance is the request of the first path that uses the shared path item.
    fixed: sharedListing(
      { '200': ok, '400': errorResponse('x'), '404': responseRef('NotFound'), '500': errorResponse('x') },
      {
        responses: { NotFound: copiedResponse('NotFound', 'GET /orders') },
        schemas: { ProblemDetails: PROBLEM_DETAILS_SCHEMA },
      },
    ),
    errors: [missing(['components', 'pathItems', 'Listing', 'get', 'responses'], '404')],
  },
  {
    name: 'OpenAPI 3.1: an operation without responses is reported at the operation',
    document: openapiDocument('3.1.0', info, { '/orders': { get: { summary: 'List orders' } } }),
    left: 'its fix would add a finding of operation-success-response; left as it was',
    errors: [missing(['paths', '/orders', 'get'], '400', '404', '500')],
  },
  {
    name: "a secured operation without 401 and 403 is not this rule's business",
    document: {
      openapi: '3.0.3',
      info,
      security: [{ bearer: [] }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      paths: { '/orders': { get: { responses: { '200': ok, ...standard } } } },
    },
    errors: [],
  },
  {
    name: 'webhooks and callbacks are not checked',
    document: {
      openapi: '3.1.0',
      info,
      webhooks: { orderCreated: { post: { responses: { '200': ok } } } },
      paths: {
        '/subscriptions': {
          post: {
            responses: { '201': ok, ...standard },
            callbacks: { onEvent: { '{$request.body#/url}': { post: { responses: { '200': ok } } } } },
          },
        },
      },
    },
    errors: [],
  },
  {
    name: 'odd inputs: responses null or a string, paths and path items of the wrong type, do not crash',
    document: openapiDocument('3.0.3', info, {
      '/a': { get: { responses: null }, put: { responses: 'none' }, post: 'not an operation' },
      '/b': 'not a path item',
      '/c': null,
    }),
    errors: [],
  },
  {
    name: 'a response $ref to a missing component still counts as defined; Spectral reports the broken ref',
    document: openapiDocument('3.0.3', info, {
      '/orders': {
        get: {
          responses: {
            '200': ok,
            '400': errorResponse('x'),
            '404': { $ref: '#/components/responses/Missing' },
            '500': errorResponse('x'),
          },
        },
      },
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
    name: "a document that is neither OpenAPI nor Swagger is left to Spectral's unrecognized-format",
    document: { asyncapi: '2.6.0', info, channels: {} },
    left: 'inline.json is an AsyncAPI document; the rules check OpenAPI 2.0, 3.0, 3.1 and 3.2',
    errors: [
      {
        code: 'unrecognized-format',
        path: [],
        message:
          'The provided document does not match any of the registered formats [OpenAPI 2.0 (Swagger), OpenAPI 3.0.x, OpenAPI 3.1.x, OpenAPI 3.2.x]',
      },
    ],
  },
  {
    name: "a response key written without a value (a draft's `'404':`) is there: what it lacks is for the OpenAPI schema rules",
    document: `
openapi: 3.1.0
info: { title: Orders, version: 1.0.0 }
paths:
  /orders/{id}:
    get:
      responses:
        '200': { description: OK }
        '400': { description: Bad Request }
        '404':
        '500': { description: Internal Server Error }
`,
    errors: [],
  },
  {
    name: 'status codes written as YAML numbers (`400:`, as HMCTS opal-fines-service writes them) are read as the strings they spell: Spectral says so, and our rules still judge the document',
    document: `
openapi: 3.1.1
info: { description: Opal Fines Service - Major Creditor, version: v0.0.1, title: Opal Fines Service }
paths:
  /major-creditor-accounts/{id}/header-summary:
    get:
      operationId: getMajorCreditorAccountHeaderSummary
      parameters:
        - { in: path, name: id, schema: { type: integer, format: int64 }, required: true }
      responses:
        '200':
          description: OK
        400:
          description: Bad request
        401:
          description: Bad request
        403:
          description: Bad request
        500:
          description: Internal server error
        503:
          description: Service unavailable
`,
    left: 'inline.yaml:13:9: Mapping key must be a string scalar rather than number',
    errors: [
      ...['400', '401', '403', '500', '503'].map(code => ({
        code: 'parser' as const,
        path: ['paths', '/major-creditor-accounts/{id}/header-summary', 'get', 'responses', code],
        message: 'Mapping key must be a string scalar rather than number',
      })),
      missing(['paths', '/major-creditor-accounts/{id}/header-summary', 'get', 'responses'], '404'),
    ],
  },
  {
    name: 'a number key that spells no status code (`0x190:`, `1e3:`) still stops our rules: the parser reads them as 400 and 1000',
    document: `
openapi: 3.1.0
info: { title: Orders, version: 1.0.0 }
paths:
  /orders:
    get:
      responses:
        '200': { description: OK }
        0x190: { description: Bad Request }
        1e3: { description: Internal Server Error }
`,
    left: 'inline.yaml:9:9: Mapping key must be a string scalar rather than number',
    errors: ['0x190', '1e3'].map(key => ({
      code: 'parser' as const,
      path: ['paths', '/orders', 'get', 'responses', key],
      message: 'Mapping key must be a string scalar rather than number',
    })),
  },
]);
