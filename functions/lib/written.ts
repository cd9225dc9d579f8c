/**
 * Where a node of a multi-file description is written: which document, and which JSON pointer there.
 *
 * A description split into files (path items, responses and schemas each in a file of their own)
 * resolves into one tree whose copies no longer say where they came from; object identity does not
 * help either, since `$ref` chains across files give one node several resolved copies. A defect is
 * identified, and its message names it, by the document and pointer where its node is written
 * (docs/design.md, Where a finding goes), whichever engine runs the rule: both give the rules the
 * documents they loaded through the same small interface (`WrittenDocuments`).
 */
import { Dict, JsonPath, isObject, isString, refName, resolvePointer, valueAt } from './json';
import { escapeToken } from './pointer';

/** One document of a description as written: its name (absolute path or URL) and its parsed data. */
export interface WrittenDocument {
  source: string | null;
  data: unknown;
}

/** The documents of a description as the engine loaded them. */
export interface WrittenDocuments {
  root: WrittenDocument;
  /** The document a `$ref`'s document part (written in `from`) names, or undefined when not loaded. */
  documentAt(reference: string, from: string | null): WrittenDocument | undefined;
}

/** Where a node is written: its document and the path of the node in that document's data. */
export interface WrittenNode {
  document: WrittenDocument;
  path: JsonPath;
}

const isRefObject = (node: unknown): node is Dict & { $ref: string } => isObject(node) && isString(node.$ref);

/** A name with a scheme (`https:`, `file:`): a URL, resolved as URLs are. */
const hasScheme = (name: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(name) && !/^[a-z]:[\\/]/i.test(name);

/** `a/./b/../c` as `a/c`, keeping a leading `/` and leading `..` of a relative path. */
function normalize(path: string): string {
  const absolute = path.startsWith('/');
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else if (part !== '..' || !absolute) out.push(part);
  }
  return (absolute ? '/' : '') + out.join('/');
}

const folderOf = (path: string): string => path.slice(0, path.lastIndexOf('/') + 1);

/**
 * The name of the document a `$ref`'s document part names, written in `from`: a URL as URLs resolve,
 * a path against `from`'s folder (as Spectral's resolver names them).
 */
export function documentName(reference: string, from: string | null): string {
  if (hasScheme(reference) || from === null) return reference;
  if (hasScheme(from)) {
    try {
      return new URL(reference, from).href;
    } catch {
      return reference;
    }
  }
  return reference.startsWith('/') ? normalize(reference) : normalize(folderOf(from) + reference);
}

/** `to` as written from the folder of `from`: `shared/responses/unauthorized.yml`; a URL as it is. */
export function relativeName(to: string | null, from: string | null): string {
  if (to === null) return '';
  if (from === null || hasScheme(to) || hasScheme(from) || !to.startsWith('/') || !from.startsWith('/')) return to;
  const base = folderOf(from).split('/').filter(Boolean);
  const target = to.split('/').filter(Boolean);
  let common = 0;
  while (common < base.length && common < target.length - 1 && base[common] === target[common]) common++;
  return [...base.slice(common).map(() => '..'), ...target.slice(common)].join('/');
}

/** A JSON pointer as a `$ref` writes it: `#/content/application~1json`. */
export const pointerOf = (path: JsonPath): string => `#${path.map(token => `/${escapeToken(String(token))}`).join('')}`;

/**
 * Where the node at `path` (a path of the resolved description) is written, following `$ref`s within
 * and across documents; a path that ends in `$ref` where one is written is that reference itself (a
 * use). Undefined when a document on the way was not loaded, a pointer leads nowhere or a chain of
 * `$ref`s does not end; the rest of a path that leaves the written data is kept.
 */
/**
 * Where one `$ref` written in `document` leads, one hop: the document, the path there and the node
 * (which may hold a `$ref` of its own); undefined when the document was not loaded or the pointer
 * leads nowhere.
 */
export function refTarget(
  documents: WrittenDocuments,
  document: WrittenDocument,
  ref: string,
): (WrittenNode & { value: unknown }) | undefined {
  const hash = ref.indexOf('#');
  const part = hash < 0 ? ref : ref.slice(0, hash);
  const fragment = hash < 0 ? '#' : ref.slice(hash);
  const target = part === '' ? document : documents.documentAt(part, document.source);
  if (target === undefined) return undefined;
  const found = fragment === '#' ? { value: target.data, path: [] } : resolvePointer(target.data, fragment);
  return found === undefined ? undefined : { document: target, path: found.path, value: found.value };
}

/** A written node as one string, its document and pointer: how nodes of several documents are told apart. */
export const nodeKey = (node: WrittenNode): string => `${node.document.source ?? ''}${pointerOf(node.path)}`;

