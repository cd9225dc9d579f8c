/**
 * Which local `$ref`s Spectral's resolver (json-ref-resolver) leaves as written, so that the fast
 * path (resolver.ts) resolves a document whose `$ref`s form cycles as it does, instead of handing it
 * to json-ref-resolver, whose dependency graph takes most of a lint of such a document (17 of 24 s on
 * Microsoft Graph's, measured 2 December 2026).
 *
 * json-ref-resolver (crawler.js, runner.js) leaves a `$ref` at path D to target T as written when
 * - T is D or one of its ancestors ("references its parent": nothing is recorded for it), or
 * - a node that T depends on, transitively, is D or one of its ancestors (`isCircular`).
 * "Depends on" is its `pointerStemGraph`: for each other `$ref` (site P, target Q), the pointers made
 * by walking P and joining the segments that match Q's at the same index (the stem) with those that
 * do not (the tail) depend on Q. They are joined unescaped, so only those that spell a target's
 * pointer can be reached from a target; this module keeps exactly those edges. The rest of the
 * `$ref`s are resolved, and only they are in `refMap`; the graph's nodes are the targets of every
 * `$ref` that does not reference its parent.
 */
import type { JsonPath } from '../../functions/lib/json';

export interface RefSite {
  /** Where the `$ref` is, as json-ref-resolver walks it (`for … in`: array indices as strings). */
  site: string[];
  /** The `$ref` as written, a local pointer. */
  ref: string;
  /** Its target's path, decoded. */
  target: JsonPath;
}

export interface RefKinds {
  /** Per `$ref`, whether json-ref-resolver leaves it as written. */
  asWritten: boolean[];
  /** Per `$ref`, whether it references its parent (no graph node for its target). */
  parent: boolean[];
}

const startsWith = (path: readonly unknown[], prefix: readonly unknown[]): boolean =>
  prefix.length <= path.length && prefix.every((segment, i) => String(path[i]) === String(segment));

/** Strongly connected components of a graph of string nodes: each node's component number. */
function components(nodes: Iterable<string>, edges: Map<string, Set<string>>): Map<string, number> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const component = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  let counter = 0;
  let count = 0;
  for (const start of nodes) {
    if (index.has(start)) continue;
    // Tarjan's algorithm without recursion (Graph's schemas chain thousands deep).
    const work: { node: string; next: Iterator<string> }[] = [];
    const open = (node: string): void => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: (edges.get(node) ?? new Set<string>()).values() });
    };
    open(start);
    while (work.length > 0) {
      const top = work[work.length - 1];
      const step = top.next.next();
      if (!step.done) {
        const to = step.value;
        if (!index.has(to)) open(to);
        else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
          onStack.delete(node);
          component.set(node, count);
          if (node === top.node) break;
        }
        count++;
      }
    }
  }
  return component;
}

/** Which `$ref`s json-ref-resolver leaves as written; undefined where this module does not follow it (a `$ref` to `#`). */
export function refKinds(refs: RefSite[]): RefKinds | undefined {
  if (refs.some(r => r.target.length === 0)) return undefined;
  const parent = refs.map(r => startsWith(r.site, r.target));
  const targets = new Set(refs.filter((_, i) => !parent[i]).map(r => r.ref));
  // The stem graph's edges between targets' pointers.
  const edges = new Map<string, Set<string>>();
  refs.forEach((r, i) => {
    if (parent[i]) return;
    let stem = '#';
    let tail = '';
    for (let k = 0; k < r.site.length; k++) {
      const part = r.site[k];
      if (part === r.target[k]) {
        stem += `/${part}`;
        continue;
      }
      tail += `/${part}`;
      const dep = `${stem}${tail}`;
      // Not the site itself, nor the target (json-ref-resolver's `dep !== parentPointer && dep !== targetPointer`).
      if (k < r.site.length - 1 && dep !== r.ref && targets.has(dep)) {
        let out = edges.get(dep);
        if (out === undefined) edges.set(dep, (out = new Set()));
        out.add(r.ref);
      }
    }
  });
  const component = components(targets, edges);
  const reachable = new Map<string, Set<string>>();
  /** Whether `to` is reached from `from` by one edge or more (the rare case outside one component). */
  const reaches = (from: string, to: string): boolean => {
    if (component.get(from) === component.get(to)) return true;
    let seen = reachable.get(from);
    if (seen === undefined) {
      seen = new Set();
      const stack = [from];
      for (let node = stack.pop(); node !== undefined; node = stack.pop())
        for (const next of edges.get(node) ?? [])
          if (!seen.has(next)) {
            seen.add(next);
            stack.push(next);
          }
      reachable.set(from, seen);
    }
    return seen.has(to);
  };
  // Targets by their decoded path, to find those that hold a site.
  const byPath = new Map<string, string[]>();
  refs.forEach((r, i) => {
    if (parent[i]) return;
    const key = r.target.join('\u0000');
    const same = byPath.get(key);
    if (same === undefined) byPath.set(key, [r.ref]);
    else if (!same.includes(r.ref)) same.push(r.ref);
  });
  const asWritten = refs.map((r, i) => {
    if (parent[i]) return true;
    let key = '';
    for (let k = 1; k <= r.site.length; k++) {
      key = k === 1 ? r.site[0] : `${key}\u0000${r.site[k - 1]}`;
      for (const holder of byPath.get(key) ?? []) if (holder !== r.ref && reaches(r.ref, holder)) return true;
    }
    return false;
  });
  return { asWritten, parent };
}
