/**
 * Builders of the small OpenAPI 3 and Swagger 2.0 documents the rule tests lint. Each returns plain
 * JSON, so that a scenario table still shows the shape of its document: what is written inline is
 * what the scenario is about, the builders fill in the members every document needs.
 */

/** The Problem Details JSON media type (RFC 9457). */
export const PROBLEM_JSON = 'application/problem+json';
/** RFC 9110 on the datatracker: `${RFC9110}#section-15.5.5` is the problem type of a 404. */
export const RFC9110 = 'https://datatracker.ietf.org/doc/html/rfc9110';
/** A traceId of the conventional W3C traceparent form. */
export const TRACE_ID = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

// Documents

/** An info object with the given title, version 1.0.0. */
export const apiInfo = (title: string) => ({ title, version: '1.0.0' });

/** An OpenAPI 3 document: version, info and paths, then any other root members (components, servers…). */
export const openapiDocument = (openapi: string, info: object, paths: unknown, more: Record<string, unknown> = {}) => ({
  openapi,
  info,
  paths,
  ...more,
});

/** A Swagger 2.0 document: info, the root members given (basePath, produces…), then paths. */
export const swaggerDocument = (info: object, root: Record<string, unknown>, paths: unknown) => ({
  swagger: '2.0',
  info,
  ...root,
  paths,
});

/**
 * Builders for tests of the one operation `method path`: documents `oas(version, responses, more?)` and
 * `swagger(responses)` (under `produces`), and `at(code, ...rest)`, the path of a finding in the
 * problem+json body of its response `code`.
 */
export const singleOperation = (info: object, path: string, method: string, produces: string[] = [PROBLEM_JSON]) => ({
  oas: (openapi: string, responses: unknown, more: Record<string, unknown> = {}) =>
    openapiDocument(openapi, info, { [path]: { [method]: { responses } } }, more),
  swagger: (responses: unknown) => swaggerDocument(info, { produces }, { [path]: { [method]: { responses } } }),
  at: (code: string, ...rest: (string | number)[]) => [
    'paths',
    path,
    method,
    'responses',
    code,
    'content',
    PROBLEM_JSON,
    ...rest,
  ],
});

// Responses and Problem Details

/** A response with one body: `description`, and `media` (schema, example…) under `mediaType`. */
export const response = (description: string, mediaType: string, media: unknown) => ({
  description,
  content: { [mediaType]: media },
});

/** An error response of the given description, with a problem+json body (schema: any object) and no example. */
export const errorResponse = (description: string) =>
  response(description, PROBLEM_JSON, { schema: { type: 'object' } });

/** The 400, 404 and 500 responses every operation defines (§7.1). */
export const REQUIRED_ERRORS = {
  '400': errorResponse('Bad Request'),
  '404': errorResponse('Not Found'),
  '500': errorResponse('Internal Server Error'),
};

/** A Problem Details example with `status`, worded as a 404 for order 42; members may be overridden, or dropped with undefined. */
export const problemExample = (status: number, overrides: Record<string, unknown> = {}): Record<string, unknown> => {
  const value: Record<string, unknown> = {
    type: `${RFC9110}#section-15.5.5`,
    title: 'Not Found',
    status,
    detail: 'Order 42 was not found',
    instance: 'GET /orders/42',
    ...overrides,
  };
  for (const key of Object.keys(value)) if (value[key] === undefined) delete value[key];
  return value;
};

/** A problem response whose body (problem+json unless told) has a schema, any object unless told, and one `example`. */
export const problemResponse = (example: unknown, mediaType = PROBLEM_JSON, schema: unknown = { type: 'object' }) =>
  response('Problem', mediaType, { schema, example });

/** A problem response whose body (problem+json unless told) has a schema, any object, and named `examples`. */
export const problemExamplesResponse = (examples: unknown, mediaType = PROBLEM_JSON) =>
  response('Problem', mediaType, { schema: { type: 'object' }, examples });

