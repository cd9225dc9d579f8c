import { apiInfo, errorResponse, REQUIRED_ERRORS } from '../__helpers__/documents';
import {
  copiedResponse,
  PROBLEM_DETAILS_SCHEMA,
  RegistryResponse,
  responseRef,
  swaggerCopiedResponse,
  swaggerResponseRef,
} from '../__helpers__/registry-copies';
import { testRule } from '../__helpers__/spectral';

const info = apiInfo('Orders');
const ok = { description: 'OK' };
const standard = REQUIRED_ERRORS;
const auth = { '401': errorResponse('Unauthorized'), '403': errorResponse('Forbidden') };
const schemes = {
  securitySchemes: {
    bearer: { type: 'http', scheme: 'bearer' },
    apiKey: { type: 'apiKey', in: 'header', name: 'X-Key' },
  },
};

/** An OpenAPI 3 document with one path and the given root security and operations; more components after the schemes. */
const oas3 = (
  openapi: string,
  operations: Record<string, unknown>,
  security?: unknown,
  components: Record<string, unknown> = {},
) => ({
  openapi,
  info,
  ...(security === undefined ? {} : { security }),
  components: { ...schemes, ...components },
  paths: { '/orders': operations },
});
/** The components fix adds without a registry: the shipped registry's responses, each example saying `instance`, and their schema. */
const copied = (instance: string, ...names: RegistryResponse[]) => ({
  responses: Object.fromEntries(names.map(name => [name, copiedResponse(name, instance)])),
  schemas: { ProblemDetails: PROBLEM_DETAILS_SCHEMA },
});
/** The 401 and 403 fix adds, as `$ref`s to the copies. */
const added = { '401': responseRef('Unauthorized'), '403': responseRef('Forbidden') };

/** Swagger 2.0, secured at the root: GET /orders with the given responses, and a POST whose security [] exempts it. */
const swaggerOrders = (responses: Record<string, unknown>) => ({
  swagger: '2.0',
  info,
  produces: ['application/problem+json'],
  securityDefinitions: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
  security: [{ key: [] }],
  paths: { '/orders': { get: { responses }, post: { security: [], responses: { '201': ok } } } },
});

/** Secured OpenAPI 3.1: the path item Listing (its GET with the given responses) shared by two paths, and the Unauthorized and Forbidden components GET /customers uses. */
const sharedListing = (responses: Record<string, unknown>) => ({
  openapi: '3.1.0',
  info,
  security: [{ bearer: [] }],
  paths: {
    '/orders': { $ref: '#/components/pathItems/Listing' },
    '/archived-orders': { $ref: '#/components/pathItems/Listing' },
    '/customers': {
      get: { responses: { '200': ok, '401': responseRef('Unauthorized'), '403': responseRef('Forbidden') } },
    },
  },
  components: {
    ...schemes,
    responses: { Unauthorized: errorResponse('Unauthorized'), Forbidden: errorResponse('Forbidden') },
    pathItems: { Listing: { get: { responses } } },
  },
});

const missing = (path: (string | number)[], ...codes: ('401' | '403')[]) => ({
  path,
  message: `No ${codes.join(' or ')} response; a secured operation must define 401 and 403`,
});
/** One finding per operation, naming both codes. */
const both = (path: (string | number)[]) => [missing(path, '401', '403')];

