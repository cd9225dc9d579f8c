/**
 * The parameters of list operations (§4.2-§4.5): path-item and operation parameters merged, their
 * examples, and the names of the list query conventions (limit, offset, cursor, sort, fields).
 * Which parameters page under other names is paging.ts's.
 */
import { Dict, JsonPath, entries, isObject, isString, memo } from './json';
import { Finding, finding } from './rule';
import { typePath } from './problem';
import { Operation } from './openapi';
import { declaredType, flat } from './schema';

/** The parameters of the list query conventions that are not filters. */
export const NOT_FILTERS = new Set(['limit', 'offset', 'cursor', 'sort', 'fields']);
/** The pagination parameters of the conventions (§4.2). */
export const PAGINATION_PARAMETERS = new Set(['limit', 'offset', 'cursor']);

export interface Parameter {
  name: string;
  in: string;
  node: Dict;
  path: JsonPath;
  /** The parameter's schema: `schema` (or its `content` schema) in OpenAPI 3, the parameter itself in Swagger 2.0. */
  schema: unknown;
  schemaPath: JsonPath;
}

/** Path-item parameters overridden by operation parameters of the same name and location. */
export const parametersOf = memo((operation: Operation): Parameter[] => {
  const merged = new Map<string, Parameter>();
  const add = (list: unknown, base: JsonPath): void => {
    if (!Array.isArray(list)) return;
    list.forEach((node, i) => {
      if (!isObject(node) || !isString(node.name) || !isString(node.in)) return;
      const path = [...base, 'parameters', i];
      let schema: unknown = node.schema;
      let schemaPath: JsonPath = [...path, 'schema'];
      if (node.schema === undefined && isObject(node.content)) {
        const [mediaType, media] = Object.entries(node.content)[0] ?? [];
        if (mediaType !== undefined && isObject(media)) {
          schema = media.schema;
          schemaPath = [...path, 'content', mediaType, 'schema'];
        }
      } else if (node.schema === undefined && node.in !== 'body') {
        schema = node;
        schemaPath = path;
      }
      merged.set(`${node.in}:${node.name}`, { name: node.name, in: node.in, node, path, schema, schemaPath });
    });
  };
  add(operation.pathItem.parameters, operation.path.slice(0, 2));
  add(operation.node.parameters, operation.path);
  return [...merged.values()];
});

export const queryParameter = (operation: Operation, name: string): Parameter | undefined =>
  parametersOf(operation).find(p => p.name === name && p.in === 'query') ??
  parametersOf(operation).find(p => p.name === name);

/** Example values of a parameter: `example`, `examples`, and its schema's `example`, `examples` and `default`. */
export function parameterExamples(parameter: Parameter): { value: unknown; path: JsonPath }[] {
  const out: { value: unknown; path: JsonPath }[] = [];
  const { node, path, schema, schemaPath } = parameter;
  if (node.example !== undefined) out.push({ value: node.example, path: [...path, 'example'] });
  if (node['x-example'] !== undefined) out.push({ value: node['x-example'], path: [...path, 'x-example'] });
  for (const [name, example] of entries(node.examples)) {
    if (!isObject(example)) continue;
    if (example.value !== undefined) out.push({ value: example.value, path: [...path, 'examples', name, 'value'] });
    else if (example.dataValue !== undefined)
      out.push({ value: example.dataValue, path: [...path, 'examples', name, 'dataValue'] });
  }
  if (isObject(schema) && schema !== node) {
    if (schema.example !== undefined) out.push({ value: schema.example, path: [...schemaPath, 'example'] });
    if (Array.isArray(schema.examples))
      schema.examples.forEach((value, i) => out.push({ value, path: [...schemaPath, 'examples', i] }));
  }
  if (isObject(schema) && schema.default !== undefined)
    out.push({ value: schema.default, path: [...schemaPath, 'default'] });
  return out;
}

/**
 * Query parameters that are no filters although they page only sometimes: a bare `token` is
 * androidpublisher's page token, or an access token; neither names a field, and neither makes a list.
 */
export const NEVER_FILTERS = new Set(['token']);

/** Whether an operation takes a query parameter of one of these names (as written), or one the predicate accepts. */
export const takes = (operation: Operation, names: Set<string> | ((name: string) => boolean)): boolean =>
  parametersOf(operation).some(
    p => p.in === 'query' && (typeof names === 'function' ? names(p.name) : names.has(p.name)),
  );

/** The `sort` or `fields` parameter of an operation, wherever it is declared but the path. */
export const namedParameter = (operation: Operation, name: string): Parameter | undefined =>
  parametersOf(operation).find(p => p.name === name && p.in !== 'path');

/** A `sort` or `fields` parameter declared outside the query, or not as a string (`expected` says what it should be). */
export function queryStringDefects(p: Parameter, expected: string): Finding[] {
  const results: Finding[] = [];
  if (p.in !== 'query') results.push(finding(`"${p.name}" is in ${p.in}; expected it in query`, [...p.path, 'in']));
  const f = flat(p.schema);
  if (f.known && !f.types.has('string'))
    results.push(
      finding(`"${p.name}" ${declaredType(p.schema)}; expected ${expected}`, typePath(p.schema, p.schemaPath)),
    );
  return results;
}
