/**
 * Which operations are lists (§4.1) and how their answer reads: a bare array, the `results`
 * envelope, a list in the wrong envelope, or a paged object whose envelope is missing; the
 * `x-list-operation` marks and the platform's `listDetection` overrides.
 */
import { JsonPath } from './json';
import {
  OpenApiDocument,
  Operation,
  Response,
  bodiesOf,
  effectiveProduces,
  isJsonMediaType,
  responsesOf,
} from './openapi';
import { FlatSchema, Property, flat, isObjectSchema } from './schema';
import {
  ArrayProperty,
  arrayProperty,
  chosenArray,
  isArraySchema,
  itemArrays,
  linksNextPage,
  nestsItems,
} from './list-envelope';
import { PAGINATION_PARAMETERS, parametersOf, takes } from './list-parameters';
import { pagingParameters } from './paging';

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
  /** A paged GET (limit with offset or cursor) answering several arrays, none of which can be told to hold the items: their names. */
  arrays?: string[];
  /** A paged GET (limit with offset or cursor) that declares a single object with no array: its envelope is missing. */
  unwrapped?: boolean;
  /** A paged GET whose `results` (or `data`) is an object holding the items' array one level down: a list in the wrong envelope. */
  nested?: { holder: string; array: string };
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
 * The items of an envelope's array, with their path relative to the envelope: those of the first
 * declaration of the array, unless their fields are unknown and a later `allOf` member declares the
 * array again with items whose fields are known (a generic `Page` refined per resource).
 */
function refinedItems({ property, a }: ArrayProperty): { schema: unknown; path: JsonPath } | undefined {
  const first = a.items && { schema: a.items.schema, path: [...property.path, ...a.items.path] };
  if (first !== undefined && flat(first.schema).properties.size > 0) return first;
  for (const refinement of property.refinements ?? []) {
    const items = flat(refinement.schema).items;
    if (items !== undefined && flat(items.schema).properties.size > 0)
      return { schema: items.schema, path: [...refinement.path, ...items.path] };
  }
  return first;
}

/** Items that are booleans only: one answer per input, not a collection. */
const answersPerInput = (items: unknown): boolean => {
  const i = flat(items);
  return i.known && i.types.size === 1 && i.types.has('boolean');
};

/**
 * The array of items one level down in an object `results` or `data` (`{results: {feeds: [], page,
 * total}}`), as `chosenArray` picks it there; undefined when that member is no object holding one.
 */
function nestedArray(
  f: FlatSchema,
  collection: string | undefined,
): { holder: { name: string; property: Property }; found: ArrayProperty } | undefined {
  for (const name of ['results', 'data']) {
    const property = f.properties.get(name);
    // A `data` object beside an array of items at the top is not where the items are.
    if (property === undefined || (name === 'data' && itemArrays(f).length > 0)) continue;
    const inner = flat(property.schema);
    if (!inner.known || isArraySchema(inner)) continue;
    const found = chosenArray(itemArrays(inner), collection);
    if (found !== undefined) return { holder: { name, property }, found };
  }
  return undefined;
}

/** An identifier of the object's own: `id`, or a name ending in `Id` or `_id`. */
const hasOwnId = (f: FlatSchema): boolean =>
  [...f.properties.keys()].some(name => name === 'id' || /(?:Id|_id)$/.test(name));

/**
 * The last segment of a path key holds a path parameter (`/orders/{orderId}`, hhs.gov's
 * `/resources/languages/{id}.json`): it names one resource.
 */
const endsInParameter = (pathKey: string): boolean => /\/[^/]*\{[^}/]+\}[^/]*$/.test(pathKey.split(/[?#]/)[0]);

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
 * object whose items are in another array (one, or the one `chosenArray` picks) when the operation
 * takes a paging parameter or the object links the next page (a list in the wrong envelope); or, when
 * it takes limit with offset or cursor, an object whose items cannot be told apart (`arrays`) or with
 * no array (the envelope is missing). A path ending in a path parameter names one resource unless the
 * operation pages.
 */
export function listShape(doc: OpenApiDocument, operation: Operation): ListOperation | undefined {
  const success = successSchema(doc, operation);
  if (success === undefined) return undefined;
  const f = flat(success.schema);
  if (!f.known) return undefined;
  const paged = pagingParameters(parametersOf(operation).filter(p => p.in === 'query')).length > 0;
  // `GET /orders/{orderId}` answering an array typed by mistake is still one order.
  if (!paged && endsInParameter(operation.pathKey)) return undefined;
  if (isArraySchema(f)) {
    // An array of booleans answers a question per input (Spotify's `/me/tracks/contains?ids=`): it lists nothing.
    if (f.items !== undefined && answersPerInput(f.items.schema)) return undefined;
    return {
      operation,
      ...success,
      bare: true,
      items: f.items?.schema,
      itemsPath: f.items && [...success.schemaPath, ...f.items.path],
    };
  }
  const inEnvelope = (found: ArrayProperty, wrapped?: string): ListOperation => {
    const items = refinedItems(found);
    return {
      operation,
      ...success,
      bare: false,
      ...(wrapped === undefined ? {} : { wrapped }),
      items: items?.schema,
      itemsPath: items && [...success.schemaPath, ...items.path],
    };
  };
  const results = arrayProperty(f, 'results');
  if (results !== undefined) {
    if (hasOwnId(f) && !takes(operation, PAGINATION_PARAMETERS)) return undefined;
    return inEnvelope(results);
  }
  if (paged) {
    // transitfeeds' `{results: {feeds: [], page, total}}`: the items one level down.
    const nested = nestedArray(f, lastLiteral(operation.pathKey));
    if (nested !== undefined) {
      const inner = inEnvelope(nested.found);
      const holderPath = nested.holder.property.path;
      return {
        ...inner,
        nested: { holder: nested.holder.name, array: nested.found.name },
        itemsPath: nested.found.a.items && [
          ...success.schemaPath,
          ...holderPath,
          ...nested.found.property.path,
          ...nested.found.a.items.path,
        ],
      };
    }
  }
  if (f.properties.has('results') || !(paged || linksNextPage(f))) return undefined;
  const arrays = itemArrays(f);
  const chosen = chosenArray(arrays, lastLiteral(operation.pathKey));
  if (chosen !== undefined) return inEnvelope(chosen, chosen.name);
  // A GET paged by limit with offset or cursor, not on a path naming one resource (Asana's shared
  // limit and offset on `/tags/{tag_gid}`): several arrays, none of which can be told to hold the
  // items (the envelope finding names them), or one object with none (its own arrays, such as
  // `_links`, hold no items of the collection) unless a property nests the items one level down
  // (Spotify's `{albums: {items: […]}}`): the envelope is missing.
  if (!pagesWithLimit(operation) || !isObjectSchema(success.schema) || endsInParameter(operation.pathKey))
    return undefined;
  const unknownItems = { operation, ...success, bare: false, items: undefined, itemsPath: undefined };
  if (arrays.length > 1) return { ...unknownItems, arrays: arrays.map(({ name }) => name) };
  return nestsItems(f) ? undefined : { ...unknownItems, unwrapped: true };
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
  return f.known && !isArraySchema(f) && f.properties.size > 0 && itemArrays(f).length === 0;
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
