/**
 * Which member of a list's answer holds its items (docs/design.md, "List operation": which array holds the items):
 * the arrays that can hold a collection's items, the one chosen among several, next-page links, and
 * objects that nest their items one level down.
 */
import { isObject } from './json';
import { FlatSchema, Property, flat } from './schema';
import { PAGING_HOLDERS, isNextPageLink } from './paging';

/** An array schema: a declared array, or a schema with `items` and no type (IBM's array responses, Asana's `data: {items: …}`). */
export const isArraySchema = (a: FlatSchema): boolean =>
  a.known && (a.types.has('array') || (a.types.size === 0 && a.items !== undefined));

/** A property of an object schema that is an array, with its flattened schema. */
export interface ArrayProperty {
  name: string;
  property: Property;
  a: FlatSchema;
}

export const arrayProperty = (f: FlatSchema, name: string): ArrayProperty | undefined => {
  const property = f.properties.get(name);
  if (property === undefined) return undefined;
  const a = flat(property.schema);
  return isArraySchema(a) ? { name, property, a } : undefined;
};

/**
 * Arrays beside a collection's items, never the items themselves: links (HAL's and JSON:API's
 * `_links`, `links`), JSON:API's `included` resources, `warnings` or `errors` (eBay's paged listings
 * carry `warnings`), and the sort orders applied (Box's `order` beside `entries`).
 */
const SIDE_ARRAYS = new Set(['_links', 'links', 'included', 'warnings', 'errors', 'order']);
const SCALAR = new Set(['string', 'number', 'integer', 'boolean', 'null']);

const deprecated = (a: FlatSchema): boolean => a.parts.some(part => part.schema.deprecated === true);

/** Paging metadata, never the items, however declared (Slack's `response_metadata` of `{next_cursor}`). */
const isMetadataName = (name: string): boolean => /(?:^|[_-])meta(?:data)?$/i.test(name);

/**
 * Items that are scalars: typed so, or alternatives (`anyOf`, `oneOf`) each a scalar or only
 * `nullable` (Slack's `channel_actions_ts: {items: {anyOf: [{type: integer}, {nullable: true}]}}`).
 */
function scalarItems(schema: unknown): boolean {
  const items = flat(schema);
  if (!items.known) return false;
  if (items.types.size > 0) return [...items.types].every(type => SCALAR.has(type));
  const alternatives = isObject(schema) ? (schema.anyOf ?? schema.oneOf) : undefined;
  return (
    Array.isArray(alternatives) &&
    alternatives.length > 0 &&
    alternatives.every(alternative => {
      const f = flat(alternative);
      return (
        f.known && f.properties.size === 0 && f.items === undefined && [...f.types].every(type => SCALAR.has(type))
      );
    })
  );
}

/**
 * An array that can hold the items of a collection: not a side array or paging metadata, not
 * deprecated (Getty Images' `related_searches` beside `images`), and not of scalars (flinkster's
 * `providerNetworkIds` beside `_links` in one area is part of that area).
 */
const holdsItems = ({ name, a }: ArrayProperty): boolean =>
  !SIDE_ARRAYS.has(name) &&
  !isMetadataName(name) &&
  !deprecated(a) &&
  !(a.items !== undefined && scalarItems(a.items.schema));

/** The arrays of an object schema that can hold a collection's items. */
export const itemArrays = (f: FlatSchema): ArrayProperty[] =>
  [...f.properties.keys()].flatMap(name => {
    const found = arrayProperty(f, name);
    return found !== undefined && holdsItems(found) ? [found] : [];
  });

/** Names that say an array holds the items of a collection. */
const ITEM_NAMES = new Set(['items', 'data', 'entries', 'value', 'records']);

/**
 * The array that holds the items among several: the only one, else the only one named `items`,
 * `data`, `entries`, `value`, `records` or after the collection (Google's `{gateways: [],
 * unreachable: []}` under `/v1/{parent}/gateways`); undefined when none can be chosen.
 */
export function chosenArray(arrays: ArrayProperty[], collection: string | undefined): ArrayProperty | undefined {
  if (arrays.length === 1) return arrays[0];
  const named = arrays.filter(({ name }) => ITEM_NAMES.has(name) || name === collection);
  return named.length === 1 ? named[0] : undefined;
}

/**
 * Whether an object schema carries a next-page link (Azure's `nextLink`, OData's `@odata.nextLink`, a
 * token for it; names compared as paging names are, so `nextPage` is `next_page`), itself or one level
 * down in a member that holds paging links (`links`, `meta`, `paging`, `pagination`, `page_info`,
 * `response_metadata`), or in the links of such a member (Amadeus's `meta.links.next`).
 */
export const linksNextPage = (f: FlatSchema, depth = 0): boolean =>
  [...f.properties.keys()].some(isNextPageLink) ||
  (depth < 2 &&
    [...f.properties].some(([name, property]) => {
      if (!PAGING_HOLDERS.has(name.toLowerCase()) || !isObject(property.schema)) return false;
      const inner = flat(property.schema);
      return inner.known && linksNextPage(inner, depth + 1);
    }));

/**
 * A property that is an object holding an array of items (a list one level down), or one that cannot
 * be read (an unresolved `$ref`, which may hold the items: no finding rests on it).
 */
export const nestsItems = (f: FlatSchema): boolean =>
  [...f.properties.values()].some(property => {
    const inner = flat(property.schema);
    return !inner.known || (!inner.types.has('array') && itemArrays(inner).length > 0);
  });
