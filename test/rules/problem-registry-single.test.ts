import {
  apiInfo,
  openapiDocument,
  PROBLEM_JSON,
  problemSchemaResponse,
  singleOperation,
} from '../__helpers__/documents';
import { fixtureDocument, lint, testRule } from '../__helpers__/spectral';

/*
 * Inline documents are read as fixtures/inline.json, so `registry-single/…` refs below resolve to
 * the fixture registries: registry-a.yaml, registry-b.yaml (two competing registries) and
 * other-schemas.yaml (domain schemas, not a registry).
 */
const info = apiInfo('Orders API');
const P = PROBLEM_JSON;
const A = 'registry-single/registry-a.yaml';
const B = 'registry-single/registry-b.yaml';
const OTHER = 'registry-single/other-schemas.yaml';
const OP = ['paths', '/orders/{id}', 'get', 'responses'];
const CODE = 'problem-registry-single';

const comesFrom = (document: string, allowed: string) =>
  `Problem response or schema comes from "${document}"; all of them must come from one shared registry, "${allowed}"`;
const ref = (document: string, pointer: string) => ({ $ref: `${document}#${pointer}` });
/** Documents with one operation, GET /orders/{id}. */
const { oas } = singleOperation(info, '/orders/{id}', 'get');

testRule(CODE, [
  {
    name: 'OpenAPI 3.1: every error response comes from one registry',
    document: oas('3.1.0', {
      '200': ref(OTHER, '/components/responses/Order'),
      '400': ref(A, '/components/responses/BadRequest'),
      '404': ref(A, '/components/responses/NotFound'),
      '409': problemSchemaResponse(ref(A, '/components/schemas/ProblemDetails')),
      default: ref(A, '/components/responses/UnexpectedError'),
    }),
    errors: [],
  },
  {
    name: 'local error responses and schemas are not brought in from another document',
    document: oas(
      '3.1.0',
      {
        '404': { $ref: '#/components/responses/NotFound' },
        '500': problemSchemaResponse({ $ref: '#/components/schemas/Problem' }),
      },
      {
        components: {
          responses: { NotFound: problemSchemaResponse({ $ref: '#/components/schemas/Problem' }) },
          schemas: { Problem: { type: 'object', properties: { status: { type: 'integer' } } } },
        },
      },
    ),
    errors: [],
  },
  {
    name: 'OpenAPI 3.0: two registries, the majority one is taken as the registry',
    document: oas('3.0.3', {
      '400': ref(A, '/components/responses/BadRequest'),
      '404': ref(A, '/components/responses/NotFound'),
      '500': ref(B, '/components/responses/UnexpectedError'),
    }),
    errors: [{ path: [...OP, '500', '$ref'], message: comesFrom(B, A) }],
  },
  {
    name: 'with the registry option, every other document is a finding',
    document: oas('3.1.0', {
      '400': ref(A, '/components/responses/BadRequest'),
      '404': ref(A, '/components/responses/NotFound'),
      '500': ref(B, '/components/responses/UnexpectedError'),
    }),
    options: { registry: B },
    errors: [
      { path: [...OP, '400', '$ref'], message: comesFrom(A, B) },
      { path: [...OP, '404', '$ref'], message: comesFrom(A, B) },
    ],
  },
  {
    name: 'the registry option is compared without a leading ./',
    document: oas('3.1.0', {
      '404': ref(`./${A}`, '/components/responses/NotFound'),
      '500': ref(A, '/components/responses/UnexpectedError'),
    }),
    options: { registry: `./${A}` },
    errors: [],
  },
  {
    name: 'problem schemas count as well as whole responses, and success responses do not count',
    document: oas('3.1.0', {
      '200': problemSchemaResponse(ref(B, '/components/schemas/ProblemDetails'), 'application/json'),
      '404': ref(A, '/components/responses/NotFound'),
      '409': problemSchemaResponse(ref(A, '/components/schemas/ProblemDetails')),
      '422': problemSchemaResponse(ref(B, '/components/schemas/ProblemDetails')),
    }),
    errors: [{ path: [...OP, '422', 'content', P, 'schema', '$ref'], message: comesFrom(B, A) }],
  },
  {
    name: 'a problem schema that extends another document with allOf brings it in',
    document: oas('3.1.0', {
      '404': ref(A, '/components/responses/NotFound'),
      '500': ref(A, '/components/responses/UnexpectedError'),
      '409': problemSchemaResponse({
        allOf: [ref(B, '/components/schemas/ProblemDetails'), { properties: { code: { type: 'string' } } }],
      }),
    }),
    errors: [{ path: [...OP, '409', 'content', P, 'schema', 'allOf', 0, '$ref'], message: comesFrom(B, A) }],
  },
  {
    name: 'problem+xml schemas count; plain JSON schemas of an error response do not',
    document: oas('3.1.0', {
      '404': ref(A, '/components/responses/NotFound'),
      '400': problemSchemaResponse(ref(A, '/components/schemas/ProblemDetails')),
      '409': problemSchemaResponse(ref(B, '/components/schemas/ProblemDetails'), 'application/problem+xml'),
      '410': problemSchemaResponse(ref(OTHER, '/components/schemas/Order'), 'application/json'),
    }),
    errors: [
      { path: [...OP, '409', 'content', 'application/problem+xml', 'schema', '$ref'], message: comesFrom(B, A) },
    ],
  },
  {
    name: '4XX, 5XX and default responses count',
    document: oas('3.1.0', {
      '4XX': ref(A, '/components/responses/BadRequest'),
      '5XX': ref(B, '/components/responses/UnexpectedError'),
      default: ref(A, '/components/responses/UnexpectedError'),
    }),
    errors: [{ path: [...OP, '5XX', '$ref'], message: comesFrom(B, A) }],
  },
  {
    name: 'a local component that refers to a second registry is reported once, at the component',
    document: {
      openapi: '3.1.0',
      info,
      paths: {
        '/orders/{id}': {
          get: {
            responses: {
              '404': ref(A, '/components/responses/NotFound'),
              '500': { $ref: '#/components/responses/ServerError' },
            },
          },
          delete: {
            responses: {
              '404': ref(A, '/components/responses/NotFound'),
              '500': { $ref: '#/components/responses/ServerError' },
            },
          },
        },
        '/customers/{id}': { get: { responses: { default: { $ref: '#/components/responses/ServerError' } } } },
      },
      components: { responses: { ServerError: ref(B, '/components/responses/UnexpectedError') } },
    },
    errors: [{ path: ['components', 'responses', 'ServerError', '$ref'], message: comesFrom(B, A) }],
  },
  {
    name: 'OpenAPI 3.2: query and additionalOperations are operations too',
    document: openapiDocument('3.2.0', info, {
      '/orders': {
        get: { responses: { '404': ref(A, '/components/responses/NotFound') } },
        query: { responses: { '400': ref(A, '/components/responses/BadRequest') } },
        additionalOperations: { LINK: { responses: { '500': ref(B, '/components/responses/UnexpectedError') } } },
      },
    }),
    errors: [
      {
        path: ['paths', '/orders', 'additionalOperations', 'LINK', 'responses', '500', '$ref'],
        message: comesFrom(B, A),
      },
    ],
  },
  {
    name: 'Swagger 2.0: response schemas from two documents',
    document: {
      swagger: '2.0',
      info,
      produces: [P],
      paths: {
        '/orders/{id}': {
          get: {
            responses: {
              '200': { description: 'OK', schema: ref(OTHER, '/components/schemas/Order') },
              '400': { description: 'Bad Request', schema: ref(A, '/components/schemas/ProblemDetails') },
              '404': { $ref: '#/responses/NotFound' },
              '500': { description: 'Error', schema: ref(B, '/components/schemas/ProblemDetails') },
            },
          },
        },
      },
      responses: { NotFound: { description: 'Not Found', schema: ref(A, '/components/schemas/ProblemDetails') } },
    },
    errors: [{ path: [...OP, '500', 'schema', '$ref'], message: comesFrom(B, A) }],
  },
  // YAML text: every way of writing a $ref to another document is seen (the rule first looks for
  // one in the document's text, to spare documents without any the walk through their responses).
  ...[
    ['a plain scalar', `$ref: ${B}#/components/responses/UnexpectedError`],
    ['a single-quoted scalar', `'$ref': '${B}#/components/responses/UnexpectedError'`],
    ['a value on the next line', `$ref:\n            ${B}#/components/responses/UnexpectedError`],
    ['a flow mapping', `{ "$ref" : "${B}#/components/responses/UnexpectedError" }`],
  ].map(([written, ref500]) => ({
    name: `YAML: a $ref written as ${written} is seen`,
    document: `openapi: 3.1.0
info: { title: Orders API, version: '1' }
paths:
  /orders/{id}:
    get:
      responses:
        '404':
          $ref: '${A}#/components/responses/NotFound'
        '400': { $ref: "${A}#/components/responses/BadRequest" }
        '500':
          ${ref500}
`,
    errors: [{ path: [...OP, '500', '$ref'], message: comesFrom(B, A) }],
  })),
  {
    name: 'YAML: a document whose $refs are all local is silent',
    document: `openapi: 3.1.0
info: { title: Orders API, version: '1' }
paths:
  /orders/{id}:
    get:
      responses:
        '404': { $ref: '#/components/responses/NotFound' }
components:
  responses:
    NotFound: { description: Not Found }
`,
    errors: [],
  },
  {
    name: 'odd inputs (responses null, a null response, content null, paths null) do not crash the rule',
    document: openapiDocument('3.1.0', info, {
      '/a': { get: { responses: null } },
      '/b': { get: { responses: { '404': null, '500': 'x', '400': { description: 'x', content: null } } } },
      '/c': { get: { responses: { '404': { description: 'x', content: { [P]: null } } } } },
      '/d': null,
    }),
    errors: [],
  },
  {
    name: 'a local problem schema extended with allOf whose second member comes from another registry (allOf[1])',
    document: oas('3.1.0', {
      '404': ref(A, '/components/responses/NotFound'),
      '500': ref(A, '/components/responses/UnexpectedError'),
      '409': problemSchemaResponse({
        allOf: [{ properties: { code: { type: 'string' } } }, ref(B, '/components/schemas/ProblemDetails')],
      }),
    }),
    errors: [{ path: [...OP, '409', 'content', P, 'schema', 'allOf', 1, '$ref'], message: comesFrom(B, A) }],
  },
  {
    name: 'a half-migrated API, as many responses from each of two registries: the one used first is taken as the registry',
    document: oas('3.1.0', {
      '404': problemSchemaResponse(ref(B, '/components/schemas/ProblemDetails')),
      '500': ref(A, '/components/responses/UnexpectedError'),
    }),
    errors: [{ path: [...OP, '500', '$ref'], message: comesFrom(A, B) }],
  },
  {
    name: 'one error file per status (as BRP has them): none of them is called "the registry", the message says they are several',
    document: `
openapi: 3.0.3
info: { title: BRP Bevragen, version: 2.0.0 }
paths:
  /personen:
    post:
      responses:
        '200': { description: OK }
        '400': { $ref: 'registry-single/brp-400.yaml#/components/responses/400' }
        '404': { $ref: 'registry-single/brp-404.yaml#/components/responses/404' }
        '500': { $ref: 'registry-single/brp-500.yaml#/components/responses/500' }
  /personen/{burgerservicenummer}:
    get:
      responses:
        '200': { description: OK }
        '500': { $ref: 'registry-single/brp-500.yaml#/components/responses/500' }
`,
    errors: [
      {
        path: ['paths', '/personen', 'post', 'responses', '400', '$ref'],
        message:
          'Problem response or schema comes from "registry-single/brp-400.yaml", one of 3 documents with one status each ("registry-single/brp-400.yaml", "registry-single/brp-404.yaml" and "registry-single/brp-500.yaml"); all of them must come from one shared registry',
      },
      {
        path: ['paths', '/personen', 'post', 'responses', '404', '$ref'],
        message:
          'Problem response or schema comes from "registry-single/brp-404.yaml", one of 3 documents with one status each ("registry-single/brp-400.yaml", "registry-single/brp-404.yaml" and "registry-single/brp-500.yaml"); all of them must come from one shared registry',
      },
    ],
  },
  {
    name: 'one error file per status where the 500 file also serves default, beside a schema file 401 and 403 share: still several files, none called "the registry"',
    document: `
openapi: 3.0.3
info: { title: BRP Bevragen, version: 2.0.0 }
paths:
  /personen:
    post:
      responses:
        '200': { description: OK }
        '400': { $ref: 'registry-single/brp-400.yaml#/components/responses/400' }
        '401':
          description: Unauthorized
          content:
            application/problem+json:
              schema: { $ref: 'registry-single/brp-schemas.yaml#/components/schemas/Foutbericht' }
        '403':
          description: Forbidden
          content:
            application/problem+json:
              schema: { $ref: 'registry-single/brp-schemas.yaml#/components/schemas/Foutbericht' }
        '404': { $ref: 'registry-single/brp-404.yaml#/components/responses/404' }
        '500': { $ref: 'registry-single/brp-500.yaml#/components/responses/500' }
        default: { $ref: 'registry-single/brp-500.yaml#/components/responses/500' }
`,
    errors: ['400', '404', '500', 'default'].map(code => {
      const file = code === 'default' ? '500' : code;
      return {
        path: ['paths', '/personen', 'post', 'responses', code, '$ref'],
        message: `Problem response or schema comes from "registry-single/brp-${file}.yaml", one of 3 documents with one status each ("registry-single/brp-400.yaml", "registry-single/brp-404.yaml" and "registry-single/brp-500.yaml"); all of them must come from one shared registry`,
      };
    }),
  },
  {
    name: 'one error file per status, and a schema file they share used less: that file is named beside them, not as one of them',
    document: `
openapi: 3.0.3
info: { title: BRP Bevragen, version: 2.0.0 }
paths:
  /personen:
    post:
      responses:
        '400': { $ref: 'registry-single/brp-400.yaml#/components/responses/400' }
        '401':
          description: Unauthorized
          content:
            application/problem+json:
              schema: { $ref: 'registry-single/brp-schemas.yaml#/components/schemas/Foutbericht' }
        '403':
          description: Forbidden
          content:
            application/problem+json:
              schema: { $ref: 'registry-single/brp-schemas.yaml#/components/schemas/Foutbericht' }
        '404': { $ref: 'registry-single/brp-404.yaml#/components/responses/404' }
        '500': { $ref: 'registry-single/brp-500.yaml#/components/responses/500' }
  /personen/{burgerservicenummer}:
    get:
      responses:
        '404': { $ref: 'registry-single/brp-404.yaml#/components/responses/404' }
        '500': { $ref: 'registry-single/brp-500.yaml#/components/responses/500' }
        default: { $ref: 'registry-single/brp-500.yaml#/components/responses/500' }
`,
    errors: [
      ...[
        ['/personen', 'post', '400', '400'],
        ['/personen', 'post', '404', '404'],
        ['/personen/{burgerservicenummer}', 'get', '404', '404'],
      ].map(([path, method, code, file]) => ({
        path: ['paths', path, method, 'responses', code, '$ref'],
        message: `Problem response or schema comes from "registry-single/brp-${file}.yaml", one of 3 documents with one status each ("registry-single/brp-400.yaml", "registry-single/brp-404.yaml" and "registry-single/brp-500.yaml"); all of them must come from one shared registry`,
      })),
      ...['401', '403'].map(code => ({
        path: [
          'paths',
          '/personen',
          'post',
          'responses',
          code,
          'content',
          'application/problem+json',
          'schema',
          '$ref',
        ],
        message:
          'Problem response or schema comes from "registry-single/brp-schemas.yaml", beside 3 documents with one status each ("registry-single/brp-400.yaml", "registry-single/brp-404.yaml" and "registry-single/brp-500.yaml"); all of them must come from one shared registry',
      })),
    ],
  },
  {
    name: 'three documents, one of them serving several statuses: it is the registry, the two others are reported by name',
    document: oas('3.1.0', {
      '400': ref(A, '/components/responses/BadRequest'),
      '404': ref(A, '/components/responses/NotFound'),
      '409': problemSchemaResponse(ref(OTHER, '/components/schemas/Order')),
      '500': ref(B, '/components/responses/UnexpectedError'),
    }),
    errors: [
      { path: [...OP, '409', 'content', P, 'schema', '$ref'], message: comesFrom(OTHER, A) },
      { path: [...OP, '500', '$ref'], message: comesFrom(B, A) },
    ],
  },
  {
    name: 'three documents with one status each, named by what they hold: the message says they are several',
    document: oas('3.1.0', {
      '400': problemSchemaResponse(ref(OTHER, '/components/schemas/Order')),
      '404': ref(A, '/components/responses/NotFound'),
      '500': ref(B, '/components/responses/UnexpectedError'),
    }),
    errors: [
      {
        path: [...OP, '404', '$ref'],
        message: `Problem response or schema comes from "${A}", one of 3 documents with one status each ("${OTHER}", "${A}" and "${B}"); all of them must come from one shared registry`,
      },
      {
        path: [...OP, '500', '$ref'],
        message: `Problem response or schema comes from "${B}", one of 3 documents with one status each ("${OTHER}", "${A}" and "${B}"); all of them must come from one shared registry`,
      },
    ],
  },
  {
    name: 'two error files named by their status: the message says they are several',
    document: `
openapi: 3.0.3
info: { title: BRP Bevragen, version: 2.0.0 }
paths:
  /personen:
    post:
      responses:
        '200': { description: OK }
        '404': { $ref: 'registry-single/brp-404.yaml#/components/responses/404' }
        '500': { $ref: 'registry-single/brp-500.yaml#/components/responses/500' }
`,
    errors: [
      {
        path: ['paths', '/personen', 'post', 'responses', '500', '$ref'],
        message:
          'Problem response or schema comes from "registry-single/brp-500.yaml", one of 2 documents with one status each ("registry-single/brp-404.yaml" and "registry-single/brp-500.yaml"); all of them must come from one shared registry',
      },
    ],
  },
  {
    name: 'two documents with one status each, only one of them named by its status: the first one met is the registry',
    document: `
openapi: 3.0.3
info: { title: BRP Bevragen, version: 2.0.0 }
paths:
  /personen:
    post:
      responses:
        '200': { description: OK }
        '404': { $ref: 'registry-single/brp-404.yaml#/components/responses/404' }
        '500': { $ref: '${B}#/components/responses/UnexpectedError' }
`,
    errors: [
      {
        path: ['paths', '/personen', 'post', 'responses', '500', '$ref'],
        message: comesFrom(B, 'registry-single/brp-404.yaml'),
      },
    ],
  },
  {
    name: "an operation reusing another operation's error response by a local $ref: the other document is counted once",
    document: {
      openapi: '3.1.0',
      info,
      paths: {
        '/orders/{id}': {
          get: {
            responses: {
              '400': ref(B, '/components/responses/UnexpectedError'),
              '404': ref(A, '/components/responses/NotFound'),
            },
          },
          delete: {
            responses: {
              '400': { $ref: '#/paths/~1orders~1{id}/get/responses/400' },
              '404': ref(A, '/components/responses/NotFound'),
            },
          },
        },
      },
    },
    errors: [{ path: [...OP, '400', '$ref'], message: comesFrom(B, A) }],
  },
  {
    name: 'YAML: a $ref whose value follows a comment is seen',
    document: `openapi: 3.1.0
info: { title: Orders API, version: '1' }
paths:
  /orders/{id}:
    get:
      responses:
        '404':
          $ref: # the shared registry
            '${A}#/components/responses/NotFound'
        '500':
          $ref: # the platform's
            '${B}#/components/responses/UnexpectedError'
`,
    errors: [{ path: [...OP, '500', '$ref'], message: comesFrom(B, A) }],
  },
]);