/** A problem response whose body (problem+json unless told) has a schema only. */
export const problemSchemaResponse = (schema: unknown, mediaType = PROBLEM_JSON) =>
  response('Problem', mediaType, { schema });

/** A Swagger 2.0 problem response: a schema, any object, and examples[application/problem+json]. */
export const swaggerProblemResponse = (example: unknown) => ({
  description: 'Problem',
  schema: { type: 'object' },
  examples: { [PROBLEM_JSON]: example },
});

/** The five base members of a Problem Details schema, each with its JSON type. */
const PROBLEM_MEMBERS = {
  status: { type: 'integer' },
  title: { type: 'string' },
  detail: { type: 'string' },
  type: { type: 'string' },
  instance: { type: 'string' },
};

/** The base members, in the order the conventions list them, as a schema's required list. */
export const PROBLEM_REQUIRED = ['status', 'title', 'detail', 'type', 'instance'];

/** A Problem Details schema: the base members, overridden or extended by `members`, and `required` when given. */
export const problemSchema = (members: Record<string, unknown> = {}, required?: string[]) => ({
  type: 'object',
  ...(required === undefined ? {} : { required }),
  properties: { ...PROBLEM_MEMBERS, ...members },
});

// Lists

/** A 200 response with an application/json body of the given schema. */
export const jsonResponse = (schema: unknown) => ({ description: 'OK', content: { 'application/json': { schema } } });

/** A list envelope: an object whose required "results" array holds `items`, beside any other `properties`. */
export const listEnvelope = (items: unknown = { type: 'object' }, properties: Record<string, unknown> = {}) => ({
  type: 'object',
  required: ['results'],
  properties: { results: { type: 'array', items }, ...properties },
});

/** A 200 response answering a list envelope of `items`. */
export const listPage = (items: unknown = { type: 'object' }) => jsonResponse(listEnvelope(items));

/** A path item with a list operation: a GET taking `parameters` and answering a list page of `items`. */
export const listOperation = (parameters: unknown, items: unknown = { type: 'object' }) => ({
  get: { parameters, responses: { '200': listPage(items) } },
});

/** A query parameter of the given name and schema; `extra` adds members such as example or examples. */
export const queryParameter = (name: string, schema: unknown, extra: Record<string, unknown> = {}) => ({
  name,
  in: 'query',
  schema,
  ...extra,
});

/** The operator filter pattern of the conventions: `[<operator>:]<value>`. */
export const FILTER_PATTERN = '^(eq|ne|gt|lt|gte|lte|in|nin|like|ilike)?:?([^:&]+)$';

/** A filter parameter: a query string with the filter pattern; `extra` adds parameter members, `schema` schema members. */
export const filterParameter = (
  name: string,
  extra: Record<string, unknown> = {},
  schema: Record<string, unknown> = {},
) => queryParameter(name, { type: 'string', pattern: FILTER_PATTERN, ...schema }, extra);

/** A limit parameter as the conventions write it: bounded 1 to 100, default 20. */
export const LIMIT = queryParameter('limit', { type: 'integer', minimum: 1, maximum: 100, default: 20 });
/** An offset parameter as the conventions write it: minimum and default 0. */
export const OFFSET = queryParameter('offset', { type: 'integer', minimum: 0, default: 0 });
/** A cursor parameter: a string. */
export const CURSOR = queryParameter('cursor', { type: 'string' });

/**
 * A list of lab samples, as YAML text, whose `fields` parameter has the given `examples` (a YAML
 * list): examples selecting `colour` (the item has `color`) are findings of list-fields-parameter,
 * one baseline key however many examples name it.
 */
export const samplesFieldsList = (examples: string): string => `openapi: 3.1.0
info: { title: Samples, version: 1.0.0 }
paths:
  /samples:
    get:
      parameters:
        - name: fields
          in: query
          schema:
            type: string
            examples: ${examples}
      responses:
        '200':
          description: A page of samples
          content:
            application/json:
              schema:
                type: object
                required: [results]
                properties:
                  results:
                    type: array
                    items:
                      type: object
                      properties:
                        id: { type: string }
                        color: { type: string }
`;
