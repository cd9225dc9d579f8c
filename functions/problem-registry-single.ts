/**
 * problem-registry-single (§2.3): error responses and problem schemas brought in from other
 * documents all come from one document, the shared registry. Works on the unresolved document,
 * where `$ref`s are still written.
 */
import { Dict, JsonPath, Seen, entries, isObject, isString, resolvePointer } from './lib/json';
import { isErrorCode } from './lib/http';
import { OpenApiDocument, documentOf, isProblemMediaType } from './lib/openapi';
import { Finding, documentRule, finding, optionsSchema, quotedList } from './lib/rule';

export interface Options {
  /** The one allowed registry document: its URL or path, as `$ref`s write it. */
  registry: string;
}

interface ExternalRef {
  document: string;
  path: JsonPath;
  /** The response code under which the reference was reached. */
  code: string;
  /** Whether it brings in a schema (not a whole response). */
  schema: boolean;
}

const documentPart = (ref: string): string => ref.split('#')[0].replace(/^\.\//, '');

/** Follows local `$ref`s from a node and records the first external one, if any. */
function collect(
  root: Dict,
  node: unknown,
  path: JsonPath,
  refs: ExternalRef[],
  seen: Seen,
  inspect: (node: Dict, path: JsonPath) => void,
  code: string,
  schema: boolean,
): void {
  // Ends: each turn returns or moves on to a target not met before.
  while (isObject(node)) {
    const ref = node.$ref;
    if (!isString(ref)) {
      inspect(node, path);
      return;
    }
    if (!seen.first(node)) return;
    if (!ref.startsWith('#')) {
      refs.push({ document: documentPart(ref), path: [...path, '$ref'], code, schema });
      return;
    }
    const target = resolvePointer(root, ref);
    // A component reached before is not inspected again: its external $refs are recorded once.
    if (target === undefined || !seen.first(target.value, 'target')) return;
    node = target.value;
    path = target.path;
  }
}

/** The `$ref`s to other documents of the error responses of the (unresolved) document's operations. */
function externalRefs(doc: OpenApiDocument): ExternalRef[] {
  const { root, spec } = doc;
  const refs: ExternalRef[] = [];
  const seen = new Seen();
  /** A problem schema extended with `allOf` (the registry's ProblemDetails plus members of its own) brings that member in too. */
  let code = '';
  const allOfMembers = (node: Dict, path: JsonPath): void => {
    if (!Array.isArray(node.allOf)) return;
    node.allOf.forEach((member, i) =>
      collect(root, member, [...path, 'allOf', i], refs, seen, allOfMembers, code, true),
    );
  };
  const schemaOf = (node: Dict, path: JsonPath): void => {
    if (spec === 2) {
      collect(root, node.schema, [...path, 'schema'], refs, seen, allOfMembers, code, true);
      return;
    }
    for (const [mediaType, media] of entries(node.content)) {
      if (isProblemMediaType(mediaType) && isObject(media)) {
        collect(root, media.schema, [...path, 'content', mediaType, 'schema'], refs, seen, allOfMembers, code, true);
      }
    }
  };
  // The shared operation list, taken here of the unresolved document (the rule's input).
  for (const operation of doc.operations) {
    const { responses } = operation.node;
    if (!isObject(responses)) continue;
    for (const key of Object.keys(responses)) {
      code = key;
      if (isErrorCode(key))
        collect(root, responses[key], [...operation.path, 'responses', key], refs, seen, schemaOf, key, false);
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

export default documentRule<Options>(
  optionsSchema({ registry: { type: 'string', minLength: 1 } }),
  function problemRegistrySingle(_resolved, { registry }, context) {
    if (!mayReferenceOtherDocuments(context.document)) return [];
    // The `$ref`s as written: the shared operation list of the unresolved document.
    const refs = externalRefs(documentOf(context.document.data as Dict));
    if (refs.length === 0) return [];
    let allowed = registry === undefined ? undefined : documentPart(registry);
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
              `Problem response or schema comes from "${ref.document}", ${relation} ${documents}; all of them must come from one shared registry`,
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
          `Problem response or schema comes from "${ref.document}"; all of them must come from one shared registry, "${allowed}"`,
          ref.path,
        ),
      );
    }
    return results;
  },
  { unresolvedPaths: true },
);