export function writtenNode(documents: WrittenDocuments, path: JsonPath): WrittenNode | undefined {
  let document = documents.root;
  let node: unknown = document.data;
  let written: JsonPath = [];
  for (let i = 0; i <= path.length; i++) {
    if (path[i] === '$ref' && i === path.length - 1 && isRefObject(node))
      return { document, path: [...written, '$ref'] };
    for (let hops = 0; isRefObject(node); hops++) {
      if (hops > 64) return undefined;
      const target = refTarget(documents, document, node.$ref);
      if (target === undefined) return undefined;
      document = target.document;
      node = target.value;
      written = target.path.slice();
    }
    if (i === path.length) break;
    const next = valueAt(node, [path[i]]);
    if (next === undefined) return { document, path: [...written, ...path.slice(i)] };
    node = next;
    written.push(path[i]);
  }
  return { document, path: written };
}

/** The part of Spectral's document inventory that holds the documents it loaded. */
interface SpectralInventory {
  referencedDocuments?: Record<string, { data?: unknown; source?: string | null } | undefined>;
}

/**
 * The documents of the description a rule function is given: the engine's own (`writtenDocuments` on
 * the inventory, as the Redocly adapter gives them), or those Spectral's inventory loaded, named as
 * its resolver names them.
 */
export function writtenDocumentsOf(context: {
  document: { data?: unknown; source?: string | null };
  documentInventory?: unknown;
}): WrittenDocuments {
  // Every rule of one lint asks for the same run's documents: made once per run (its inventory).
  const run = isObject(context.documentInventory) ? context.documentInventory : context.document;
  let documents = madeFor.get(run);
  if (documents === undefined) madeFor.set(run, (documents = describe(context)));
  return documents;
}

const madeFor = new WeakMap<object, WrittenDocuments>();

function describe(context: {
  document: { data?: unknown; source?: string | null };
  documentInventory?: unknown;
}): WrittenDocuments {
  const inventory = context.documentInventory as
    (SpectralInventory & { writtenDocuments?: WrittenDocuments }) | undefined;
  if (inventory?.writtenDocuments !== undefined) return inventory.writtenDocuments;
  const root: WrittenDocument = { source: context.document.source ?? null, data: context.document.data };
  const loaded = inventory?.referencedDocuments ?? {};
  return {
    root,
    documentAt(reference, from) {
      const name = documentName(reference, from);
      if (name === root.source) return root;
      const found = Object.prototype.hasOwnProperty.call(loaded, name) ? loaded[name] : undefined;
      return found === undefined ? undefined : { source: name, data: found.data };
    },
  };
}

/**
 * The `$ref` written at a path of the resolved description, in whichever of its documents the node
 * is written (a parameter of a path item kept in a file of its own), if it is written as one.
 */
export function writtenRefIn(documents: WrittenDocuments, path: JsonPath): string | undefined {
  const node = writtenNode(documents, [...path, '$ref']);
  if (node === undefined || node.path[node.path.length - 1] !== '$ref') return undefined;
  const ref = valueAt(node.document.data, node.path);
  return isString(ref) ? ref : undefined;
}

/** A use of a shared component: where its `$ref` is (a path of the resolved description, ending in `$ref`), and the component's name. */
export interface RefUseIn {
  path: JsonPath;
  name: string;
  /** The `$ref` as written. */
  ref: string;
}

/**
 * The first `$ref` crossed on the way to `path` (of the resolved description) that uses a component,
 * in whichever document it is written; undefined when the node is written in place. A `$ref` that
 * only brings in a path item or operation kept in a file of its own is the description's layout, not
 * a use: a pairing defect goes at the `$ref` under the code, parameter or media type, where the name
 * of the component is written.
 */
export function refUseIn(documents: WrittenDocuments, path: JsonPath): RefUseIn | undefined {
  const layout = path[0] === 'paths' ? 3 : 0;
  for (let i = layout; i <= path.length; i++) {
    const node = writtenNode(documents, [...path.slice(0, i), '$ref']);
    if (node === undefined || node.path[node.path.length - 1] !== '$ref') continue;
    const ref = valueAt(node.document.data, node.path);
    if (isString(ref)) return { path: [...path.slice(0, i), '$ref'], name: refName(ref), ref };
  }
  return undefined;
}

/**
 * Whether the node at `path` (of the resolved description) is written in another document than the
 * linted one: a response file used under several status codes is named by its file, in a message
 * that does not depend on the status (docs/design.md, Where a finding goes, Other documents).
 */
export function writtenElsewhere(documents: WrittenDocuments, path: JsonPath): boolean {
  const node = writtenNode(documents, path);
  return node !== undefined && node.document !== documents.root;
}

/** Where the node at `path` is written, as one string (document and pointer); undefined when unknown. */
export function writtenKey(documents: WrittenDocuments, path: JsonPath): string | undefined {
  const node = writtenNode(documents, path);
  return node === undefined ? undefined : nodeKey(node);
}
