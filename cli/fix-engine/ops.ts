/**
 * What a fix changes, in terms of the document's data (ops), and the same changes applied to plain
 * data: what the edited text must parse to. No text here; the text layer is text.ts.
 */
import { Dict, JsonPath, isObject, valueAt } from '../../functions/lib/json';

/** What a fix changes, in terms of the document's data. */
export type Op =
  /** Replace the scalar at `path`. */
  | { kind: 'set'; path: JsonPath; value: string | number }
  /** Rename the last key of `path`, keeping its place. */
  | { kind: 'rename'; path: JsonPath; key: string }
  /** Add the entry `key: value` to the map at `path` (created, with its missing parents, if absent). */
  | { kind: 'add'; path: JsonPath; key: string; value: unknown };

/** Where a new response code goes among its siblings: in numeric order, ranges after their codes, default last. */
export function rank(key: string): number {
  if (/^[1-5]\d\d$/.test(key)) return Number(key);
  if (/^[1-5]XX$/i.test(key)) return Number(key[0]) * 100 + 99.5;
  if (key === 'default') return 1000;
  return Infinity;
}

/** The index of the sibling a new key goes before, or -1 for the end. */
export function insertBefore(keys: string[], key: string): number {
  const r = rank(key);
  if (r === Infinity) return -1;
  return keys.findIndex(k => rank(k) > r);
}

/**
 * The ops applied to plain data: what the edited text must parse to. Only the containers on the ops'
 * paths are copied; the rest is shared with `data`, which is left as it was.
 */
export function applyOps(data: unknown, ops: Op[]): unknown {
  const root = { value: shallow(data) };
  const copied = new Set<unknown>([root.value]);
  /** The container at `path` in the copy, copied (and created) on the way. */
  const reach = (path: JsonPath, create: boolean): Dict => {
    let node = root.value as Dict;
    for (const key of path) {
      const k = String(key);
      let child = node[k];
      if (child === undefined && create) child = {};
      if (!copied.has(child)) {
        child = shallow(child);
        copied.add(child);
      }
      node[k] = child;
      node = child as Dict;
    }
    return node;
  };
  for (const op of ops) {
    if (op.kind === 'add') {
      insertOrdered(reach(op.path, true), op.key, op.value);
      continue;
    }
    const parent = reach(op.path.slice(0, -1), false);
    const last = String(op.path[op.path.length - 1]);
    if (op.kind === 'set') parent[last] = op.value;
    else {
      const entries = Object.entries(parent).map(([k, v]): [string, unknown] => [k === last ? op.key : k, v]);
      for (const k of Object.keys(parent)) delete parent[k];
      for (const [k, v] of entries) parent[k] = v;
    }
  }
  return root.value;
}

/** Adds a key where the text edits put it: before the first sibling of a higher rank, else last. */
function insertOrdered(map: Dict, key: string, value: unknown): void {
  const keys = Object.keys(map);
  const before = insertBefore(keys, key);
  if (before < 0) {
    map[key] = value;
    return;
  }
  const entries = Object.entries(map);
  for (const k of keys) delete map[k];
  entries.splice(before, 0, [key, value]);
  for (const [k, v] of entries) map[k] = v;
}

/**
 * Whether the edited text's data is the intended data. JSON texts compare as serialised (key order
 * included, since applyOps puts keys where the edits put them): fast on large documents. Otherwise,
 * or when that differs, a deep comparison without key order.
 */
export function sameAsIntended(got: unknown, expected: unknown, format: 'json' | 'yaml'): boolean {
  if (format === 'json' && JSON.stringify(got) === JSON.stringify(expected)) return true;
  return sameData(got, expected);
}

const shallow = (value: unknown): unknown =>
  Array.isArray(value) ? [...(value as unknown[])] : isObject(value) ? { ...value } : value;

/** Deep equality of plain data (key order aside). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') {
    return Number.isNaN(a) && Number.isNaN(b); // only numbers are NaN
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => sameData(v, bb[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b as Dict);
  if (ka.length !== kb.length) return false;
  return ka.every(k => Object.prototype.hasOwnProperty.call(b, k) && sameData((a as Dict)[k], (b as Dict)[k]));
}

/**
 * Adds whose map does not exist yet become an add of the nearest existing parent, holding the rest:
 * `add components/responses NotFound` without `components` is `add / components {responses: {NotFound}}`.
 * Adds of one new map are merged.
 */
export function normalizeAdds(data: unknown, ops: Op[]): Op[] {
  const out: Op[] = [];
  const created = new Map<string, Op & { kind: 'add' }>();
  const direct = new Set<string>();
  for (const op of ops) {
    if (op.kind !== 'add') {
      out.push(op);
      continue;
    }
    let depth = op.path.length;
    while (depth > 0 && !isObject(valueAt(data, op.path.slice(0, depth)))) depth--;
    if (depth === op.path.length) {
      const id = JSON.stringify([...op.path, op.key]);
      if (valueAt(data, [...op.path, op.key]) === undefined && !direct.has(id)) out.push(op);
      direct.add(id);
      continue;
    }
    const path = op.path.slice(0, depth);
    const key = String(op.path[depth]);
    let value: Dict = { [op.key]: op.value };
    for (const k of op.path.slice(depth + 1).reverse()) value = { [String(k)]: value };
    const id = JSON.stringify([...path, key]);
    const existing = created.get(id);
    if (existing === undefined) {
      const add = { kind: 'add' as const, path, key, value };
      created.set(id, add);
      out.push(add);
    } else mergeInto(existing.value as Dict, value);
  }
  return out;
}

function mergeInto(target: Dict, source: Dict): void {
  for (const [k, v] of Object.entries(source)) {
    if (isObject(target[k]) && isObject(v)) mergeInto(target[k], v);
    else if (target[k] === undefined) target[k] = v;
  }
}
