/**
 * Small, total helpers for walking untrusted JSON. Nothing here throws. `valueAt` is the one walker
 * of plain paths; which `$ref` a node came through, and where a node of another document is written,
 * are written.ts's.
 */
import { refToken } from './pointer';

export type JsonPath = (string | number)[];
export type Dict = Record<string, unknown>;

export const isObject = (value: unknown): value is Dict =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object or an array: a node a walk or a JSON pointer goes into (its members or items, indexed alike). */
export const isContainer = (value: unknown): value is Dict => typeof value === 'object' && value !== null;

export const isString = (value: unknown): value is string => typeof value === 'string';

export const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/**
 * A value as JavaScript's String() writes it, for any parsed JSON value: Spectral's own format
 * detection reads `swagger` and `openapi` so (`parseInt(String(document.swagger))`): a version written
 * as a number, or a one-item list, reads as Spectral reads it.
 */
export const stringOf = (value: unknown): string => String(value);

/** Own enumerable entries of an object, or none for anything else. */
export const entries = (value: unknown): [string, unknown][] => (isObject(value) ? Object.entries(value) : []);

/** An object that still holds a `$ref`: a reference Spectral could not resolve. */
export const isUnresolved = (value: unknown): boolean => isObject(value) && typeof value.$ref === 'string';

/** The JSON type name of a value, as written in messages. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (isInteger(value)) return 'an integer';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

const CONTROL: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Shortens a value for a message, quoted; line breaks and tabs show as \n, \r and \t. */
export function quote(value: unknown, max = 80): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  text = text.replace(/[\n\r\t]/g, c => CONTROL[c]);
  if (text.length > max) text = `${text.slice(0, max - 1)}…`;
  return `"${text}"`;
}

/** Remembers which (object, context) pairs a rule has reported on, so a shared node is checked once. */
export class Seen {
  private readonly plain = new WeakSet<object>();
  private readonly map = new WeakMap<object, Set<string>>();
  first(node: unknown, context = ''): boolean {
    if (typeof node !== 'object' || node === null) return true;
    if (context === '') {
      if (this.plain.has(node)) return false;
      this.plain.add(node);
      return true;
    }
    let contexts = this.map.get(node);
    if (contexts === undefined) {
      contexts = new Set();
      this.map.set(node, contexts);
    }
    if (contexts.has(context)) return false;
    contexts.add(context);
    return true;
  }
}

const ids = new WeakMap<object, number>();
let nextId = 1;

/** A stable number for an object's identity, for use in a `Seen` context; 0 for anything else. */
export function idOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let id = ids.get(value);
  if (id === undefined) ids.set(value, (id = nextId++));
  return id;
}

/** A cache of values computed from an object, keyed by the object's identity. */
export function memo<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>();
  return (key: K) => {
    const hit = cache.get(key);
    if (hit !== undefined || cache.has(key)) return hit as V;
    const value = compute(key);
    cache.set(key, value);
    return value;
  };
}

/** Every string in a JSON value with its path, guarded against cycles. */
export function strings(
  value: unknown,
  path: JsonPath,
  out: { value: string; path: JsonPath }[] = [],
  seen = new Set<unknown>(),
): { value: string; path: JsonPath }[] {
  if (typeof value === 'string') {
    out.push({ value, path });
  } else if (typeof value === 'object' && value !== null && !seen.has(value)) {
    seen.add(value);
    if (Array.isArray(value)) value.forEach((item, i) => strings(item, [...path, i], out, seen));
    else for (const [key, item] of Object.entries(value)) strings(item, [...path, key], out, seen);
  }
  return out;
}

/** Resolves a local JSON pointer (`#/a/b`) in a document; undefined when it leads nowhere. */
type Pointed = { value: unknown; path: JsonPath } | undefined;
const pointerCache = new WeakMap<object, Map<string, Pointed>>();

export function resolvePointer(root: unknown, ref: string): { value: unknown; path: JsonPath } | undefined {
  if (!ref.startsWith('#') || typeof root !== 'object' || root === null) return undefined;
  let cache = pointerCache.get(root);
  if (cache === undefined) pointerCache.set(root, (cache = new Map<string, Pointed>()));
  if (cache.has(ref)) return cache.get(ref);
  const target = lookUp(root, ref);
  cache.set(ref, target);
  return target;
}

