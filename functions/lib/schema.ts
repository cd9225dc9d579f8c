/**
 * Schema flattening: a schema seen through resolved `$ref`s with its `allOf` members merged,
 * guarded against cycles and cached by the schema object's identity (a shared component is
 * flattened once, however many operations use it).
 */
import { Dict, JsonPath, entries, isObject, isString, isUnresolved, memo } from './json';

export interface Property {
  schema: unknown;
  /** Path of the property schema, relative to the flattened schema. */
  path: JsonPath;
  /**
   * Later declarations of the same property in other `allOf` members, which refine the first
   * (Zalando's `Articles`: `allOf: [Page {content: items {}}, {content: items Article}]`).
   */
  refinements?: { schema: unknown; path: JsonPath }[];
}

export interface FlatSchema {
  /** False when the schema is not an object, or hides an unresolved `$ref`: rules stay silent then. */
  known: boolean;
  /** Declared types, merged over `allOf`; empty when none is declared. */
  types: Set<string>;
  properties: Map<string, Property>;
  required: Set<string>;
  /** Path of the first `required` list, relative to the flattened schema. */
  requiredPath: JsonPath | undefined;
  /** Path of the first `properties` map. */
  propertiesPath: JsonPath | undefined;
  /** The merged `items` (first found), for arrays. */
  items: Property | undefined;
  /** The schema members that were merged, with their relative paths. */
  parts: { schema: Dict; path: JsonPath }[];
}

export function typesOf(schema: unknown): string[] {
  if (!isObject(schema)) return [];
  if (isString(schema.type)) return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter(isString);
  return [];
}

const flatten = memo((schema: object): FlatSchema => {
  const flat: FlatSchema = {
    known: isObject(schema),
    types: new Set(),
    properties: new Map(),
    required: new Set(),
    requiredPath: undefined,
    propertiesPath: undefined,
    items: undefined,
    parts: [],
  };
  const visiting = new Set<unknown>();
  const visit = (node: unknown, path: JsonPath): void => {
    if (!isObject(node) || visiting.has(node)) return;
    if (isUnresolved(node)) {
      flat.known = false;
      return;
    }
    visiting.add(node);
    flat.parts.push({ schema: node, path });
    for (const type of typesOf(node)) flat.types.add(type);
    if (isObject(node.properties)) {
      flat.propertiesPath ??= [...path, 'properties'];
      for (const [name, property] of entries(node.properties)) {
        const first = flat.properties.get(name);
        if (first === undefined) flat.properties.set(name, { schema: property, path: [...path, 'properties', name] });
        else (first.refinements ??= []).push({ schema: property, path: [...path, 'properties', name] });
      }
    }
    if (Array.isArray(node.required)) {
      flat.requiredPath ??= [...path, 'required'];
      for (const name of node.required) if (isString(name)) flat.required.add(name);
    }
    if (node.items !== undefined && flat.items === undefined)
      flat.items = { schema: node.items, path: [...path, 'items'] };
    if (Array.isArray(node.allOf)) node.allOf.forEach((member, i) => visit(member, [...path, 'allOf', i]));
    // oneOf/anyOf alternatives contribute the properties an instance may have (not types nor required).
    for (const keyword of ['oneOf', 'anyOf']) {
      const alternatives = node[keyword];
      if (Array.isArray(alternatives))
        alternatives.forEach((member, i) => alternativeProperties(member, [...path, keyword, i]));
    }
  };
  const alternativeProperties = (node: unknown, path: JsonPath): void => {
    if (!isObject(node) || visiting.has(node) || isUnresolved(node)) return;
    visiting.add(node);
    for (const [name, property] of entries(node.properties)) {
      if (!flat.properties.has(name))
        flat.properties.set(name, { schema: property, path: [...path, 'properties', name] });
    }
    for (const keyword of ['allOf', 'oneOf', 'anyOf']) {
      const members = node[keyword];
      if (Array.isArray(members)) members.forEach((member, i) => alternativeProperties(member, [...path, keyword, i]));
    }
  };
  visit(schema, []);
  return flat;
});

const NOT_A_SCHEMA = { $ref: '' };

/** Flattens anything: non-objects give an unknown schema. */
export function flat(schema: unknown): FlatSchema {
  return flatten(isObject(schema) ? schema : NOT_A_SCHEMA);
}

/** The declared types of a property, for messages: `integer`, `string | null`, or `no type`. */
export function describeTypes(schema: unknown): string {
  const types = [...flat(schema).types];
  return types.length === 0 ? 'no type' : types.join(' | ');
}

/** How a schema's type reads in a message: `declares no type`, or `is of type string | null`. */
export const declaredType = (schema: unknown): string =>
  flat(schema).types.size === 0 ? 'declares no type' : `is of type ${describeTypes(schema)}`;

/** A schema describes objects when it says so or declares properties. */
export function isObjectSchema(schema: unknown): boolean {
  const f = flat(schema);
  return f.types.has('object') || (f.types.size === 0 && f.properties.size > 0);
}
