/**
 * The resolved document as Spectral's resolver (@stoplight/json-ref-resolver) makes it, computed
 * synchronously from documents Redocly has already loaded, so that the rule functions read the same
 * model under both engines.
 *
 * What matters is where Spectral leaves a `$ref` unresolved. Within one document it records, for
 * every local `$ref`, an edge from the reference to its target (`pointers`) and edges from the
 * reference's ancestors (below the part it shares with the target) to the target (`stems`); a
 * reference to one of its own ancestors stays, and so does a reference that lies inside something
 * its target leads back to through `stems` (a `$ref` that closes a cycle). The others are replaced,
 * in dependency order, by the (shared) resolved target. A `$ref` to another document is resolved by
 * a runner of that document (one per file, cached), starting at the fragment; a document already on
 * the chain of documents being resolved leaves the reference as written. This follows the runner and
 * crawler of json-ref-resolver 3.x step by step (see there), with immer's copy-on-write drafts
 * replaced by copies made along the paths that are read or written.
 */
import { dirname, join } from 'node:path';
import { escapeToken, refToken, unescapeToken } from '../functions/lib/pointer';
import { Dict, isContainer } from '../functions/lib/json';

type Path = string[];

/** Another document, as the engine loaded it: its absolute name and its data as written. */
export interface LoadedDocument {
  file: string;
  data: unknown;
}

/** Loads the document a `$ref` (written in `from`) names, or undefined when it cannot be read. */
export type Loader = (ref: string, from: string) => LoadedDocument | undefined;

interface Runner {
  file: string;
  source: unknown;
  depth: number;
  uriStack: string[];
}

/**
 * The dependency graph json-ref-resolver keeps (dependency-graph's `DepGraph` with cycles allowed):
 * the same orders, by the same depth-first walk, with sets where it searches arrays (its
 * `overallOrder` is quadratic in the number of pointers, seconds on a large description).
 */
class Graph {
  // Edges out of a node in insertion order, no edge twice: a list, or a set once it is long (a
  // `$ref` has one edge out, a target none; a node that many lead to is not searched per edge).
  // Edges into a node in insertion order, the list made on the first one.
  private readonly outgoing = new Map<string, string[] | Set<string>>();
  private readonly incoming = new Map<string, string[]>();

  hasNode(node: string): boolean {
    return this.outgoing.has(node);
  }

  addNode(node: string): void {
    if (!this.outgoing.has(node)) this.outgoing.set(node, []);
  }

  addDependency(from: string, to: string): void {
    const out = this.outgoing.get(from)!;
    if (out instanceof Set) {
      if (out.has(to)) return;
      out.add(to);
    } else {
      if (out.includes(to)) return;
      out.push(to);
      if (out.length > 16) this.outgoing.set(from, new Set(out));
    }
    const into = this.incoming.get(to);
    if (into === undefined) this.incoming.set(to, [from]);
    else into.push(from);
  }

  /** dependency-graph's `createDFS` with `circular: true`: nodes after what they lead to. */
  private static dfs(edges: Map<string, Iterable<string>>, result: string[], done: Set<string>) {
    return (start: string): void => {
      if (done.has(start)) return;
      const inPath = new Set<string>();
      const todo: { node: string; processed: boolean }[] = [{ node: start, processed: false }];
      while (todo.length > 0) {
        const current = todo[todo.length - 1];
        const node = current.node;
        if (!current.processed) {
          if (done.has(node) || inPath.has(node)) {
            todo.pop();
            continue;
          }
          inPath.add(node);
          const next = Array.from(edges.get(node) ?? []);
          for (let i = next.length - 1; i >= 0; i--) todo.push({ node: next[i], processed: false });
          current.processed = true;
        } else {
          todo.pop();
          inPath.delete(node);
          done.add(node);
          result.push(node);
        }
      }
    };
  }

  private reach(edges: Map<string, Iterable<string>>, node: string): string[] {
    if (!this.hasNode(node)) throw new Error(`Node does not exist: ${node}`);
    const result: string[] = [];
    Graph.dfs(edges, result, new Set())(node);
    return result.filter(other => other !== node);
  }

