/**
 * What `fix --unsafe` writes from the shipped registry (registry/problem-details.yaml), written out
 * for the scenario tables' `fixed` documents: the example it adds to a body (error-response-examples),
 * and, for a document without a registry, the responses it copies into it with the ProblemDetails
 * schema they `$ref` (error-responses-required, error-responses-secured). Written out, not read
 * from the registry, so that a change to what fix writes shows in the tables.
 */
import { PROBLEM_JSON, TRACE_ID } from './documents';

/** The ProblemDetails schema of the shipped registry, as fix copies it beside the responses it copies. */
export const PROBLEM_DETAILS_SCHEMA = {
  type: 'object',
  description: 'A Problem Details object (RFC 9457).',
  required: ['status', 'title', 'detail', 'type', 'instance'],
  properties: {
    status: { type: 'integer', description: 'The HTTP status code of the response.', minimum: 400, maximum: 599 },
    title: { type: 'string', description: 'Short name of the status, the standard reason phrase.' },
    detail: { type: 'string', description: 'Explanation of this occurrence of the problem.' },
    type: {
      type: 'string',
      format: 'uri',
      description: 'The problem type; for the standard errors a link to the RFC 9110 section of the status.',
    },
    instance: { type: 'string', description: 'Identifies the request, as "<METHOD> <request path>".' },
    traceId: {
      type: 'string',
      description: 'Lets the provider find the distributed traces and logs of the request.',
      pattern: '^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$',
    },
    errors: {
      type: 'array',
      description: 'The validation errors of one request.',
      items: {
        type: 'object',
        required: ['detail', 'pointer'],
        properties: {
          detail: { type: 'string', description: 'What is wrong with the field.' },
          pointer: { type: 'string', description: 'The field, as "#/<fieldName>".' },
        },
      },
    },
  },
};

const RFC9110_SECTION = 'https://datatracker.ietf.org/doc/html/rfc9110#section-';

/** Each registry response: its code, its description, and its example's title, detail and RFC 9110 section. */
const REGISTRY = {
  BadRequest: {
    status: 400,
    description: 'The request is invalid or incomplete.',
    title: 'Bad Request',
    detail: 'The query parameter limit must be between 1 and 100.',
    section: '15.5.1',
  },
  Unauthorized: {
    status: 401,
    description: 'The access token is not set or is invalid.',
    title: 'Unauthorized',
    detail: 'The access token is not set or is invalid.',
    section: '15.5.2',
  },
  Forbidden: {
    status: 403,
    description: 'The requestor is not authorized for the resource.',
    title: 'Forbidden',
    detail: 'The requestor is not authorized for the resource.',
    section: '15.5.4',
  },
  NotFound: {
    status: 404,
    description: 'The resource was not found.',
    title: 'Not Found',
    detail: 'The resource was not found.',
    section: '15.5.5',
  },
  InternalServerError: {
    status: 500,
    description: 'The server met an unexpected error.',
    title: 'Internal Server Error',
    detail: 'The server met an unexpected error.',
    section: '15.6.1',
  },
};
export type RegistryResponse = keyof typeof REGISTRY;

/** The registry's example of a response (BadRequest's first), its `instance` saying the request fix added it for (`GET /orders`). */
export function registryExample(name: RegistryResponse, instance: string) {
  const { status, title, detail, section } = REGISTRY[name];
  return { status, title, detail, type: `${RFC9110_SECTION}${section}`, instance, traceId: TRACE_ID };
}

/** The registry's BadRequest has two named examples, one invalid item and several; the first is its example. */
const badRequestExamples = (instance: string) => ({
  single: { summary: 'One invalid request item', value: registryExample('BadRequest', instance) },
  multiple: {
    summary: 'Several invalid request items',
    value: {
      ...registryExample('BadRequest', instance),
      detail: 'The request is invalid; errors lists the problems.',
      errors: [
        { detail: 'must not be empty', pointer: '#/type' },
        { detail: 'must be a date', pointer: '#/collectedAt' },
      ],
    },
  },
});

/** OpenAPI 3: a registry response as fix copies it into `components.responses`, every example saying `instance`. */
export const copiedResponse = (name: RegistryResponse, instance: string) => ({
  description: REGISTRY[name].description,
  content: {
    [PROBLEM_JSON]: {
      schema: { $ref: '#/components/schemas/ProblemDetails' },
      ...(name === 'BadRequest'
        ? { examples: badRequestExamples(instance) }
        : { example: registryExample(name, instance) }),
    },
  },
});

/** Swagger 2.0: a registry response as fix copies it into the root `responses`. */
export const swaggerCopiedResponse = (name: RegistryResponse, instance: string) => ({
  description: REGISTRY[name].description,
  schema: { $ref: '#/definitions/ProblemDetails' },
  examples: { [PROBLEM_JSON]: registryExample(name, instance) },
});

/** OpenAPI 3: the `$ref` fix writes for a response it copied (or found) in `components.responses`. */
export const responseRef = (name: RegistryResponse) => ({ $ref: `#/components/responses/${name}` });
/** Swagger 2.0: the `$ref` fix writes for a response it copied (or found) in the root `responses`. */
export const swaggerResponseRef = (name: RegistryResponse) => ({ $ref: `#/responses/${name}` });
