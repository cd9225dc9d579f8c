/**
 * problem-registry-single (§2.3): error responses and problem schemas brought in from other
 * documents all come from one document, the shared registry. Works on the unresolved document,
 * where `$ref`s are still written.
 */
import { Dict, JsonPath, Seen, entries, isObject, isString, resolvePointer } from './lib/json';
import { isErrorCode } from './lib/http';
import { OPERATION_METHODS, OpenApiDocument, documentOf, isProblemMediaType } from './lib/openapi';
import {
  WrittenDocument,
  WrittenDocuments,
  documentName,
  pointerOf,
  relativeName,
  writtenDocumentsOf,
} from './lib/written';
import { Finding, documentRule, finding, optionsSchema, quotedList } from './lib/rule';

/** @public: exported for the declaration files, which name it in `RULE_FUNCTIONS`'s type (functions/index.ts). */
export interface Options {
  /** The one allowed registry document: its URL or path, as `$ref`s write it. */
  registry: string;
}

interface ExternalRef {
  document: string;
  /** Where the finding goes in the linted document: the `$ref`, or the `$ref` that brings in the file holding it. */
  path: JsonPath;
  /** For a `$ref` written in another file of the description: that file and pointer, for the message. */
  writtenIn?: string;
  /** The response code under which the reference was reached. */
  code: string;
  /** Whether it brings in a schema (not a whole response). */
  schema: boolean;
}

