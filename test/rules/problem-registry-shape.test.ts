import { apiInfo, PROBLEM_JSON, problemExample, RFC9110 } from '../__helpers__/documents';
import { Document } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES, fixtureDocument, lint, testRule, toDocument } from '../__helpers__/spectral';
import { SMARTBEAR_REGISTRY } from './smartbear-registry';

const info = apiInfo('Common problem responses');
const P = PROBLEM_JSON;
const CODE = 'problem-registry-shape';
const UE = ['components', 'responses', 'UnexpectedError'];
const UE_MEDIA = [...UE, 'content', P];
const PD = ['components', 'schemas', 'ProblemDetails'];
const DT = RFC9110;
const EXAMPLES_EXPECTED = 'expected examples unauthorized, forbidden, not-found, server-error';
const BASE = 'status, title, detail, type and instance';

/** A named example of a status, its type the RFC 9110 section given. */
const example = (status: number, title: string, section: string) => ({
  value: problemExample(status, { type: `${DT}#section-${section}`, title, detail: 'See the conventions' }),
});
const EXAMPLES = {
  unauthorized: example(401, 'Unauthorized', '15.5.2'),
  forbidden: example(403, 'Forbidden', '15.5.4'),
  'not-found': example(404, 'Not Found', '15.5.5'),
  'server-error': example(500, 'Internal Server Error', '15.6.1'),
};
const PROBLEM_DETAILS = {
  type: 'object',
  required: ['type', 'title', 'status', 'detail', 'instance'],
  properties: {
    type: { type: 'string', format: 'uri-reference' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    instance: { type: 'string' },
    traceId: { type: 'string' },
  },
};
const PD_REF = { $ref: '#/components/schemas/ProblemDetails' };
const UNEXPECTED_ERROR = {
  description: 'An unexpected error occurred.',
  content: { [P]: { schema: PD_REF, examples: EXAMPLES } },
};
const NOT_FOUND = {
  description: 'The resource was not found.',
  content: { [P]: { schema: PD_REF, example: EXAMPLES['not-found'].value } },
};

/**
 * A registry document: components only, as the shared components file of §2.3. The responses and
 * schemas given replace those of a conforming registry; one given as undefined is left out.
 */
const registry = (
  { responses = {}, schemas = {} }: { responses?: Record<string, unknown>; schemas?: Record<string, unknown> } = {},
  openapi = '3.1.0',
) => ({
  openapi,
  info,
  ...(openapi.startsWith('3.0') ? { paths: {} } : {}),
  components: {
    responses: { NotFound: NOT_FOUND, UnexpectedError: UNEXPECTED_ERROR, ...responses },
    schemas: { ProblemDetails: PROBLEM_DETAILS, ...schemas },
  },
});
const LACKS = 'expected the NotFound and UnexpectedError responses and the ProblemDetails schema';
const unexpected = (patch: Record<string, unknown>) => ({ ...UNEXPECTED_ERROR, ...patch });
const unexpectedMedia = (patch: Record<string, unknown>) =>
  unexpected({ content: { [P]: { schema: PD_REF, examples: EXAMPLES, ...patch } } });

testRule('problem-registry-shape', [
  {
    name: 'OpenAPI 3.1: a registry as the conventions describe it',
    document: registry(),
    errors: [],
  },
  {
    name: 'OpenAPI 3.0 and a registry with only one of the two responses: one finding at components naming what it lacks',
    document: registry({ responses: { NotFound: undefined } }, '3.0.3'),
    errors: [{ path: ['components'], message: `Registry has no NotFound response; ${LACKS}` }],
  },
  {
    name: "SmartBear's registry, which has no UnexpectedError: one finding at components naming it; its ProblemDetails is judged as problem-details-schema judges",
    document: SMARTBEAR_REGISTRY,
    errors: [
      { path: ['components'], message: `Registry has no UnexpectedError response; ${LACKS}` },
      {
        path: [...PD, 'properties'],
        message: `Problem schema does not declare "status" and "type"; expected ${BASE} (status: integer, type: string)`,
      },
      {
        path: [...PD, 'required'],
        message: `Problem members "title" and "instance" are not required; expected ${BASE} in required`,
      },
    ],
  },
  {
    name: 'OpenAPI 3.2: a registry with only NotFound',
    document: registry({ responses: { UnexpectedError: undefined } }, '3.2.0'),
    errors: [{ path: ['components'], message: `Registry has no UnexpectedError response; ${LACKS}` }],
  },
  {
    name: 'a document that is not a registry is not checked',
    document: {
      openapi: '3.1.0',
      info,
      paths: {},
      components: { responses: { Conflict: { description: 'x' } }, schemas: { ProblemDetails: { type: 'string' } } },
    },
    errors: [],
  },
  {
    name: 'UnexpectedError with another description, or none',
    document: registry({
      responses: { UnexpectedError: unexpected({ description: 'Unexpected error' }), NotFound: NOT_FOUND },
    }),
    errors: [
      {
        path: [...UE, 'description'],
        message: 'UnexpectedError description is "Unexpected error"; expected "An unexpected error occurred."',
      },
    ],
  },
  {
    name: 'UnexpectedError without a description',
    document: registry({ responses: { UnexpectedError: unexpected({ description: undefined }) } }),
    errors: [{ path: UE, message: 'UnexpectedError description is missing; expected "An unexpected error occurred."' }],
  },
  {
    name: 'UnexpectedError served as application/json',
    document: registry({
      responses: {
        UnexpectedError: unexpected({ content: { 'application/json': { schema: PD_REF, examples: EXAMPLES } } }),
      },
    }),
    errors: [
      {
        path: [...UE, 'content'],
        message: 'UnexpectedError has no application/problem+json body; expected one with the ProblemDetails schema',
      },
    ],
  },
  {
    name: 'UnexpectedError without content',
    document: registry({ responses: { UnexpectedError: unexpected({ content: undefined }) } }),
    errors: [
      {
        path: UE,
        message: 'UnexpectedError has no application/problem+json body; expected one with the ProblemDetails schema',
      },
    ],
  },
  {
    name: 'the problem media type is compared without case and parameters',
    document: registry({
      responses: {
        UnexpectedError: unexpected({
          content: { 'application/problem+json; charset=utf-8': { schema: PD_REF, examples: EXAMPLES } },
        }),
      },
    }),
    errors: [],
  },
  {
    name: 'UnexpectedError with an inline copy of the schema instead of the $ref',
    document: registry({
      responses: {
        UnexpectedError: unexpectedMedia({ schema: PROBLEM_DETAILS }),
        NotFound: NOT_FOUND,
      },
    }),
    errors: [
      {
        path: [...UE_MEDIA, 'schema'],
        message:
          'UnexpectedError body schema is not ProblemDetails; expected $ref: "#/components/schemas/ProblemDetails"',
      },
    ],
  },
  {
    name: 'UnexpectedError without a schema',
    document: registry({ responses: { UnexpectedError: unexpectedMedia({ schema: undefined }) } }),
    errors: [
      {
        path: UE_MEDIA,
        message:
          'UnexpectedError body schema is not ProblemDetails; expected $ref: "#/components/schemas/ProblemDetails"',
      },
    ],
  },
  {
    name: 'UnexpectedError with a $ref to a schema of another name is reported at the body, not at that schema',
    document: registry({
      responses: { UnexpectedError: unexpectedMedia({ schema: { $ref: '#/components/schemas/Error' } }) },
      schemas: { ProblemDetails: PROBLEM_DETAILS, Error: PROBLEM_DETAILS },
    }),
    errors: [
      {
        path: UE_MEDIA,
        message:
          'UnexpectedError body schema is not ProblemDetails; expected $ref: "#/components/schemas/ProblemDetails"',
      },
    ],
  },
  {
    name: 'UnexpectedError without some of the four examples',
    document: registry({
      responses: {
        UnexpectedError: unexpectedMedia({
          examples: {
            unauthorized: EXAMPLES.unauthorized,
            forbidden: EXAMPLES.forbidden,
            notFound: EXAMPLES['not-found'],
          },
        }),
      },
    }),
    errors: [
      {
        path: ['components', 'responses', 'UnexpectedError', 'content', 'application/problem+json', 'examples'],
        message:
          'UnexpectedError has no examples "not-found" and "server-error"; expected examples unauthorized, forbidden, not-found, server-error',
      },
    ],
  },
  {
    name: 'UnexpectedError without one of the four examples: the message names it alone',
    document: registry({
      responses: {
        UnexpectedError: unexpectedMedia({
          examples: {
            unauthorized: EXAMPLES.unauthorized,
            forbidden: EXAMPLES.forbidden,
            'not-found': EXAMPLES['not-found'],
          },
        }),
      },
    }),
    errors: [
      {
        path: [...UE_MEDIA, 'examples'],
        message: `UnexpectedError has no "server-error" example; ${EXAMPLES_EXPECTED}`,
      },
    ],
  },
  {
    name: 'UnexpectedError with a single example instead of named examples',
    document: registry({
      responses: { UnexpectedError: unexpectedMedia({ examples: undefined, example: EXAMPLES['server-error'].value }) },
    }),
    errors: [
      {
        path: ['components', 'responses', 'UnexpectedError', 'content', 'application/problem+json'],
        message:
          'UnexpectedError has no examples "unauthorized", "forbidden", "not-found" and "server-error"; expected examples unauthorized, forbidden, not-found, server-error',
      },
    ],
  },
  {
    name: 'named examples given by $ref and externalValue count',
    document: {
      openapi: '3.1.0',
      info,
      components: {
        responses: {
          NotFound: NOT_FOUND,
          UnexpectedError: unexpectedMedia({
            examples: {
              unauthorized: { $ref: '#/components/examples/Unauthorized' },
              forbidden: { externalValue: 'https://example.com/examples/forbidden.json' },
              'not-found': EXAMPLES['not-found'],
              'server-error': EXAMPLES['server-error'],
            },
          }),
        },
        schemas: { ProblemDetails: PROBLEM_DETAILS },
        examples: { Unauthorized: EXAMPLES.unauthorized },
      },
    },
    errors: [],
  },
  {
    name: 'NotFound without a Problem Details body',
    document: registry({
      responses: {
        NotFound: { description: 'Not Found', content: { 'application/json': { schema: PD_REF } } },
        UnexpectedError: UNEXPECTED_ERROR,
      },
    }),
    errors: [
      {
        path: ['components', 'responses', 'NotFound'],
        message: 'NotFound has no Problem Details body; expected the 404 response with application/problem+json',
      },
    ],
  },
  {
    name: 'NotFound without content',
    document: registry({ responses: { NotFound: { description: 'Not Found' } } }),
    errors: [
      {
        path: ['components', 'responses', 'NotFound'],
        message: 'NotFound has no Problem Details body; expected the 404 response with application/problem+json',
      },
    ],
  },
  {
    name: 'NotFound served as application/problem+xml is a problem response',
    document: registry({
      responses: { NotFound: { description: 'Not Found', content: { 'application/problem+xml': { schema: PD_REF } } } },
    }),
    errors: [],
  },
  {
    name: 'a ProblemDetails schema that misses base members',
    document: registry({
      schemas: {
        ProblemDetails: {
          type: 'object',
          required: ['type', 'title', 'status'],
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'string' },
            detail: { type: 'string' },
          },
        },
      },
    }),
    errors: [
      {
        path: [...PD, 'properties', 'status', 'type'],
        message: 'Problem member "status" is of type string; expected integer',
      },
      { path: [...PD, 'required'], message: `Problem member "detail" is not required; expected ${BASE} in required` },
      {
        path: [...PD, 'properties'],
        message: `Problem schema does not declare "instance"; expected ${BASE} (instance: string)`,
      },
    ],
  },
  {
    name: 'a ProblemDetails schema that is not an object',
    document: registry({ schemas: { ProblemDetails: { type: 'string' } } }),
    errors: [{ path: [...PD, 'type'], message: 'Problem schema is of type string; expected an object' }],
  },
  {
    name: 'a ProblemDetails schema built with allOf passes',
    document: registry({
      schemas: {
        ProblemDetails: {
          allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { traceId: { type: 'string' } } }],
        },
        Base: PROBLEM_DETAILS,
      },
    }),
    errors: [],
  },
  {
    name: 'Swagger 2.0 has no registry of this shape and is not checked',
    document: {
      swagger: '2.0',
      info,
      paths: {},
      responses: { NotFound: { description: 'Not Found' }, UnexpectedError: { description: 'Oops' } },
      definitions: { ProblemDetails: { type: 'string' } },
    },
    errors: [],
  },
  {
    name: 'odd inputs (null responses, components of the wrong type) do not crash the rule',
    document: {
      openapi: '3.1.0',
      info,
      components: {
        responses: {
          NotFound: { description: 'x', content: null },
          UnexpectedError: {
            description: 'An unexpected error occurred.',
            content: { [P]: { schema: null, examples: [1] } },
          },
        },
        schemas: {
          ProblemDetails: { $ref: '#/components/schemas/Base' },
          Base: { type: 'object', properties: null, required: 'x' },
        },
      },
    },
    errors: [
      {
        path: ['components', 'responses', 'NotFound'],
        message: 'NotFound has no Problem Details body; expected the 404 response with application/problem+json',
      },
      {
        path: ['components', 'responses', 'UnexpectedError', 'content', 'application/problem+json', 'schema'],
        message:
          'UnexpectedError body schema is not ProblemDetails; expected $ref: "#/components/schemas/ProblemDetails"',
      },
      {
        path: ['components', 'responses', 'UnexpectedError', 'content', 'application/problem+json'],
        message:
          'UnexpectedError has no examples "unauthorized", "forbidden", "not-found" and "server-error"; expected examples unauthorized, forbidden, not-found, server-error',
      },
      {
        path: ['components', 'schemas', 'Base'],
        message:
          'Problem schema does not declare "status", "title", "detail", "type" and "instance"; expected status, title, detail, type and instance (status: integer, title: string, detail: string, type: string, instance: string)',
      },
    ],
  },
  {
    name: 'odd inputs (responses null, a response that is a string) are not a registry',
    document: {
      openapi: '3.1.0',
      info,
      components: { responses: { NotFound: 'x', UnexpectedError: null }, schemas: null },
    },
    errors: [],
  },
  {
    name: 'components null',
    document: { openapi: '3.1.0', info, paths: {}, components: null },
    errors: [],
  },
  {
    name: 'an API that defines its own NotFound (as giphy.com does) is no registry: not checked',
    document: `
openapi: 3.0.0
info: { title: Gifs, version: 1.0.0 }
paths:
  /gifs/{id}:
    get:
      responses:
        '200': { description: A gif }
        '404': { $ref: '#/components/responses/NotFound' }
components:
  responses:
    NotFound:
      description: Not Found
      content:
        application/json:
          schema: { type: object, properties: { message: { type: string } } }
`,
    errors: [],
  },
  {
    name: 'with the registry option, the named document is the registry even with operations',
    options: { registry: 'inline.yaml' },
    document: `
openapi: 3.0.0
info: { title: Gifs, version: 1.0.0 }
paths:
  /gifs/{id}:
    get:
      responses:
        '200': { description: A gif }
components:
  responses:
    NotFound:
      description: Not Found
`,
    errors: [
      {
        path: ['components', 'responses', 'NotFound'],
        message: 'NotFound has no Problem Details body; expected the 404 response with application/problem+json',
      },
      { path: ['components'], message: `Registry has no UnexpectedError response or ProblemDetails schema; ${LACKS}` },
    ],
  },
  {
    name: 'with registry: registry.yaml, a document named my-registry.yaml is not the registry',
    options: { registry: 'registry.yaml' },
    document: toDocument(
      `
openapi: 3.0.0
info: { title: Gifs, version: 1.0.0 }
paths:
  /gifs/{id}:
    get:
      responses:
        '200': { description: A gif }
components:
  responses:
    NotFound:
      description: Not Found
`,
      join(FIXTURES, 'my-registry.yaml'),
    ),
    errors: [],
  },
]);

