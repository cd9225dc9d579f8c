/**
 * List operations (§4.1): detection, the listed item, merged parameters and their examples, and the
 * grammars of filter, sort and fields values (§4.3-§4.5).
 *
 * Offers, to the list-* rules and options.ts: `listOperations` (with `ListDetection` overrides),
 * `listShape`, `answersOneObject`, `ListOperation`; parameters: `Parameter`, `parametersOf`,
 * `queryParameter`, `namedParameter`, `parameterExamples`, `filtersOf`; the listed item's fields:
 * `hasField`, `knowsFields`, `unknownFields`; `listsUsing` (the lists taking each parameter); values: `FILTER_PATTERN`, `SORT_PATTERN`,
 * `FIELDS_GRAMMAR`, `OPERATORS`, `RESERVED`, `PAGINATION`, `PAGING`, `queryStringDefects`,
 * `filterValueDefect`, `stringExamples`, `fieldList`, `sortFields`, `selectedFields`,
 * `examplesForList`; `LIST_OPTIONS`/`ListOptions` (the options the list rules read).
 */
import { Dict, JsonPath, Seen, entries, idOf, isObject, isString, memo, refName, writtenRef } from './json';
import { Finding, finding } from './rule';
import { typePath } from './problem';
import {
  OpenApiDocument,
  Operation,
  Response,
  bodiesOf,
  effectiveProduces,
  isJsonMediaType,
  responsesOf,
} from './openapi';
import { FlatSchema, declaredType, flat, isObjectSchema } from './schema';

/** §4.3.2: the value pattern of a filter parameter. */
export const FILTER_PATTERN = '^(eq|ne|gt|lt|gte|lte|in|nin|like|ilike)?:?([^:&]+)$';
/** §4.4.3: the value pattern of `sort`, as the conventions write it. */
export const SORT_PATTERN = '^[a-z]+(?:[A-Z][a-z]+)+\\|(?:asc|desc)(?:,[a-z]+(?:[A-Z][a-z]+)*\\|(?:asc|desc))*$';
/** §4.5: camelCase names, dot-separated for nesting, comma-separated. */
const NAME = '[a-z][a-zA-Z0-9]*(?:\\.[a-z][a-zA-Z0-9]*)*';
export const FIELDS_GRAMMAR = new RegExp(`^(?:${NAME}(?:,${NAME})*)?$`);

export const OPERATORS = ['eq', 'ne', 'gt', 'lt', 'gte', 'lte', 'in', 'nin', 'like', 'ilike'];
/** The parameters of the list query conventions that are not filters. */
export const RESERVED = new Set(['limit', 'offset', 'cursor', 'sort', 'fields']);
/** The pagination parameters of the conventions (§4.2). */
export const PAGINATION = new Set(['limit', 'offset', 'cursor']);

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

export interface ListOperation {
  operation: Operation;
  response: Response;
  /** The response schema: an envelope object, or a bare array. */
  schema: unknown;
  schemaPath: JsonPath;
  /** True when the response is a bare array rather than an envelope. */
  bare: boolean;
  /** The array property that holds the items when it is not `results` (`data`, `items`…): a list in the wrong envelope. */
  wrapped?: string;
  /** A paged GET (limit with offset or cursor) that declares a single object with no array: its envelope is missing. */
  unwrapped?: boolean;
  /** The listed item's schema (items of `results`, or of the array), when known. */
  items: unknown;
  itemsPath: JsonPath | undefined;
}

/** The 200 response, else the first 2xx, with its JSON schema. */
function successSchema(
  doc: OpenApiDocument,
  operation: Operation,
): { response: Response; schema: unknown; schemaPath: JsonPath } | undefined {
  const responses = responsesOf(operation);
  const response = responses.find(r => r.code === '200') ?? responses.find(r => /^2(?:\d\d|XX)$/i.test(r.code));
  if (response === undefined) return undefined;
  if (doc.spec === 2) {
    // Swagger 2.0: the operation's produces decides whether the body is JSON (none declared: JSON).
    const { values } = effectiveProduces(doc, operation);
    const json = values.length === 0 || values.some(isJsonMediaType);
    return response.node.schema === undefined || !json
      ? undefined
      : { response, schema: response.node.schema, schemaPath: [...response.path, 'schema'] };
  }
  const body = bodiesOf(doc, response).find(b => isJsonMediaType(b.mediaType) && b.schema !== undefined);
  return body && { response, schema: body.schema, schemaPath: body.schemaPath };
}

