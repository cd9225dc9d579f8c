/**
 * A fast path for Spectral's `$ref` resolution, for documents whose `$ref`s are all local, all lead
 * somewhere, and form no cycle: each `$ref` is replaced by its target, one shared object per target,
 * untouched parts shared with the document, as Spectral's resolver (json-ref-resolver) does, with the
 * same `refMap` for mapping findings back through `$ref`s. Anything else (a `$ref` to another file or
 * URL, a broken or circular `$ref`, a `$ref` with nested siblings) goes to Spectral's own resolver,
 * whose `invalid-ref` errors and cycle handling then apply. On GitHub's 13 MB description this is
 * the difference between about 2 s and 0.1 s per lint. test/cli/fix/resolver.test.ts checks that
 * Spectral's findings are the same either way.
 */
import { createRequire } from 'node:module';
import type { createHttpAndFileResolver } from '@stoplight/spectral-ref-resolver';
import { Dict, JsonPath, isObject } from '../../functions/lib/json';
import { refToken } from '../../functions/lib/pointer';
import { refKinds } from './ref-cycles';

type Resolver = ReturnType<typeof createHttpAndFileResolver>;

/** Why the fast path declined a document (for tests); undefined when it resolved it. */
export let lastFallback: string | undefined;

/** Spectral's encoding of a path segment in `refMap` keys, from the @stoplight/json that spectral-core uses. */
let encodeSegment: ((segment: string | number) => string | number) | undefined;
function encoder(): (segment: string | number) => string | number {
  if (encodeSegment === undefined) {
    const json = createRequire(require.resolve('@stoplight/spectral-core'))('@stoplight/json') as {
      encodePointerUriFragment: (segment: string | number) => string | number;
    };
    encodeSegment = json.encodePointerUriFragment;
  }
  return encodeSegment;
}

class Decline extends Error {}