  dependantsOf(node: string): string[] {
    return this.reach(this.incoming, node);
  }

  overallOrder(): string[] {
    const result: string[] = [];
    const done = new Set<string>();
    const dfs = Graph.dfs(this.outgoing, result, done);
    const keys = [...this.outgoing.keys()];
    for (const node of keys) if (!this.incoming.has(node)) dfs(node);
    for (const node of keys) if (!done.has(node)) dfs(node);
    return result;
  }
}

/**
 * The stems: what the inline pass asks of them is only which targets a pointer leads to
 * (`dependenciesOf`, as a set), so they keep edges out of a node and nothing else: one lookup per
 * edge where a Graph makes three, and no list of edges in (there are about as many stems as
 * `$ref`s times their depth).
 */
class Stems {
  // Most stems lead to one target or a few (a list); a stem near the root (`#/paths`) to thousands (a set).
  private readonly edges = new Map<string, string[] | Set<string>>();

  addDependency(from: string, to: string): void {
    const out = this.edges.get(from);
    if (out === undefined) this.edges.set(from, [to]);
    else if (out instanceof Set) out.add(to);
    else if (!out.includes(to)) {
      out.push(to);
      if (out.length > 16) this.edges.set(from, new Set(out));
    }
  }

  /** The nodes `node` leads to, itself left out (a node without edges leads nowhere). */
  dependenciesOf(node: string): string[] {
    const seen = new Set<string>([node]);
    const todo = [node];
    while (todo.length > 0) {
      for (const next of this.edges.get(todo.pop()!) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        todo.push(next);
      }
    }
    seen.delete(node);
    return [...seen];
  }
}

const refOf = (value: unknown): string | undefined =>
  isContainer(value) && typeof value.$ref === 'string' ? value.$ref : undefined;

const encode = escapeToken;

/** A fragment's token; one whose percent signs do not decode is read as written. */
const decodeToken = (token: string): string => refToken(token) ?? unescapeToken(token);

function decodePointer(pointer: string): Path {
  const body = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (body === '' || body === '/') return [];
  return body.slice(1).split('/').map(decodeToken);
}

const startsWith = (path: Path, prefix: Path): boolean => prefix.every((token, i) => path[i] === token);

