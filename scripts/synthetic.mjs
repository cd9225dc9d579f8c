// Synthetic conforming descriptions of any size: `node scripts/synthetic.mjs 1000 > out.json`.
// Each resource has a list, a create, a read, an update and a delete operation, all following the
// conventions, with shared components as real APIs have them; so the ruleset finds nothing and the
// benchmark measures the cost of checking, not of reporting.
import { pathToFileURL } from 'node:url';

const FILTER = '^(eq|ne|gt|lt|gte|lte|in|nin|like|ilike)?:?([^:&]+)$';
const SORT = '^[a-z]+(?:[A-Z][a-z]+)+\\|(?:asc|desc)(?:,[a-z]+(?:[A-Z][a-z]+)*\\|(?:asc|desc))*$';
const TRACE = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
const ERRORS = [
  [400, 'Bad Request', '15.5.1', 'BadRequest'],
  [401, 'Unauthorized', '15.5.2', 'Unauthorized'],
  [403, 'Forbidden', '15.5.4', 'Forbidden'],
  [404, 'Not Found', '15.5.5', 'NotFound'],
  [500, 'Internal Server Error', '15.6.1', 'InternalServerError'],
];

const ref = (kind, name) => ({ $ref: `#/components/${kind}/${name}` });
const errorResponses = () =>
  Object.fromEntries(ERRORS.map(([status, , , name]) => [String(status), ref('responses', name)]));

export function synthetic(operations) {
  const resources = Math.ceil(operations / 5);
  const paths = {};
  const schemas = {
    ProblemDetails: {
      type: 'object',
      required: ['status', 'title', 'detail', 'type', 'instance'],
      properties: {
        status: { type: 'integer' },
        title: { type: 'string' },
        detail: { type: 'string' },
        type: { type: 'string', format: 'uri' },
        instance: { type: 'string' },
        traceId: { type: 'string' },
      },
    },
    PageMetadata: {
      type: 'object',
      properties: { total: { type: 'integer' }, limit: { type: 'integer' }, offset: { type: 'integer' } },
    },
  };
  let count = 0;
  for (let r = 0; r < resources && count < operations; r++) {
    const name = `resource${r}`;
    const item = `Resource${r}`;
    schemas[item] = {
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        createdAt: { type: 'string', format: 'date-time' },
        status: { type: 'string', 'x-extensible-enum': ['ACTIVE', 'RETIRED'] },
        owner: { type: 'object', properties: { name: { type: 'string' } } },
      },
    };
    schemas[`${item}Page`] = {
      type: 'object',
      required: ['results'],
      properties: { results: { type: 'array', items: ref('schemas', item) }, metadata: ref('schemas', 'PageMetadata') },
    };
    const json = schema => ({ 'application/json': { schema } });
    const collection = {};
    const single = { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] };
    const add = (target, method, operation) => {
      if (count >= operations) return;
      target[method] = {
        operationId: `${method}${item}${target === collection ? 's' : ''}`,
        summary: `${method} ${name}`,
        ...operation,
      };
      count++;
    };
    add(collection, 'get', {
      parameters: [
        ref('parameters', 'Limit'),
        ref('parameters', 'Offset'),
        ref('parameters', 'Sort'),
        ref('parameters', 'Fields'),
        { name: 'name', in: 'query', schema: { type: 'string', pattern: FILTER }, example: 'like:Ann*' },
        { name: 'owner.name', in: 'query', schema: { type: 'string', pattern: FILTER }, example: 'in:Ann,Bob' },
      ],
      responses: { 200: { description: 'A page.', content: json(ref('schemas', `${item}Page`)) }, ...errorResponses() },
    });
    add(collection, 'post', {
      requestBody: { content: json(ref('schemas', item)) },
      responses: { 201: { description: 'Created.', content: json(ref('schemas', item)) }, ...errorResponses() },
    });
    add(single, 'get', {
      responses: { 200: { description: 'The resource.', content: json(ref('schemas', item)) }, ...errorResponses() },
    });
    add(single, 'put', {
      requestBody: { content: json(ref('schemas', item)) },
      responses: { 200: { description: 'Updated.', content: json(ref('schemas', item)) }, ...errorResponses() },
    });
    add(single, 'delete', { responses: { 204: { description: 'Deleted.' }, ...errorResponses() } });
    paths[`/platform/synthetic/v1/${name}s`] = collection;
    if (Object.keys(single).length > 1) paths[`/platform/synthetic/v1/${name}s/{id}`] = single;
  }
  const responses = Object.fromEntries(
    ERRORS.map(([status, title, section, name]) => [
      name,
      {
        description: title,
        content: {
          'application/problem+json': {
            schema: ref('schemas', 'ProblemDetails'),
            example: {
              status,
              title,
              detail: `${title}.`,
              type: `https://datatracker.ietf.org/doc/html/rfc9110#section-${section}`,
              instance: 'GET /platform/synthetic/v1/resource0s',
              traceId: TRACE,
            },
          },
        },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: { title: `Synthetic API with ${operations} operations`, version: '1.0.0' },
    servers: [{ url: 'https://api.example.com' }],
    security: [{ oauth2: [] }],
    paths,
    components: {
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: {} } },
        },
      },
      parameters: {
        Limit: { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
        Offset: { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
        Sort: {
          name: 'sort',
          in: 'query',
          schema: { type: 'string', pattern: SORT },
          example: 'createdAt|desc,name|asc',
        },
        Fields: { name: 'fields', in: 'query', schema: { type: 'string' }, example: 'id,name,owner.name' },
      },
      schemas,
      responses,
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(JSON.stringify(synthetic(Number(process.argv[2] ?? 1000)), null, 2));
}