function decodePointer(ref: string): JsonPath {
  if (ref === '#' || ref === '#/') return ref === '#' ? [] : [''];
  if (!ref.startsWith('#/')) throw new Decline(`not a local pointer: ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map(raw => {
      const token = refToken(raw);
      if (token === undefined) throw new Decline(`undecodable pointer: ${ref}`);
      return token;
    });
}

function lookUp(root: unknown, path: JsonPath): { found: boolean; value: unknown } {
  let node = root;
  for (const key of path) {
    // A pointer through another $ref: json-ref-resolver's business.
    if (isObject(node) && typeof node.$ref === 'string') throw new Decline('a pointer through a $ref');
    // An own member, as json-ref-resolver's lodash `get` finds it: an array index only as JavaScript
    // writes it (`01`, `-1` and an index past the end lead nowhere).
    if (typeof node !== 'object' || node === null || !Object.prototype.hasOwnProperty.call(node, key)) {
      return { found: false, value: undefined };
    }
    node = (node as Dict)[key];
  }
  return { found: true, value: node };
}

/** A local resolution: the resolved document, Spectral's `refMap`, and the graph's nodes (the targets' pointers). */
interface Resolved {
  result: unknown;
  refMap: Record<string, string>;
  targets: string[];
}

/** Every $ref of a document, and every container on the way to one; targets are known by their object. */
interface Entry {
  node: object;
  segment: string;
  parent: Entry | undefined;
}

/** The path of an entry, as json-ref-resolver walks it (array indices as strings). */
function siteOf(entry: Entry): string[] {
  const segments: string[] = [];
  for (let e: Entry | undefined = entry; e !== undefined && e.parent !== undefined; e = e.parent)
    segments.push(e.segment);
  return segments.reverse();
}

/**
 * The resolved document and Spectral's graph data, or why it is left to Spectral's resolver. A
 * document whose $refs form cycles is resolved as json-ref-resolver resolves it (ref-cycles.ts):
 * the $refs it leaves as written stay so.
 */
export function resolveLocally(data: unknown): Resolved | { declined: string } {
  try {
    const refs: { entry: Entry; ref: string }[] = [];
    const holders = new Set<object>();
    const targetOf = new Map<string, object>();
    if (typeof data !== 'object' || data === null) return { result: data, refMap: {}, targets: [] };
    const stack: Entry[] = [{ node: data, segment: '', parent: undefined }];
    while (stack.length > 0) {
      const entry = stack.pop()!;
      const node = entry.node as Record<string, unknown>;
      const ref = node.$ref;
      if (typeof ref === 'string') {
        if (!ref.startsWith('#')) throw new Decline(`a $ref to another document: ${ref}`);
        for (const key in node) {
          const v = node[key];
          if (typeof v === 'object' && v !== null) throw new Decline('a $ref with nested siblings');
        }
        if (!targetOf.has(ref)) {
          const { found, value } = lookUp(data, decodePointer(ref));
          if (!found) throw new Decline(`a $ref that leads nowhere: ${ref}`);
          if (typeof value !== 'object' || value === null) throw new Decline(`a $ref to a scalar: ${ref}`);
          targetOf.set(ref, value);
        }
        refs.push({ entry, ref });
        for (let up = entry.parent; up !== undefined && !holders.has(up.node); up = up.parent) holders.add(up.node);
        continue;
      }
      for (const key in node) {
        const value = node[key];
        if (typeof value === 'object' && value !== null) stack.push({ node: value, segment: key, parent: entry });
      }
    }
    try {
      return resolveWith(data, refs, holders, targetOf, new Set());
    } catch (error) {
      if (!(error instanceof Cycle)) throw error;
    }
    // $refs in cycles: those json-ref-resolver leaves as written (percent-encoded pointers are its URI library's business).
    if (refs.some(r => r.ref.includes('%'))) throw new Decline('a circular $ref');
    const sites = refs.map(r => ({ site: siteOf(r.entry), ref: r.ref, target: decodePointer(r.ref) }));
    const kinds = refKinds(sites);
    if (kinds === undefined) throw new Decline('a circular $ref');
    const asWritten = new Set(refs.filter((_, i) => kinds.asWritten[i]).map(r => r.entry.node));
    const nodes = [...new Set(refs.filter((_, i) => !kinds.parent[i]).map(r => r.ref))];
    try {
      return { ...resolveWith(data, refs, holders, targetOf, asWritten), targets: nodes };
    } catch (error) {
      if (error instanceof Cycle) throw new Decline('a circular $ref');
      throw error;
    }
  } catch (error) {
    if (error instanceof Decline) return { declined: error.message };
    throw error;
  }
}

class Cycle extends Error {}

/** The document with every $ref replaced by its target but those `asWritten` (their objects); a Cycle if one is left. */
function resolveWith(
  data: object,
  refs: { entry: Entry; ref: string }[],
  holders: Set<object>,
  targetOf: Map<string, object>,
  asWritten: Set<object>,
): Resolved {
  const targets = new Set(targetOf.values());
  const memo = new Map<object, unknown>();
  const inProgress = new Set<object>();

  const resolveAt = (target: object): unknown => {
    if (memo.has(target)) return memo.get(target);
    if (inProgress.has(target)) throw new Cycle();
    inProgress.add(target);
    const value = build(target);
    inProgress.delete(target);
    memo.set(target, value);
    return value;
  };

  const child = (value: unknown): unknown =>
    typeof value === 'object' && value !== null ? (targets.has(value) ? resolveAt(value) : build(value)) : value;

  const build = (node: object): unknown => {
    const ref = (node as Dict).$ref;
    if (typeof ref === 'string' && !Array.isArray(node))
      return asWritten.has(node) ? node : resolveAt(targetOf.get(ref)!);
    if (!holders.has(node)) return node;
    if (Array.isArray(node)) return node.map(child);
    const out: Record<string, unknown> = {};
    for (const k in node) out[k] = child((node as Dict)[k]);
    return out;
  };

  const result = child(data);
  const encode = encoder();
  const refMap: Record<string, string> = {};
  for (const { entry, ref } of refs) {
    if (asWritten.has(entry.node)) continue;
    refMap[['#', ...siteOf(entry).map(encode)].join('/')] = ref;
  }
  return { result, refMap, targets: [...new Set(Object.values(refMap))] };
}

/** Spectral's resolver with the local fast path in front of it. */
export function fastResolver(fallback: Resolver): Resolver {
  const resolver = {
    get uriCache() {
      return fallback.uriCache;
    },
    async resolve(source: unknown, opts?: Parameters<Resolver['resolve']>[1]) {
      const local = resolveLocally(source);
      if ('declined' in local) {
        lastFallback = local.declined;
        return fallback.resolve(source, opts);
      }
      lastFallback = undefined;
      const nodeData = { refMap: local.refMap, data: local.result };
      const base = opts?.baseUri ?? '';
      // The graph's nodes, as json-ref-resolver names them: the document and each $ref's target
      // (Spectral's unreferencedReusableObject reads them to find unused components).
      const nodes = [...local.targets.map(ref => `${base}${ref}`), base];
      return {
        result: local.result,
        refMap: local.refMap,
        errors: [],
        graph: { getNodeData: () => nodeData, overallOrder: () => nodes },
      };
    },
  };
  return resolver as unknown as Resolver;
}
