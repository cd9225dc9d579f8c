/**
 * The listed item (§4.1): whether names (dot paths) are its fields, and which query parameters of a
 * list are filters of it (§4.3).
 */
import { flat } from './schema';
import { ListOperation } from './list-detection';
import { NEVER_FILTERS, Parameter, NOT_FILTERS, parametersOf } from './list-parameters';
import { isPaging } from './paging';

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

/**
 * The names a `fields` value selects that are fields neither of the listed item nor of the list's
 * envelope: §4.5's own example selects `metadata.total`.
 */
export const unselectable = (list: ListOperation, names: string[]): string[] =>
  unknownFields(list.items, names).filter(name => list.bare || !hasField(list.schema, name));

export const fieldList = (schema: unknown, max = 8): string => {
  const names = [...flat(schema).properties.keys()];
  return names.slice(0, max).join(', ') + (names.length > max ? ', …' : '');
};

/**
 * The filters of a list operation (docs/rules/list-filter-parameters.md): its query parameters other
 * than limit, offset, cursor, sort and fields that name a field of the listed item. `others` are the
 * query parameters that name no field: no filters at all. Paging parameters under other names
 * (page, pageToken, maxResults, Keycloak's first and max, Mastodon's max_id, one whose description
 * says it pages) are neither. When the listed item's fields are unknown (`items: {}`,
 * `{type: object}`), no parameter can be shown to be a filter or not: both are empty.
 */
export function filtersOf(list: ListOperation): { filters: Parameter[]; others: Parameter[] } {
  const filters: Parameter[] = [];
  const others: Parameter[] = [];
  if (!knowsFields(list.items)) return { filters, others };
  for (const p of parametersOf(list.operation)) {
    // Paging parameters by other names are list-pagination-parameters' to report.
    if (p.in !== 'query' || NOT_FILTERS.has(p.name) || isPaging(p) || NEVER_FILTERS.has(p.name)) continue;
    (hasField(list.items, p.name) ? filters : others).push(p);
  }
  return { filters, others };
}