/**
 * Paging parameters (docs/rules/list-pagination-parameters.md): limit, offset, cursor, and the names
 * real APIs page with (compared as written). Never filters; list-pagination-parameters asks for limit
 * with offset or cursor instead.
 */
export const PAGING = new Set([
  'limit',
  'offset',
  'cursor',
  'page',
  'pageSize',
  'page_size',
  'per_page',
  'perPage',
  'size',
  'skip',
  'top',
  '$skip',
  '$top',
  'pageToken',
  'page_token',
  'nextToken',
  'next_token',
  'continuationToken',
  'marker',
  'after',
  'before',
  'pageNumber',
  'page_number',
  'startIndex',
  'start_index',
  'maxResults',
  'max_results',
  'maxCount',
  'maxItems',
  // Seen paging real lists: Mailchimp's count (with offset), Stripe's starting_after and
  // ending_before, Jira's startAt.
  'count',
  'starting_after',
  'ending_before',
  'startAt',
  'start_at',
]);

/**
 * Query parameters that are no filters although they page only sometimes: a bare `token` is
 * androidpublisher's page token, or an access token; neither names a field, and neither makes a list.
 */
const NEVER_FILTERS = new Set(['token']);

const takes = (operation: Operation, names: Set<string>): boolean =>
  parametersOf(operation).some(p => p.in === 'query' && names.has(p.name));

/** An identifier of the object's own: `id`, or a name ending in `Id` or `_id`. */
const hasOwnId = (f: FlatSchema): boolean =>
  [...f.properties.keys()].some(name => name === 'id' || /(?:Id|_id)$/.test(name));

const arrayProperty = (f: FlatSchema, name: string) => {
  const property = f.properties.get(name);
  if (property === undefined) return undefined;
  const a = flat(property.schema);
  // An array, or a schema with `items` and no type (Asana's `data: {items: …}`).
  return a.known && (a.types.has('array') || (a.types.size === 0 && a.items !== undefined))
    ? { property, a }
    : undefined;
};

/**
 * The last segment of a path key holds a path parameter (`/orders/{orderId}`, hhs.gov's
 * `/resources/languages/{id}.json`): it names one resource.
 */
