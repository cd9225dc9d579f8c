/**
 * Which operations use a node (docs/design.md, "Which operations a finding affects"): the one place
 * that knows it, for the rules and the estate report alike. A node is named where it is written (a
 * document of the description and a JSON path in it, written.ts), never by object identity, which
 * `$ref` chains across files split. An operation uses every node written inside it, inside its path
 * item (parameters, servers, the path key itself), and inside whatever any of those reaches through
 * `$ref`s, in any document, at any depth. A place of the whole document (a server URL, `info`, the
 * root) concerns every operation; a component nothing reaches concerns none.
 */
import { Dict, JsonPath, isObject, isString, valueAt } from './json';
import { OpenApiDocument } from './openapi';
import { WrittenDocument, WrittenDocuments, WrittenNode, nodeKey, refTarget, writtenNode } from './written';

/** The operations a node concerns, by their path in the resolved document (`['paths', '/orders', 'get']`), or all of them. */
export type Concerned = JsonPath[] | 'all';

/** What owns a written region: an operation (by index), a path item (the indexes of its operations), or a `$ref` target. */
type Owner = { operations: number[] } | { target: string };

interface Index {
  operations: JsonPath[];
  /** Regions by key (`nodeKey`: document and pointer): a node and everything written under it belong to its owner. */
  regions: Map<string, Owner>;
  /** For each `$ref` target, the owners whose region holds a `$ref` to it. */
  parents: Map<string, Set<string>>;
  /** Operations that reach a target, once computed. */
  reach: Map<string, Set<number>>;
}

const placeKey = (document: WrittenDocument, path: JsonPath): string => nodeKey({ document, path });

/** The places the root keeps apart from the whole document: paths, webhooks and components. */
const NOT_DOCUMENT_WIDE = new Set(['paths', 'webhooks', 'components', 'definitions', 'parameters', 'responses']);

function build(documents: WrittenDocuments, doc: OpenApiDocument): Index {
  const index: Index = { operations: [], regions: new Map(), parents: new Map(), reach: new Map() };
  const scanned = new Set<string>();
  const addParent = (target: string, owner: string): void => {
    let set = index.parents.get(target);
    if (set === undefined) index.parents.set(target, (set = new Set()));
    set.add(owner);
  };
  /** Walks the written data under a place, noting each `$ref` as a use by `owner`, and each target once. */
  const scan = (place: WrittenNode, owner: string, skip?: Set<string>): void => {
    const stack: { node: unknown; path: JsonPath }[] = [
      { node: valueAt(place.document.data, place.path), path: place.path },
    ];
    const seen = new Set<unknown>();
    while (stack.length > 0) {
      const { node, path } = stack.pop()!;
      if (node === null || typeof node !== 'object' || seen.has(node)) continue;
      seen.add(node);
      if (isObject(node) && isString(node.$ref)) {
        const target = refTarget(documents, place.document, node.$ref);
        if (target === undefined) continue;
        const key = placeKey(target.document, target.path);
        addParent(key, owner);
        if (!scanned.has(key)) {
          scanned.add(key);
          if (!index.regions.has(key)) index.regions.set(key, { target: key });
          scan(target, key);
        }
        continue;
      }
      for (const [name, value] of Object.entries(node as Dict)) {
        if (path.length === place.path.length && skip?.has(name)) continue;
        stack.push({ node: value, path: [...path, name] });
      }
    }
  };
  const items = new Map<string, number[]>();
  doc.operations.forEach((operation, i) => {
    index.operations.push(operation.path);
    const list = items.get(operation.pathKey);
    if (list === undefined) items.set(operation.pathKey, [i]);
    else list.push(i);
  });
  // Operations first: a region of an operation is never taken for a region of its path item.
  doc.operations.forEach((operation, i) => {
    const written = writtenNode(documents, operation.path);
    if (written === undefined) return;
    const key = placeKey(written.document, written.path);
    index.regions.set(key, { operations: [i] });
    scan(written, key);
  });
  /** A path item's region: its operations, with those of another key whose path item is the same file. */
  const itemRegion = (key: string, operations: number[]): void => {
    const owner = index.regions.get(key);
    index.regions.set(key, {
      operations:
        owner !== undefined && 'operations' in owner ? [...new Set([...owner.operations, ...operations])] : operations,
    });
  };
  for (const [pathKey, operations] of items) {
    // The path key is written in the root, whatever file its path item is kept in.
    const rootKey = placeKey(documents.root, ['paths', pathKey]);
    itemRegion(rootKey, operations);
    const written = writtenNode(documents, ['paths', pathKey]);
    if (written === undefined) continue;
    const key = placeKey(written.document, written.path);
    if (key !== rootKey) itemRegion(key, operations);
    // The item's own members (parameters, servers); its operations were scanned as operations.
    const methods = new Set(operations.map(i => String(doc.operations[i].path[2])));
    scan(written, key, methods);
  }
  return index;
}

const indexes = new WeakMap<WrittenDocuments, WeakMap<OpenApiDocument, Index>>();

function indexOf(documents: WrittenDocuments, doc: OpenApiDocument): Index {
  let byDoc = indexes.get(documents);
  if (byDoc === undefined) indexes.set(documents, (byDoc = new WeakMap()));
  let index = byDoc.get(doc);
  if (index === undefined) byDoc.set(doc, (index = build(documents, doc)));
  return index;
}

/** The operations (by index) whose regions reach a `$ref` target, through any chain of targets. */
function reachOf(index: Index, target: string): Set<number> {
  const known = index.reach.get(target);
  if (known !== undefined) return known;
  const found = new Set<number>();
  const seen = new Set<string>([target]);
  const queue = [target];
  while (queue.length > 0) {
    for (const parent of index.parents.get(queue.pop()!) ?? []) {
      const owner = index.regions.get(parent);
      if (owner === undefined) continue;
      if ('operations' in owner) for (const i of owner.operations) found.add(i);
      else if (!seen.has(parent)) {
        seen.add(parent);
        queue.push(parent);
      }
    }
  }
  index.reach.set(target, found);
  return found;
}

/**
 * The operations a node written at `place` concerns. A path ending in `$ref` is the use written
 * there: the node that holds it. Operations are named by their path in the resolved document.
 */
export function operationsUsing(documents: WrittenDocuments, doc: OpenApiDocument, place: WrittenNode): Concerned {
  const path = place.path[place.path.length - 1] === '$ref' ? place.path.slice(0, -1) : place.path;
  if (place.document === documents.root && (path.length === 0 || !NOT_DOCUMENT_WIDE.has(String(path[0])))) return 'all';
  if (place.document === documents.root && path.length === 1 && (path[0] === 'paths' || path[0] === 'webhooks'))
    return 'all';
  const index = indexOf(documents, doc);
  // Every region the node lies in: a target inside another (`#/components/schemas/A/properties/b`
  // beside `#/components/schemas/A`) is used by what reaches either; an operation or path item ends the walk.
  const found = new Set<number>();
  for (let length = path.length; length >= 0; length--) {
    const owner = index.regions.get(placeKey(place.document, path.slice(0, length)));
    if (owner === undefined) continue;
    if ('operations' in owner) {
      for (const i of owner.operations) found.add(i);
      break;
    }
    for (const i of reachOf(index, owner.target)) found.add(i);
  }
  return [...found].sort((a, b) => a - b).map(i => index.operations[i]);
}