describe('rule problem-registry-single on a multi-file API', () => {
  const run = (name: string, options = {}) => lint(fixtureDocument(`registry-single/${name}`), [CODE], options);

  it('reports the $refs to the minority registry, where they are written', async () => {
    expect(await run('api.yaml')).toEqual([
      {
        code: CODE,
        path: ['components', 'responses', 'Default', '$ref'],
        message: comesFrom('registry-b.yaml', 'registry-a.yaml'),
      },
      {
        code: CODE,
        path: ['paths', '/orders/{id}', 'get', 'responses', '500', '$ref'],
        message: comesFrom('registry-b.yaml', 'registry-a.yaml'),
      },
    ]);
  });

  it('with the registry option, reports every $ref to another document', async () => {
    expect(await run('api.yaml', { registry: 'registry-b.yaml' })).toEqual([
      {
        code: CODE,
        path: ['paths', '/orders', 'get', 'responses', '400', '$ref'],
        message: comesFrom('registry-a.yaml', 'registry-b.yaml'),
      },
      {
        code: CODE,
        path: ['paths', '/orders/{id}', 'delete', 'responses', '404', '$ref'],
        message: comesFrom('registry-a.yaml', 'registry-b.yaml'),
      },
      {
        code: CODE,
        path: ['paths', '/orders/{id}', 'get', 'responses', '404', '$ref'],
        message: comesFrom('registry-a.yaml', 'registry-b.yaml'),
      },
      {
        code: CODE,
        path: ['paths', '/orders/{id}', 'get', 'responses', '409', 'content', P, 'schema', '$ref'],
        message: comesFrom('registry-a.yaml', 'registry-b.yaml'),
      },
    ]);
  });

  it('with a registry option naming a third document, every $ref is a finding', async () => {
    const findings = await run('api.yaml', { registry: 'https://api.example.com/common/problems.yaml' });
    expect(findings).toHaveLength(6);
    expect(new Set(findings.map(f => f.message))).toEqual(
      new Set([
        comesFrom('registry-a.yaml', 'https://api.example.com/common/problems.yaml'),
        comesFrom('registry-b.yaml', 'https://api.example.com/common/problems.yaml'),
      ]),
    );
  });

  it('is silent on an API that uses one registry, through local components too', async () => {
    expect(await run('api-single.yaml')).toEqual([]);
    expect(await run('api-single.yaml', { registry: './registry-a.yaml' })).toEqual([]);
  });

  it('reports the one registry when the option names another', async () => {
    expect(await run('api-single.yaml', { registry: 'registry-b.yaml' })).toEqual([
      {
        code: CODE,
        path: ['components', 'responses', 'NotFound', '$ref'],
        message: comesFrom('registry-a.yaml', 'registry-b.yaml'),
      },
      {
        code: CODE,
        path: ['components', 'schemas', 'Problem', '$ref'],
        message: comesFrom('registry-a.yaml', 'registry-b.yaml'),
      },
      {
        code: CODE,
        path: ['paths', '/orders/{id}', 'get', 'responses', '400', '$ref'],
        message: comesFrom('registry-a.yaml', 'registry-b.yaml'),
      },
      {
        code: CODE,
        path: ['paths', '/orders/{id}', 'get', 'responses', 'default', '$ref'],
        message: comesFrom('registry-a.yaml', 'registry-b.yaml'),
      },
    ]);
  });

  it('is silent on the registry documents themselves', async () => {
    expect(await run('registry-a.yaml')).toEqual([]);
    expect(await run('registry-b.yaml')).toEqual([]);
  });
});