const endsInParameter = (pathKey: string): boolean => /\/[^/]*\{[^}/]+\}[^/]*$/.test(pathKey.split(/[?#]/)[0]);

/**
 * Arrays beside a collection's items, never the items themselves: links (HAL's and JSON:API's
 * `_links`, `links`), JSON:API's `included` resources, and `warnings` or `errors` (eBay's paged
 * listings carry `warnings`).
 */
const SIDE_ARRAYS = new Set(['_links', 'links', 'included', 'warnings', 'errors']);

/**
 * An array that can hold the items of a collection: not links, and not of scalars (flinkster's
 * `providerNetworkIds` beside `_links` in one area is part of that area).
 */
const itemsArray = (name: string, found: NonNullable<ReturnType<typeof arrayProperty>>): boolean => {
  if (SIDE_ARRAYS.has(name)) return false;
  const items = found.a.items === undefined ? undefined : flat(found.a.items.schema);
  return !(items?.known && items.types.size > 0 && [...items.types].every(type => SCALAR.has(type)));
};
const SCALAR = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * A property that is an object holding an array of items (a list one level down), or one that cannot
 * be read (an unresolved `$ref`, which may hold the items: no finding rests on it).
 */
const nestsItems = (f: FlatSchema): boolean =>
  [...f.properties.keys()].some(name => {
    const inner = flat(f.properties.get(name)!.schema);
    return (
      !inner.known ||
      (!inner.types.has('array') &&
        [...inner.properties.keys()].some(key => {
          const found = arrayProperty(inner, key);
          return found !== undefined && itemsArray(key, found);
        }))
    );
  });

/** The last literal segment of a path key: `gateways` for `/v1/{parent}/gateways`. */
const lastLiteral = (pathKey: string): string | undefined =>
  pathKey
    .split(/[?#]/)[0]
    .split('/')
    .filter(segment => segment !== '' && !segment.includes('{'))
    .pop();

const pagesWithLimit = (operation: Operation): boolean =>
  takes(operation, new Set(['limit'])) && takes(operation, new Set(['offset', 'cursor']));

/**
 * How an operation's success response reads as a list, whatever its method (docs/rules/list-response-envelope.md,
 * "Which operations are lists"): a bare array; an object with an array `results`, unless it declares an
 * identifier of its own and takes no limit, offset or cursor (a single resource that holds results); an
 * object with one array property under another name, or several of which exactly one is named after
 * the path's last literal segment, when the operation takes a paging parameter (a list in the wrong
 * envelope); or, when it takes limit with offset or cursor, an object with no array (the envelope is
 * missing). A path ending in a path parameter names one resource unless the operation pages.
 */
export function listShape(doc: OpenApiDocument, operation: Operation): ListOperation | undefined {
  const success = successSchema(doc, operation);
  if (success === undefined) return undefined;
  const f = flat(success.schema);
  if (!f.known) return undefined;
  const paged = takes(operation, PAGING);
  // `GET /orders/{orderId}` answering an array typed by mistake is still one order.
  if (!paged && endsInParameter(operation.pathKey)) return undefined;
  if (f.types.has('array')) {
    return {
      operation,
      ...success,
      bare: true,
      items: f.items?.schema,
      itemsPath: f.items && [...success.schemaPath, ...f.items.path],
    };
  }
  const inEnvelope = (name: string, found: NonNullable<ReturnType<typeof arrayProperty>>, wrapped?: string) => {
    const path = [...success.schemaPath, ...found.property.path];
    return {
      operation,
      ...success,
      bare: false,
      ...(wrapped === undefined ? {} : { wrapped }),
      items: found.a.items?.schema,
      itemsPath: found.a.items && [...path, ...found.a.items.path],
    };
  };
  const results = arrayProperty(f, 'results');
  if (results !== undefined) {
    if (hasOwnId(f) && !takes(operation, PAGINATION)) return undefined;
    return inEnvelope('results', results);
  }
  if (f.properties.has('results') || !paged) return undefined;
  const arrays = [...f.properties.keys()].flatMap(name => {
    const found = arrayProperty(f, name);
    return found && itemsArray(name, found) ? [[name, found] as const] : [];
  });
  // Google's `{gateways: [], unreachable: []}` under `/v1/{parent}/gateways`: the array named after the collection.
  const segment = lastLiteral(operation.pathKey);
  const named = arrays.length === 1 ? arrays : arrays.filter(([name]) => name === segment);
  if (named.length === 1) return inEnvelope(named[0][0], named[0][1], named[0][0]);
  // A GET paged by limit with offset or cursor that declares one object (its own arrays, such as
  // `_links`, hold no items of the collection): the envelope is missing. Not when the path names one
  // resource (Asana's shared limit and offset on `/tags/{tag_gid}`), nor when a property nests the
  // items one level down (Spotify's `{albums: {items: […]}}`).
  return pagesWithLimit(operation) &&
    isObjectSchema(success.schema) &&
    !endsInParameter(operation.pathKey) &&
    !nestsItems(f)
    ? { operation, ...success, bare: false, unwrapped: true, items: undefined, itemsPath: undefined }
    : undefined;
}

/**
 * Whether an operation's success answer is known to be one object holding no collection's items
 * (a create or a resize answering the created thing; Google's `watch` answering a Channel): not a
 * list, and no array of items beside other members. An answer that cannot be read (no JSON body,
 * eBay's wildcard media type) is not known to be one.
 */
export function answersOneObject(doc: OpenApiDocument, operation: Operation): boolean {
  // A paged answer of one object with no array (`unwrapped`) reads as a list for a GET only.
  const shape = listShape(doc, operation);
  if (shape !== undefined && shape.unwrapped !== true) return false;
  const success = successSchema(doc, operation);
  if (success === undefined) return false;
  const f = flat(success.schema);
  return (
    f.known &&
    !f.types.has('array') &&
    f.properties.size > 0 &&
    ![...f.properties.keys()].some(name => {
      const found = arrayProperty(f, name);
      return found !== undefined && itemsArray(name, found);
    })
  );
}

/** A platform's overrides of list detection: operations named by operationId or "METHOD /path". */
export interface ListDetection {
  include?: string[];
  exclude?: string[];
}

const names = (operation: Operation): string[] => [
  `${operation.method.toUpperCase()} ${operation.pathKey}`,
  ...(typeof operation.node.operationId === 'string' ? [operation.node.operationId] : []),
];

const detected = new WeakMap<OpenApiDocument, Map<string, ListOperation[]>>();

/**
 * List operations (§4.1): a GET whose 200 (else first 2xx) JSON response is an array, or an object
 * with an array `results`. `x-list-operation: true|false` on the operation always wins; then the
 * platform's `include`/`exclude` overrides; then detection. Computed once per document and overrides.
 */
export function listOperations(doc: OpenApiDocument, detection: ListDetection = {}): ListOperation[] {
  const key = JSON.stringify([detection.include ?? [], detection.exclude ?? []]);
  let byOverrides = detected.get(doc);
  if (byOverrides === undefined) detected.set(doc, (byOverrides = new Map<string, ListOperation[]>()));
  let found = byOverrides.get(key);
  if (found === undefined) byOverrides.set(key, (found = detect(doc, detection)));
  return found;
}

function detect(doc: OpenApiDocument, detection: ListDetection): ListOperation[] {
  const include = new Set(detection.include ?? []);
  const exclude = new Set(detection.exclude ?? []);
  return doc.operations.flatMap(operation => {
    let marked = operation.node['x-list-operation'];
    if (marked !== true && marked !== false) {
      const named = names(operation);
      if (named.some(name => exclude.has(name))) marked = false;
      else if (named.some(name => include.has(name))) marked = true;
    }
    if (marked === false || (marked !== true && operation.method !== 'get')) return [];
    const shape = listShape(doc, operation);
    if (shape) return [shape];
    if (marked !== true) return [];
    const success = successSchema(doc, operation);
    return success ? [{ operation, ...success, bare: false, items: undefined, itemsPath: undefined }] : [];
  });
}

/** The options of every rule that looks at list operations. */
export interface ListOptions {
  listDetection: ListDetection;
}

const operationNames = { type: 'array', items: { type: 'string', minLength: 1 } };

/** The options schema of the list rules (one object, so that it is compiled once). */
export const LIST_OPTIONS = {
  type: ['object', 'null'],
  properties: {
    listDetection: {
      type: 'object',
      properties: { include: operationNames, exclude: operationNames },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

/** Whether a dot path (`specimen.collectedBy`) names a field of a schema, through nested objects and arrays. */
export function hasField(schema: unknown, dotted: string): boolean {
  let node: unknown = schema;
  for (const segment of dotted.split('.')) {
    let f = flat(node);
    if (!f.known) return true;
    if (f.types.has('array') && f.items) f = flat(f.items.schema);
    if (!f.known) return true;
    const property = f.properties.get(segment);
    if (property === undefined) return false;
    node = property.schema;
  }
  return true;
}

/** Whether the listed item's fields can be checked at all: a known object schema with properties. */
export const knowsFields = (schema: unknown): boolean => flat(schema).known && flat(schema).properties.size > 0;

/** The names that are not fields of the listed item; none when its fields are unknown. */
export const unknownFields = (items: unknown, names: string[]): string[] =>
  knowsFields(items) ? names.filter(name => !hasField(items, name)) : [];

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

/** A parameter's string examples, each checked once per listed item (a shared parameter serves many lists). */
export const stringExamples = (p: Parameter, list: ListOperation, seen: Seen): { value: string; path: JsonPath }[] =>
  parameterExamples(p).filter(
    (example): example is { value: string; path: JsonPath } =>
      isString(example.value) && seen.first(p.node, `example ${example.path.join('/')} ${idOf(list.items)}`),
  );

export const fieldList = (schema: unknown, max = 8): string => {
  const names = [...flat(schema).properties.keys()];
  return names.slice(0, max).join(', ') + (names.length > max ? ', …' : '');
};

/** Why a filter value breaks the `[<operator>:]<value>` grammar (§4.3), or undefined when it follows it. */
export function filterValueDefect(value: string): string | undefined {
  const colon = value.indexOf(':');
  const operator = colon >= 0 ? value.slice(0, colon) : undefined;
  const operand = colon >= 0 ? value.slice(colon + 1) : value;
  if (operator !== undefined && !OPERATORS.includes(operator))
    return `"${operator}" is not an operator (${OPERATORS.join(', ')})`;
  if (!/^[^:&]+$/.test(operand)) return 'the value after the operator must be non-empty and contain no ":" or "&"';
  if ((operator === 'in' || operator === 'nin') && operand.split(',').some(item => item.trim() === '')) {
    return `${operator}: takes a comma-separated list without empty items`;
  }
  if ((operator === 'like' || operator === 'ilike') && /[%]/.test(operand))
    return `${operator}: uses * as its wildcard, not %`;
  return undefined;
}

/** The field names a sort value orders by. */
export const sortFields = (value: string): string[] => value.split(',').map(entry => entry.split('|')[0]);

/** The field names a fields value selects. */
export const selectedFields = (value: string): string[] => (value === '' ? [] : value.split(','));

/**
 * The filters of a list operation (docs/rules/list-filter-parameters.md): its query parameters other
 * than limit, offset, cursor, sort and fields that name a field of the listed item. `others` are the
 * query parameters that name no field: no filters at all. Paging parameters under other names
 * (page, pageToken, maxResults…) are neither. When the listed item's fields are unknown (`items: {}`,
 * `{type: object}`), no parameter can be shown to be a filter or not: both are empty.
 */
export function filtersOf(list: ListOperation): { filters: Parameter[]; others: Parameter[] } {
  const filters: Parameter[] = [];
  const others: Parameter[] = [];
  if (!knowsFields(list.items)) return { filters, others };
  for (const p of parametersOf(list.operation)) {
    // Paging parameters by other names are list-pagination-parameters' to report.
    if (p.in !== 'query' || RESERVED.has(p.name) || PAGING.has(p.name) || NEVER_FILTERS.has(p.name)) continue;
    (hasField(list.items, p.name) ? filters : others).push(p);
  }
  return { filters, others };
}

/**
 * The lists taking each parameter node, built once per set of lists (keyed by the array's identity):
 * asking each shared parameter which lists take it, list by list, grows with the square of the
 * document's operations.
 */
const listsByParameter = new WeakMap<ListOperation[], Map<unknown, ListOperation[]>>();
export function listsUsing(lists: ListOperation[]): Map<unknown, ListOperation[]> {
  let byNode = listsByParameter.get(lists);
  if (byNode === undefined) {
    byNode = new Map();
    for (const list of lists) {
      for (const q of parametersOf(list.operation)) {
        const using = byNode.get(q.node);
        if (using === undefined) byNode.set(q.node, [list]);
        else if (using[using.length - 1] !== list) using.push(list);
      }
    }
    listsByParameter.set(lists, byNode);
  }
  return byNode;
}

/**
 * The examples of a `sort` or `fields` parameter to check against one list, and where an example
 * that names fields the list's item lacks is reported. A parameter shared by several lists (a `$ref`
 * to a component) may fit some and not others: such a defect of the pairing goes to the list's
 * `$ref`, naming the component (`use`); an example that fits none of its lists is the component's
 * own defect, reported at the example once (`use` undefined).
 */
export function examplesForList(
  p: Parameter,
  list: ListOperation,
  seen: Seen,
  unresolved: unknown,
  lists: ListOperation[],
  names: (value: string) => string[],
): { value: string; path: JsonPath; use?: { path: JsonPath; name: string } }[] {
  const ref = writtenRef(unresolved, p.path);
  if (ref === undefined) return stringExamples(p, list, seen);
  const others = listsUsing(lists).get(p.node) ?? [];
  return parameterExamples(p)
    .filter((e): e is { value: string; path: JsonPath } => isString(e.value))
    .flatMap(example => {
      const fitsSome = others.some(other => unknownFields(other.items, names(example.value)).length === 0);
      // Once per example of the component, whichever list reaches it first (each list reaches it by its own path).
      const own = example.path.slice(p.path.length).join('/');
      if (!fitsSome) return seen.first(p.node, `example ${own}`) ? [example] : [];
      return [{ ...example, use: { path: [...p.path, '$ref'], name: refName(ref) } }];
    });
}