function getIn(root: unknown, path: Path): unknown {
  let node = root;
  for (const key of path) {
    if (!isContainer(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** One produce() of immer: nodes copied on first access through the draft, so that aliases share them. */
class Draft {
  private readonly fresh = new WeakSet<object>();
  constructor(public root: unknown) {}

  private own(node: Dict): Dict {
    if (this.fresh.has(node)) return node;
    const copy = (Array.isArray(node) ? node.slice() : { ...node }) as Dict;
    this.fresh.add(copy);
    return copy;
  }

  /** The node at `path`, as a draft (copied, shared by everything that reads it from now on). */
  get(path: Path): unknown {
    if (!isContainer(this.root)) return path.length === 0 ? this.root : undefined;
    this.root = this.own(this.root);
    let node = this.root as Dict;
    for (const key of path) {
      const child = Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
      if (!isContainer(child)) return child;
      node = node[key] = this.own(child);
    }
    return node;
  }

  /** lodash's `set`: missing containers are made on the way. */
  set(path: Path, value: unknown): void {
    if (path.length === 0) {
      this.root = value;
      return;
    }
    if (!isContainer(this.root)) this.root = {};
    this.root = this.own(this.root as Dict);
    let node = this.root as Dict;
    for (const key of path.slice(0, -1)) {
      const child = node[key];
      node = node[key] = isContainer(child) ? this.own(child) : {};
    }
    node[path[path.length - 1]] = value;
  }
}

const hasScheme = (name: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(name);

/**
 * The name Spectral's resolver gives the document that a `$ref`'s location (the part before `#`)
 * names, written in the document `from`: a URL as written, a name resolved against a URL as URLs
 * resolve, a path joined to `from`'s folder (an absolute path too, which Spectral then does not find).
 */
export function spectralName(location: string, from: string): string {
  if (hasScheme(location)) return location;
  if (hasScheme(from)) {
    try {
      return new URL(location, from).href;
    } catch {
      return location;
    }
  }
  return join(dirname(from), location);
}

/** A reference as json-ref-resolver sees it: local (a pointer into the same document) or another file. */
function classify(ref: string, file: string): { local: true; pointer: string } | { local: false } {
  const hash = ref.indexOf('#');
  const location = hash < 0 ? ref : ref.slice(0, hash);
  const fragment = hash < 0 ? '' : ref.slice(hash);
  return location === '' || spectralName(location, file) === file
    ? { local: true, pointer: fragment }
    : { local: false };
}

/** Resolves a document Redocly loaded (`data`, named `file`) into the model Spectral's resolver gives. */
export function resolveAsSpectral(data: unknown, file: string, load: Loader): unknown {
  const cache = new Map<string, Runner>();
  const root: Runner = { file, source: data, depth: 0, uriStack: [] };
  cache.set(file, root);
  return resolve(root, undefined, cache, load).result;
}

function resolve(
  runner: Runner,
  jsonPointer: string | undefined,
  cache: Map<string, Runner>,
  load: Loader,
): { result: unknown; missing: boolean } {
  const original = runner.source;
  const targetPath = jsonPointer ? decodePointer(jsonPointer) : undefined;
  const start = targetPath === undefined ? original : getIn(original, targetPath);
  if (start === undefined) return { result: undefined, missing: true };
  const crawling = jsonPointer !== undefined && jsonPointer !== '' && jsonPointer !== '#';

  const pointers = new Graph();
  const stems = new Stems();
  // Each pointer is decoded once (the inline pass below meets the same ones many times).
  const decoded = new Map<string, Path>();
  const pathOf = (pointer: string): Path => {
    let path = decoded.get(pointer);
    if (path === undefined) decoded.set(pointer, (path = decodePointer(pointer)));
    return path;
  };
  // A reference to another document is looked up as the crawl meets it (json-ref-resolver starts
  // each lookup there, and checks the chain of documents before its first `await`), then resolved.
  const remotes: { ref: string; val: unknown; parentPath: Path; onChain: boolean }[] = [];
  // The stems of each local `$ref`, added once the walk is done (the inline pass reads them only as
  // sets), and the first token of every target as written: a stem is a pointer that starts with the
  // `$ref`'s first key, and it can lead somewhere only if it is a target itself.
  const stemsToAdd: { parentPath: Path; parentPointer: string; targetPointer: string; target: Path }[] = [];
  const targetHeads = new Set<string>();
  const addStems = ({ parentPath, parentPointer, targetPointer, target }: (typeof stemsToAdd)[number]): void => {
    let stem = '#';
    let tail = '';
    for (let i = 0; i < parentPath.length; i++) {
      const part = parentPath[i];
      if (part === target[i]) stem += `/${part}`;
      else {
        tail += `/${part}`;
        const dep = `${stem}${tail}`;
        if (dep !== parentPointer && dep !== targetPointer) stems.addDependency(dep, targetPointer);
      }
    }
  };

  const resolveRef = (ref: string, val: unknown, parentPath: Path, parentPointer: string, stack: string[]): void => {
    const kind = classify(ref, runner.file);
    if (!kind.local) {
      const file = load(ref, runner.file)?.file;
      remotes.push({
        ref,
        val,
        parentPath: parentPath.slice(),
        onChain: file !== undefined && runner.uriStack.includes(file),
      });
      return;
    }
    const targetPointer = kind.pointer === '' ? '#' : kind.pointer;
    const target = pathOf(targetPointer);
    // A reference to one of its own ancestors stays as written.
    if (target.length > 0 && target.every((token, i) => parentPath[i] === token)) return;
    stemsToAdd.push({ parentPath: parentPath.slice(), parentPointer, targetPointer, target });
    targetHeads.add(targetPointer.split('/', 2)[1] ?? '');
    if (!pointers.hasNode(parentPointer)) pointers.addNode(parentPointer);
    if (!pointers.hasNode(targetPointer)) pointers.addNode(targetPointer);
    pointers.addDependency(parentPointer, targetPointer);
    if (crawling && (stack.length < 2 || !stack.includes(targetPointer))) {
      stack.push(targetPointer);
      computeGraph(getIn(original, target), target.slice(), targetPointer, target.length, stack);
      stack.pop();
    }
  };

  // A node's pointer is `base` (as the crawl reached it: a root or a `$ref`'s target as written)
  // followed by the keys below it; made only for the nodes that hold a `$ref`, not for every node.
  const computeGraph = (node: unknown, parentPath: Path, base: string, baseDepth: number, stack: string[]): void => {
    const pointerHere = (): string => {
      let pointer = base || '#';
      for (let i = baseDepth; i < parentPath.length; i++) pointer += `/${encode(parentPath[i])}`;
      return pointer;
    };
    const own = refOf(node);
    if (own !== undefined) {
      resolveRef(own, node, parentPath, pointerHere(), stack);
      return;
    }
    if (!isContainer(node)) return;
    for (const key of Object.keys(node)) {
      const val = node[key];
      parentPath.push(key);
      const ref = refOf(val);
      if (ref !== undefined) resolveRef(ref, val, parentPath, pointerHere(), stack);
      else if (isContainer(val)) computeGraph(val, parentPath, base, baseDepth, stack);
      parentPath.pop();
    }
  };

  computeGraph(start, targetPath ? targetPath.slice() : [], jsonPointer ?? '', targetPath?.length ?? 0, []);

  for (const refAt of stemsToAdd) {
    const head = refAt.parentPath[0];
    // Every stem of this `$ref` reads "#/<head>…": none is a target unless a target starts so (a key
    // holding "/" is not split the same way in both: kept).
    if (head !== undefined && (targetHeads.has(head) || head.includes('/'))) addStems(refAt);
  }

  const draft = new Draft(original);
  for (const remote of remotes) {
    const result = remote.onChain ? remote.val : lookUp(runner, remote.ref, remote.val, cache, load);
    if (result === undefined) continue;
    draft.set(remote.parentPath.length > 0 ? remote.parentPath : (targetPath ?? []), result);
  }
  try {
    for (const pointer of pointers.overallOrder()) {
      const dependants = pointers.dependantsOf(pointer);
      if (dependants.length === 0) continue;
      const pointerPath = pathOf(pointer);
      const val = pointerPath.length === 0 ? original : draft.get(pointerPath);
      const stemPaths = stems.dependenciesOf(pointer).map(pathOf);
      for (const dependant of dependants) {
        const dependantPath = pathOf(dependant);
        const circular = stemPaths.some(stem => startsWith(dependantPath, stem));
        if (circular || val === undefined) continue;
        draft.set(dependantPath, val);
      }
    }
  } catch {
    // json-ref-resolver gives up the rest of its inline pass on any error, keeping what it did.
  }
  runner.source = draft.root;
  return { result: targetPath === undefined ? runner.source : getIn(runner.source, targetPath), missing: false };
}

/** `lookupAndResolveUri`: the target of a reference to another document, or the reference itself. */
function lookUp(runner: Runner, ref: string, val: unknown, cache: Map<string, Runner>, load: Loader): unknown {
  const loaded = load(ref, runner.file);
  if (loaded === undefined) return undefined;
  let target = cache.get(loaded.file);
  if (target === undefined) {
    target = { file: loaded.file, source: loaded.data, depth: runner.depth + 1, uriStack: runner.uriStack };
    cache.set(loaded.file, target);
  }
  if (runner.depth !== 0) target.uriStack = target.uriStack.concat(runner.file);
  const hash = ref.indexOf('#');
  const fragment = hash < 0 ? '' : ref.slice(hash);
  const resolved = resolve(target, fragment === '' ? undefined : fragment, cache, load);
  // A pointer that leads nowhere in the other document leaves the reference as written.
  if (resolved.missing) return val;
  return resolved.result;
}