function lookUp(root: unknown, ref: string): { value: unknown; path: JsonPath } | undefined {
  const path: JsonPath = [];
  let node: unknown = root;
  const tokens = ref.slice(1).split('/').slice(1);
  for (const raw of tokens) {
    const token = refToken(raw);
    if (token === undefined) return undefined;
    node = childOf(node, token);
    if (node === MISSING) return undefined;
    path.push(token);
  }
  return { value: node, path };
}

/** A value's child under a key (an array index as a number or digits), or MISSING. */
const MISSING = Symbol('missing');
function childOf(node: unknown, key: string | number): unknown {
  if (Array.isArray(node)) return /^\d+$/.test(String(key)) && Number(key) < node.length ? node[Number(key)] : MISSING;
  return isObject(node) && Object.prototype.hasOwnProperty.call(node, key) ? node[key] : MISSING;
}

/**
 * The value at a path, stepping through objects (own keys) and arrays (digit indices) without
 * following `$ref`s; undefined where the path leads nowhere. The one walker of plain paths: the rules,
 * the fix planner and the fix's data operations all read nodes with it.
 */
export function valueAt(root: unknown, path: JsonPath): unknown {
  let node: unknown = root;
  for (const key of path) {
    node = childOf(node, key);
    if (node === MISSING) return undefined;
  }
  return node;
}

const isRefObject = (node: unknown): node is Dict & { $ref: string } => isObject(node) && typeof node.$ref === 'string';

/**
 * Where a finding at `path` (of the resolved document) goes in the document being linted: where the
 * node is written (`sourcePath`), or, when the path leaves through a `$ref` to another document,
 * that reference (`external` holds it, for the message to name the component). The rules read the
 * resolved document but are declared `resolved: false`, so Spectral reports every finding in the
 * linted document, at exactly the path given.
 *
 * It walks a path of the resolved document through the unresolved one, following local `$ref`s, to
 * where its node is written. It stops at a `$ref` to another document (`external`), at a path that
 * ends in `$ref` (the reference itself, where a use of a shared component is reported), and where
 * the written document ends (the rest of the path kept). A broken or endless chain of local `$ref`s
 * gives the path as it is.
 */
export function writtenPlace(unresolved: unknown, path: JsonPath): { path: JsonPath; external?: string } {
  let node: unknown = unresolved;
  let written: JsonPath = [];
  for (let i = 0; i <= path.length; i++) {
    if (path[i] === '$ref' && i === path.length - 1 && isRefObject(node)) return { path: [...written, '$ref'] };
    for (let hops = 0; isRefObject(node); hops++) {
      if (!node.$ref.startsWith('#')) return { path: [...written, '$ref'], external: node.$ref };
      const target = hops > 32 ? undefined : resolvePointer(unresolved, node.$ref);
      if (target === undefined) return { path };
      node = target.value;
      written = target.path.slice();
    }
    if (i === path.length) break;
    const next = childOf(node, path[i]);
    if (next === MISSING) return { path: [...written, ...path.slice(i)] };
    node = next;
    written.push(path[i]);
  }
  return { path: written };
}

/**
 * Maps a path in the resolved document to where its node is written in the unresolved one,
 * following local `$ref`s, so that a finding in a shared component is reported at the component
 * (Spectral's own mapping loses keys such as `application/problem+json` on the way). A path that
 * leaves through an external `$ref` is returned as it is, for Spectral to map into that document.
 */
export function sourcePath(unresolved: unknown, path: JsonPath): JsonPath {
  const place = writtenPlace(unresolved, path);
  return place.external === undefined ? place.path : path;
}

/** The name a `$ref` gives its target: the last token of its pointer, decoded. */
export function refName(ref: string): string {
  const tokens = (ref.split('#').pop() ?? '').split('/');
  const last = tokens[tokens.length - 1] ?? '';
  return (refToken(last) ?? last) || ref;
}
