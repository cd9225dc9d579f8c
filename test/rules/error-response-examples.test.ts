import {
  apiInfo,
  errorResponse,
  openapiDocument,
  PROBLEM_JSON,
  problemExample,
  response,
  RFC9110,
  swaggerDocument,
} from '../__helpers__/documents';
import { RegistryResponse, registryExample } from '../__helpers__/registry-copies';
import { testRule } from '../__helpers__/spectral';

const info = apiInfo('Orders');
const ok = { description: 'OK' };
const PROBLEM = PROBLEM_JSON;
const body = (status: number, title: string) =>
  problemExample(status, {
    type: `${RFC9110}#section-15.5.1`,
    title,
    detail: `A ${title} problem`,
    instance: 'GET /orders',
  });
/** An OpenAPI 3 problem response with a media type `example`. */
const withExample = (status: number, title: string) =>
  response(title, PROBLEM, { schema: { type: 'object' }, example: body(status, title) });
/** An OpenAPI 3 problem response with a schema and no example. */
const withoutExample = errorResponse;
/** What fix makes of withoutExample(description): the registry's example of `name` added, saying `instance`. */
const withRegistryExample = (description: string, name: RegistryResponse, instance: string) =>
  response(description, PROBLEM, { schema: { type: 'object' }, example: registryExample(name, instance) });
const exampled = {
  '400': withExample(400, 'Bad Request'),
  '404': withExample(404, 'Not Found'),
  '500': withExample(500, 'Internal Server Error'),
};