const documentPart = (ref: string): string => ref.split('#')[0].replace(/^\.\//, '');

/** Where the walk is: the document as written whose `$ref`s it reads, and the linted document's `$ref` that led there. */
interface Place {
  document: WrittenDocument;
  /** Undefined in the linted document itself. */
  entry?: JsonPath;
}

/**
 * The `$ref`s to other documents of the error responses of the description's operations, as written:
 * in the linted document and in the files of its own path items and operations (a multi-file layout).
 */
function externalRefs(doc: OpenApiDocument, documents: WrittenDocuments): ExternalRef[] {
  const root = documents.root;
  const refs: ExternalRef[] = [];
  const seen = new Seen();
  /** A document's name as the messages give it: relative to the linted document, as its own `$ref`s write it. */
  const nameOf = (part: string, from: string | null): string =>
    root.source === null ? documentPart(part) : relativeName(documentName(part, from), root.source);

  /** Follows local `$ref`s from a node and records the first external one, if any. */
  const collect = (
    at: Place,
    node: unknown,
    path: JsonPath,
    inspect: (at: Place, node: Dict, path: JsonPath) => void,
    code: string,
    schema: boolean,
  ): void => {
    // Ends: each turn returns or moves on to a target not met before.
    while (isObject(node)) {
      const ref = node.$ref;
      if (!isString(ref)) {
        inspect(at, node, path);
        return;
      }
      if (!seen.first(node)) return;
      if (!ref.startsWith('#')) {
        const document = nameOf(ref.split('#')[0], at.document.source);
        if (at.entry === undefined) refs.push({ document, path: [...path, '$ref'], code, schema });
        else {
          const writtenIn = `${relativeName(at.document.source, root.source)}${pointerOf([...path, '$ref'])}`;
          refs.push({ document, path: at.entry, writtenIn, code, schema });
        }
        return;
      }
      const target = resolvePointer(at.document.data, ref);
      // A component reached before is not inspected again: its external $refs are recorded once.
      if (target === undefined || !seen.first(target.value, 'target')) return;
      node = target.value;
      path = target.path;
    }
  };

  let code = '';
  /** A problem schema extended with `allOf` (the registry's ProblemDetails plus members of its own) brings that member in too. */
  const allOfMembers = (at: Place, node: Dict, path: JsonPath): void => {
    if (!Array.isArray(node.allOf)) return;
    node.allOf.forEach((member, i) => collect(at, member, [...path, 'allOf', i], allOfMembers, code, true));
  };
  const schemaOf = (at: Place, node: Dict, path: JsonPath): void => {
    if (doc.spec === 2) {
      collect(at, node.schema, [...path, 'schema'], allOfMembers, code, true);
      return;
    }
    for (const [mediaType, media] of entries(node.content)) {
      if (isProblemMediaType(mediaType) && isObject(media)) {
        collect(at, media.schema, [...path, 'content', mediaType, 'schema'], allOfMembers, code, true);
      }
    }
  };
  const responsesOf = (at: Place, operation: unknown, path: JsonPath): void => {
    const responses = isObject(operation) ? operation.responses : undefined;
    if (!isObject(responses)) return;
    for (const key of Object.keys(responses)) {
      code = key;
      if (isErrorCode(key)) collect(at, responses[key], [...path, 'responses', key], schemaOf, key, false);
    }
  };
  /** A path item or operation written in a file of its own (`$ref: paths/secrets/secret.yaml`): that file, and where. */
  const inFile = (
    node: unknown,
    from: Place,
    entry: JsonPath,
  ): { at: Place; node: unknown; path: JsonPath } | undefined => {
    const ref = isObject(node) ? node.$ref : undefined;
    if (!isString(ref) || ref.startsWith('#')) return undefined;
    const hash = ref.indexOf('#');
    const document = documents.documentAt(hash < 0 ? ref : ref.slice(0, hash), from.document.source);
    if (document === undefined) return undefined;
    const target = hash < 0 ? { value: document.data, path: [] } : resolvePointer(document.data, ref.slice(hash));
    return target && { at: { document, entry: from.entry ?? entry }, node: target.value, path: target.path };
  };
  const rootPlace: Place = { document: root };
  // The shared operation list, taken here of the unresolved document (the rule's input).
  for (const operation of doc.operations) {
    const file = inFile(operation.node, rootPlace, [...operation.path, '$ref']);
    if (file === undefined) responsesOf(rootPlace, operation.node, operation.path);
    else responsesOf(file.at, file.node, file.path);
  }
  for (const [pathKey, pathItem] of entries(isObject(root.data) ? root.data.paths : undefined)) {
    const file = inFile(pathItem, rootPlace, ['paths', pathKey, '$ref']);
    if (file === undefined || !isObject(file.node)) continue;
    for (const [method, node] of entries(file.node)) {
      if (!OPERATION_METHODS.includes(method)) continue;
      const operation = inFile(node, file.at, file.at.entry!);
      if (operation === undefined) responsesOf(file.at, node, [...file.path, method]);
      else responsesOf(operation.at, operation.node, operation.path);
    }
  }
  return refs;
}

/** The document most references point to (on a tie, the one met first). */
function mostUsed(refs: ExternalRef[]): string {
  const counts = new Map<string, number>();
  for (const ref of refs) counts.set(ref.document, (counts.get(ref.document) ?? 0) + 1);
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}

/**
 * One error file per status (400.yaml, 404.yaml, 500.yaml): none of them is "the registry", and the
 * message says they are several (docs/rules/problem-registry-single.md). A file used for one code
 * and also for `default` still serves one status; a file of schemas only that several statuses
 * share is not one of them. Undefined when the documents are not so split.
 */
function onePerStatus(refs: ExternalRef[]): { files: string[] } | undefined {
  const codes = new Map<string, Set<string>>();
  const schemasOnly = new Map<string, boolean>();
  for (const ref of refs) {
    if (!codes.has(ref.document)) codes.set(ref.document, new Set());
    codes.get(ref.document)!.add(ref.code);
    schemasOnly.set(ref.document, (schemasOnly.get(ref.document) ?? true) && ref.schema);
  }
  const statuses = (document: string): string[] => {
    const all = [...codes.get(document)!];
    return all.length > 1 ? all.filter(code => code !== 'default') : all;
  };
  const files = [...codes.keys()].filter(document => !(schemasOnly.get(document)! && statuses(document).length > 1));
  const split =
    files.length > 1 &&
    files.every(document => statuses(document).length === 1) &&
    (files.length >= 3 || files.every(document => document.includes(statuses(document)[0])));
  return split ? { files } : undefined;
}

/**
 * Whether the document's text may hold a `$ref` to another document: a `$ref` key whose value (after
 * any YAML comment) does not start with `#`, or an escaped character that could spell one. Most
 * documents hold none, and this test (a few milliseconds on a 13 MB description) spares them the
 * walk through every error response. Without the text (a pre-parsed document), the walk decides.
 */
const EXTERNAL_REF = /\$ref["']?\s*:(?:\s|#.*)*(?:["'](?!#)|[^"'#\s])|\\u0024|\\x24/i;

function mayReferenceOtherDocuments(document: unknown): boolean {
  const input = isObject(document) ? document.input : undefined;
  return !isString(input) || EXTERNAL_REF.test(input);
}

/** A `$ref` written in another file of the description is named where it is written: "In paths/x.yaml#/get/responses/400/$ref: ". */
const writtenInPrefix = (ref: ExternalRef): string => (ref.writtenIn === undefined ? '' : `In ${ref.writtenIn}: `);

export default documentRule<Options>(
  optionsSchema({ registry: { type: 'string', minLength: 1 } }),
  function problemRegistrySingle(_resolved, { registry }, context) {
    if (!mayReferenceOtherDocuments(context.document)) return [];
    // The `$ref`s as written: the shared operation list of the unresolved document.
    const documents = writtenDocumentsOf(context);
    const refs = externalRefs(documentOf(context.document.data as Dict), documents);
    if (refs.length === 0) return [];
    const source = documents.root.source;
    let allowed =
      registry === undefined
        ? undefined
        : source === null
          ? documentPart(registry)
          : relativeName(documentName(documentPart(registry), source), source);
    const results: Finding[] = [];
    if (allowed === undefined) {
      allowed = mostUsed(refs);
      const sharing = onePerStatus(refs);
      if (sharing !== undefined) {
        const documents = `${sharing.files.length} documents with one status each (${quotedList(sharing.files)})`;
        for (const ref of refs) {
          if (ref.document === allowed) continue;
          const relation = sharing.files.includes(ref.document) ? 'one of' : 'beside';
          results.push(
            finding(
              `${writtenInPrefix(ref)}Problem response or schema comes from "${ref.document}", ${relation} ${documents}; all of them must come from one shared registry`,
              ref.path,
            ),
          );
        }
        return results;
      }
    }
    for (const ref of refs) {
      if (ref.document === allowed) continue;
      results.push(
        finding(
          `${writtenInPrefix(ref)}Problem response or schema comes from "${ref.document}"; all of them must come from one shared registry, "${allowed}"`,
          ref.path,
        ),
      );
    }
    return results;
  },
  { unresolvedPaths: true },
);