testRule('error-responses-secured', [
  {
    name: 'an operation without any security needs no 401 or 403',
    document: oas3('3.0.3', { get: { responses: { '200': ok, ...standard } } }),
    errors: [],
  },
  {
    name: 'root security is inherited: both codes missing',
    document: oas3('3.1.0', { get: { responses: { '200': ok, ...standard } } }, [{ bearer: [] }]),
    fixed: oas3(
      '3.1.0',
      { get: { responses: { '200': ok, ...standard, ...added } } },
      [{ bearer: [] }],
      copied('GET /orders', 'Unauthorized', 'Forbidden'),
    ),
    errors: both(['paths', '/orders', 'get', 'responses']),
  },
  {
    name: 'a secured operation with 401 and 403 is clean; 4XX does not stand in for 403',
    document: oas3(
      '3.1.0',
      {
        get: { responses: { '200': ok, ...standard, ...auth } },
        post: {
          responses: { '201': ok, ...standard, '401': errorResponse('Unauthorized'), '4XX': errorResponse('x') },
        },
      },
      [{ bearer: [] }],
    ),
    fixed: oas3(
      '3.1.0',
      {
        get: { responses: { '200': ok, ...standard, ...auth } },
        post: {
          responses: {
            '201': ok,
            ...standard,
            '401': errorResponse('Unauthorized'),
            '403': responseRef('Forbidden'),
            '4XX': errorResponse('x'),
          },
        },
      },
      [{ bearer: [] }],
      copied('POST /orders', 'Forbidden'),
    ),
    errors: [missing(['paths', '/orders', 'post', 'responses'], '403')],
  },
  {
    name: 'security: [] switches root security off for an operation',
    document: oas3('3.0.3', { get: { security: [], responses: { '200': ok, ...standard } } }, [{ bearer: [] }]),
    errors: [],
  },
  {
    name: '[{}] alone means anonymous, [{}, {bearer: []}] is optional authentication and secured',
    document: oas3(
      '3.0.3',
      {
        get: { security: [{}], responses: { '200': ok, ...standard } },
        put: { security: [{}, { bearer: [] }], responses: { '200': ok, ...standard } },
      },
      [{ apiKey: [] }],
    ),
    fixed: oas3(
      '3.0.3',
      {
        get: { security: [{}], responses: { '200': ok, ...standard } },
        put: { security: [{}, { bearer: [] }], responses: { '200': ok, ...standard, ...added } },
      },
      [{ apiKey: [] }],
      copied('PUT /orders', 'Unauthorized', 'Forbidden'),
    ),
    errors: both(['paths', '/orders', 'put', 'responses']),
  },
  {
    name: "an operation's own security applies without root security; root [] does not switch it off",
    document: oas3(
      '3.1.0',
      {
        get: { responses: { '200': ok, ...standard } },
        delete: {
          security: [{ bearer: [], apiKey: [] }],
          responses: { '204': ok, ...standard, '401': errorResponse('Unauthorized') },
        },
      },
      [],
    ),
    fixed: oas3(
      '3.1.0',
      {
        get: { responses: { '200': ok, ...standard } },
        delete: {
          security: [{ bearer: [], apiKey: [] }],
          responses: { '204': ok, ...standard, '401': errorResponse('Unauthorized'), '403': responseRef('Forbidden') },
        },
      },
      [],
      copied('DELETE /orders', 'Forbidden'),
    ),
    errors: [missing(['paths', '/orders', 'delete', 'responses'], '403')],
  },
  {
    name: 'Swagger 2.0: root security inherited, operation security [] exempt',
    document: swaggerOrders({ '200': ok, '401': { description: 'Unauthorized' } }),
    fixed: {
      ...swaggerOrders({ '200': ok, '401': { description: 'Unauthorized' }, '403': swaggerResponseRef('Forbidden') }),
      responses: { Forbidden: swaggerCopiedResponse('Forbidden', 'GET /orders') },
      definitions: { ProblemDetails: PROBLEM_DETAILS_SCHEMA },
    },
    errors: [missing(['paths', '/orders', 'get', 'responses'], '403')],
  },
  {
    name: 'OpenAPI 3.2: a secured query operation and additional operation',
    document: oas3(
      '3.2.0',
      {
        query: { responses: { '200': ok, ...standard } },
        additionalOperations: {
          PURGE: { responses: { '204': ok, ...standard, ...auth } },
          LINK: { security: [{}], responses: { '204': ok, ...standard } },
        },
      },
      [{ bearer: [] }],
    ),
    fixed: oas3(
      '3.2.0',
      {
        query: { responses: { '200': ok, ...standard, ...added } },
        additionalOperations: {
          PURGE: { responses: { '204': ok, ...standard, ...auth } },
          LINK: { security: [{}], responses: { '204': ok, ...standard } },
        },
      },
      [{ bearer: [] }],
      copied('QUERY /orders', 'Unauthorized', 'Forbidden'),
    ),
    errors: both(['paths', '/orders', 'query', 'responses']),
  },
  {
    name: 'a secured operation without responses is reported at the operation',
    document: `
openapi: 3.1.0
info: { title: Orders, version: 1.0.0 }
security:
  - bearer: []
components:
  securitySchemes:
    bearer: { type: http, scheme: bearer }
paths:
  /orders:
    get:
      summary: List orders
`,
    left: 'its fix would add a finding of operation-success-response; left as it was',
    errors: both(['paths', '/orders', 'get']),
  },
  {
    name: 'responses from components via $ref count; a path item shared by two paths gives one finding',
    document: sharedListing({ '200': ok, '401': responseRef('Unauthorized') }),
    // The document's own Forbidden is referenced: nothing is copied.
    fixed: sharedListing({ '200': ok, '401': responseRef('Unauthorized'), '403': responseRef('Forbidden') }),
    errors: [missing(['components', 'pathItems', 'Listing', 'get', 'responses'], '403')],
  },
  {
    name: 'odd inputs: security of the wrong type is not secured, responses null or a string give no finding',
    document: {
      openapi: '3.0.3',
      info,
      security: [{ bearer: [] }],
      components: schemes,
      paths: {
        '/a': {
          get: { security: 'bearer', responses: { '200': ok } },
          put: { security: [null, 'bearer'], responses: { '200': ok } },
          post: { responses: null },
          patch: { responses: 'none' },
        },
      },
    },
    errors: [],
  },
  {
    name: 'a 401 $ref to a missing component counts as defined; Spectral reports the broken ref',
    document: oas3(
      '3.0.3',
      {
        get: {
          responses: {
            '200': ok,
            '401': { $ref: '#/components/responses/Missing' },
            '403': errorResponse('Forbidden'),
          },
        },
      },
      [{ bearer: [] }],
    ),
    left: 'a $ref that leads nowhere; fix it by hand',
    errors: [
      {
        code: 'invalid-ref',
        path: ['paths', '/orders', 'get', 'responses', '401', '$ref'],
        message: "'#/components/responses/Missing' does not exist",
      },
    ],
  },
]);