/** An OpenAPI 3 document whose one path, /orders, has the given operations. */
const oas3 = (openapi: string, operations: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  openapiDocument(openapi, info, { '/orders': operations }, extra);
/** YAML: shared BadRequest, NotFound and ServerError responses used by three operations; NotFound's body has a schema and the given lines. */
const sharedResponses = (notFoundExample: string) => `
openapi: 3.1.0
info: { title: Orders, version: 1.0.0 }
paths:
  /orders:
    get:
      responses:
        '400': { $ref: '#/components/responses/BadRequest' }
        '404': { $ref: '#/components/responses/NotFound' }
        '500': { $ref: '#/components/responses/ServerError' }
  /orders/{id}:
    get:
      responses:
        '400': { $ref: '#/components/responses/BadRequest' }
        '404': { $ref: '#/components/responses/NotFound' }
        '500': { $ref: '#/components/responses/ServerError' }
    delete:
      responses:
        '400': { $ref: '#/components/responses/BadRequest' }
        '404': { $ref: '#/components/responses/NotFound' }
        '500': { $ref: '#/components/responses/ServerError' }
components:
  examples:
    ServerError:
      value: { type: 'https://datatracker.ietf.org/doc/html/rfc9110#section-15.6.1', title: Internal Server Error, status: 500, detail: x, instance: GET /orders }
  responses:
    BadRequest:
      description: Bad Request
      content:
        application/problem+json:
          example: { type: 'https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.1', title: Bad Request, status: 400, detail: x, instance: GET /orders }
    NotFound:
      description: Not Found
      content:
        application/problem+json:
          schema: { type: object }
${notFoundExample}    ServerError:
      description: Internal Server Error
      content:
        application/problem+json:
          examples:
            serverError: { $ref: '#/components/examples/ServerError' }
`;
/** YAML: GET /orders/{orderId} whose 404 has a named example with a summary and no value, then the given lines. */
const namedExamples = (more: string) => `
openapi: 3.1.0
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
            application/problem+json:
              schema: { type: object }
              examples:
                notFound:
                  summary: The order does not exist
${more}`;
const noExample = (path: (string | number)[], code: string) => ({
  path,
  message: `${code} response has no example; expected at least one example of its Problem Details body`,
});

testRule('error-response-examples', [
  {
    name: 'OpenAPI 3.0: 400, 404 and 500 each with an example are clean',
    document: oas3('3.0.3', { get: { responses: { '200': ok, ...exampled } } }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.1: a required response without any example, one with only a schema-level example',
    document: oas3('3.1.0', {
      get: {
        responses: {
          '200': ok,
          '400': withExample(400, 'Bad Request'),
          '404': withoutExample('Not Found'),
          '500': {
            description: 'x',
            content: { [PROBLEM]: { schema: { type: 'object', example: body(500, 'Internal Server Error') } } },
          },
        },
      },
    }),
    fixed: oas3('3.1.0', {
      get: {
        responses: {
          '200': ok,
          '400': withExample(400, 'Bad Request'),
          '404': withRegistryExample('Not Found', 'NotFound', 'GET /orders'),
          '500': {
            description: 'x',
            content: {
              [PROBLEM]: {
                schema: { type: 'object', example: body(500, 'Internal Server Error') },
                example: registryExample('InternalServerError', 'GET /orders'),
              },
            },
          },
        },
      },
    }),
    errors: [
      noExample(['paths', '/orders', 'get', 'responses', '404'], '404'),
      noExample(['paths', '/orders', 'get', 'responses', '500'], '500'),
    ],
  },
  {
    name: 'examples entries count: value, externalValue, XML strings; one media type with an example is enough',
    document: oas3('3.0.3', {
      get: {
        responses: {
          '400': {
            description: 'x',
            content: { [PROBLEM]: { examples: { missingName: { value: body(400, 'Bad Request') } } } },
          },
          '404': {
            description: 'x',
            content: { [PROBLEM]: { examples: { gone: { externalValue: 'https://example.com/examples/404.json' } } } },
          },
          '500': {
            description: 'x',
            content: {
              [PROBLEM]: { schema: { type: 'object' } },
              'application/problem+xml': {
                example: '<problem xmlns="urn:ietf:rfc:7807"><status>500</status></problem>',
              },
            },
          },
        },
      },
    }),
    errors: [],
  },
  {
    name: 'only the required responses are checked: 401 and 403 when secured, never 409, 4XX or default',
    document: oas3(
      '3.1.0',
      {
        get: {
          security: [{ bearer: [] }],
          responses: { ...exampled, '401': withoutExample('Unauthorized'), '403': withExample(403, 'Forbidden') },
        },
        post: {
          responses: {
            ...exampled,
            '401': withoutExample('Unauthorized'),
            '409': withoutExample('Conflict'),
            '4XX': withoutExample('x'),
            default: withoutExample('x'),
          },
        },
      },
      { components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    ),
    fixed: oas3(
      '3.1.0',
      {
        get: {
          security: [{ bearer: [] }],
          responses: {
            ...exampled,
            '401': withRegistryExample('Unauthorized', 'Unauthorized', 'GET /orders'),
            '403': withExample(403, 'Forbidden'),
          },
        },
        post: {
          responses: {
            ...exampled,
            '401': withoutExample('Unauthorized'),
            '409': withoutExample('Conflict'),
            '4XX': withoutExample('x'),
            default: withoutExample('x'),
          },
        },
      },
      { components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    ),
    errors: [noExample(['paths', '/orders', 'get', 'responses', '401'], '401')],
  },
  {
    name: 'a shared component response without examples, used by several operations, gives one finding at the component',
    document: sharedResponses(''),
    // A flow map beside the flow map of the schema; the example says the first operation that uses it.
    fixed: sharedResponses(
      '          example: { status: 404, title: Not Found, detail: The resource was not found., type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5, instance: GET /orders, traceId: 00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01 }\n',
    ),
    errors: [noExample(['components', 'responses', 'NotFound'], '404')],
  },
  {
    name: 'Swagger 2.0: examples.<mime> counts, a schema alone does not',
    document: swaggerDocument(
      info,
      { produces: [PROBLEM] },
      {
        '/orders': {
          get: {
            responses: {
              '200': ok,
              '400': {
                description: 'Bad Request',
                schema: { type: 'object' },
                examples: { [PROBLEM]: body(400, 'Bad Request') },
              },
              '404': { description: 'Not Found', schema: { type: 'object' } },
              '500': { description: 'Internal Server Error', examples: { 'application/problem+xml': '<problem/>' } },
            },
          },
        },
      },
    ),
    fixed: swaggerDocument(
      info,
      { produces: [PROBLEM] },
      {
        '/orders': {
          get: {
            responses: {
              '200': ok,
              '400': {
                description: 'Bad Request',
                schema: { type: 'object' },
                examples: { [PROBLEM]: body(400, 'Bad Request') },
              },
              '404': {
                description: 'Not Found',
                schema: { type: 'object' },
                examples: { [PROBLEM]: registryExample('NotFound', 'GET /orders') },
              },
              '500': { description: 'Internal Server Error', examples: { 'application/problem+xml': '<problem/>' } },
            },
          },
        },
      },
    ),
    errors: [noExample(['paths', '/orders', 'get', 'responses', '404'], '404')],
  },
  {
    name: 'Swagger 2.0: a shared root response without examples gives one finding at the component',
    document: swaggerDocument(
      info,
      { produces: [PROBLEM], responses: { NotFound: { description: 'Not Found', schema: { type: 'object' } } } },
      {
        '/orders': {
          get: {
            responses: {
              '400': { description: 'x', examples: { [PROBLEM]: body(400, 'Bad Request') } },
              '404': { $ref: '#/responses/NotFound' },
            },
          },
        },
        '/customers': { get: { responses: { '404': { $ref: '#/responses/NotFound' } } } },
      },
    ),
    fixed: swaggerDocument(
      info,
      {
        produces: [PROBLEM],
        responses: {
          NotFound: {
            description: 'Not Found',
            schema: { type: 'object' },
            examples: { [PROBLEM]: registryExample('NotFound', 'GET /orders') },
          },
        },
      },
      {
        '/orders': {
          get: {
            responses: {
              '400': { description: 'x', examples: { [PROBLEM]: body(400, 'Bad Request') } },
              '404': { $ref: '#/responses/NotFound' },
            },
          },
        },
        '/customers': { get: { responses: { '404': { $ref: '#/responses/NotFound' } } } },
      },
    ),
    errors: [noExample(['responses', 'NotFound'], '404')],
  },
  {
    name: 'OpenAPI 3.2: query and additionalOperations, dataValue and serializedValue examples count',
    document: oas3('3.2.0', {
      query: {
        responses: {
          '400': {
            description: 'x',
            content: { [PROBLEM]: { examples: { a: { dataValue: body(400, 'Bad Request') } } } },
          },
          '404': {
            description: 'x',
            content: { [PROBLEM]: { examples: { a: { serializedValue: '{"status":404}' } } } },
          },
          '500': withoutExample('Internal Server Error'),
        },
      },
      additionalOperations: { COPY: { responses: { ...exampled, '404': withoutExample('Not Found') } } },
    }),
    fixed: oas3('3.2.0', {
      query: {
        responses: {
          '400': {
            description: 'x',
            content: { [PROBLEM]: { examples: { a: { dataValue: body(400, 'Bad Request') } } } },
          },
          '404': {
            description: 'x',
            content: { [PROBLEM]: { examples: { a: { serializedValue: '{"status":404}' } } } },
          },
          '500': withRegistryExample('Internal Server Error', 'InternalServerError', 'QUERY /orders'),
        },
      },
      additionalOperations: {
        COPY: { responses: { ...exampled, '404': withRegistryExample('Not Found', 'NotFound', 'COPY /orders') } },
      },
    }),
    errors: [
      noExample(['paths', '/orders', 'query', 'responses', '500'], '500'),
      noExample(['paths', '/orders', 'additionalOperations', 'COPY', 'responses', '404'], '404'),
    ],
  },
  {
    name: 'a required response without any body (aiception.com: 400 "Task could not be created.") is error-response-problem-media-type\'s one finding ("has no content"), not a second one here',
    document: `
openapi: 3.0.0
info: { title: AIception Interactive, version: 1.0.0 }
paths:
  /adult_content:
    post:
      description: Creates a new adult_content task that tells the if the image has nudity or sexual content.
      responses:
        '201':
          description: Task succesfully created.
          content: { application/json: { schema: { type: object, properties: { id: { type: string } } } } }
        '400': { description: Task could not be created. }
  /orders:
    delete:
      responses:
        '204': { description: Deleted }
        '404': { description: Not Found }
`,
    errors: [],
  },
  {
    name: 'odd inputs: responses null, a response that is a string, examples of the wrong type do not crash',
    document: oas3('3.0.3', {
      get: { responses: null },
      put: { responses: 'none' },
      post: { responses: { ...exampled, '404': 'Not Found' } },
      patch: {
        responses: {
          ...exampled,
          '400': {
            description: 'x',
            content: { [PROBLEM]: { examples: { a: { value: body(400, 'Bad Request') }, b: 'oops', c: null } } },
          },
        },
      },
    }),
    errors: [],
  },
  {
    name: 'odd inputs: content, a media type or examples of the wrong type are not taken for a missing example',
    document: oas3('3.1.0', {
      get: {
        responses: {
          '400': { description: 'x', content: null },
          '404': { description: 'x', content: 'none' },
          '500': { description: 'x', content: { [PROBLEM]: null } },
        },
      },
      put: {
        responses: {
          ...exampled,
          '404': { description: 'x', content: { [PROBLEM]: { schema: { type: 'object' }, examples: 'none' } } },
        },
      },
    }),
    errors: [],
  },
  {
    name: 'Swagger 2.0 odd inputs: examples that are not a map',
    document: swaggerDocument(
      info,
      { produces: [PROBLEM] },
      {
        '/orders': {
          get: {
            responses: {
              '400': { description: 'x', examples: 'none' },
              '404': { description: 'x', examples: [body(404, 'Not Found')] },
            },
          },
        },
      },
    ),
    errors: [],
  },
  {
    name: "a response $ref to a missing component is left to Spectral's invalid-ref",
    document: oas3('3.0.3', { get: { responses: { ...exampled, '404': { $ref: '#/components/responses/Missing' } } } }),
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
    name: 'one example-less component used as the 400 of one operation and the 404 of another: both uses are named, at the component',
    document: openapiDocument(
      '3.1.0',
      info,
      {
        '/orders': {
          get: {
            responses: {
              '200': ok,
              '400': { $ref: '#/components/responses/ClientError' },
              '404': withExample(404, 'Not Found'),
              '500': withExample(500, 'Internal Server Error'),
            },
          },
        },
        '/orders/{id}': {
          get: {
            responses: {
              '200': ok,
              '400': withExample(400, 'Bad Request'),
              '404': { $ref: '#/components/responses/ClientError' },
              '500': withExample(500, 'Internal Server Error'),
            },
          },
        },
      },
      { components: { responses: { ClientError: errorResponse('A client error') } } },
    ),
    left: 'the response is used under several codes; one example cannot fit them all',
    errors: [
      {
        path: ['components', 'responses', 'ClientError'],
        message:
          'Response used as 400 and 404 has no example; expected at least one example of its Problem Details body',
      },
    ],
  },
  {
    name: 'named examples with a summary but no value are no example of the 404',
    document: namedExamples(''),
    // The registry's example is added as one more named example, beside the one without a value.
    fixed: namedExamples(`                not-found:
                  value:
                    status: 404
                    title: Not Found
                    detail: The resource was not found.
                    type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5
                    instance: GET /orders/{orderId}
                    traceId: 00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01
`),
    errors: [
      {
        path: ['paths', '/orders/{orderId}', 'get', 'responses', '404'],
        message: '404 response has no example; expected at least one example of its Problem Details body',
      },
    ],
  },
]);