describe('rule problem-registry-shape on the registry fixtures', () => {
  const missingExamples = {
    code: CODE,
    path: UE_MEDIA,
    message: `UnexpectedError has no examples "unauthorized", "forbidden", "not-found" and "server-error"; ${EXAMPLES_EXPECTED}`,
  };
  /** registry-b.yaml holds UnexpectedError and ProblemDetails, not NotFound. */
  const missingNotFound = { code: CODE, path: ['components'], message: `Registry has no NotFound response; ${LACKS}` };
  it('with the registry option written with leading ../ and ./ (as $refs write it), the named fixture is the registry', async () => {
    const registryB = fixtureDocument('registry-single/registry-b.yaml');
    for (const written of [
      '../../registry-single/registry-b.yaml',
      './registry-b.yaml',
      '.././registry-single/registry-b.yaml',
    ]) {
      expect(await lint(registryB, [CODE], { registry: written })).toEqual([missingExamples, missingNotFound]);
    }
  });
  it('with the registry option, a document linted from text without a source is not the registry', async () => {
    const text = readFileSync(join(FIXTURES, 'registry-single/registry-b.yaml'), 'utf8');
    expect(
      await lint(new Document(text, Parsers.Yaml) as unknown as Document, [CODE], { registry: 'registry-b.yaml' }),
    ).toEqual([]);
  });
  it('with the registry option ./registry-b.yaml, a document whose source is the bare file name is the registry', async () => {
    const text = readFileSync(join(FIXTURES, 'registry-single/registry-b.yaml'), 'utf8');
    const document = new Document(text, Parsers.Yaml, 'registry-b.yaml') as unknown as Document;
    expect(await lint(document, [CODE], { registry: './registry-b.yaml' })).toEqual([missingExamples, missingNotFound]);
  });

  it('passes the shared registry fixture', async () => {
    expect(await lint(fixtureDocument('registry-single/registry-a.yaml'), [CODE])).toEqual([]);
  });
  it('reports the missing examples of a second registry fixture', async () => {
    expect(await lint(fixtureDocument('registry-single/registry-b.yaml'), [CODE])).toEqual([
      {
        code: CODE,
        path: UE_MEDIA,
        message: `UnexpectedError has no examples "unauthorized", "forbidden", "not-found" and "server-error"; ${EXAMPLES_EXPECTED}`,
      },
      missingNotFound,
    ]);
  });
});
