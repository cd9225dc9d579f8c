/**
 * How a rule function is made: one shape for all, total by construction.
 */
import { createRulesetFunction } from '@stoplight/spectral-core';
import type { IFunctionResult, RulesetFunctionContext, RulesetFunctionWithValidator } from '@stoplight/spectral-core';
import { Dict, JsonPath, isObject, writtenPlace } from './json';
import { isStatusNumberKey } from './number-keys';
import { WrittenDocuments, WrittenNode, pointerOf, relativeName, writtenDocumentsOf, writtenNode } from './written';
import { OpenApiDocument, documentOf } from './openapi';
import { EXCEPTION_RULE, hasExceptions, isExcepted } from './exceptions';

/**
 * What a rule reports. Several defects of one rule at one place are one finding naming them all
 * (so that Spectral's fingerprints, GitLab's among them, and the editor's squiggles count one per
 * place); a defect that can stand in such a list says how (`merge`), and the baseline still sees
 * each defect on its own.
 */
export interface Finding extends IFunctionResult {
  merge?: Merge;
  /**
   * Where the defect's node is written, when that is another document than the one the finding is
   * placed in (the first `$ref` that brings it in): what a defect filter needs to know which
   * operations use the node (uses.ts). Spectral passes no such field on; the filter sees it.
   */
  written?: WrittenNode;
}

/** How defects of one kind at one place read together: "No 400 or 500 response; …". */
export interface Merge {
  item: string;
  combine: (items: string[]) => string;
  /** Defects of one kind merge (default: the source of `combine`). */
  kind?: string;
}

export type { JsonPath };

export const finding = (message: string, path: JsonPath, merge?: Merge): Finding =>
  merge ? { message, path, merge } : { message, path };

/** Items as a sentence lists them: "a", "a and b", "a, b and c" (or "or"). */
export const series = (items: string[], conjunction: 'and' | 'or' = 'and'): string =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;

/** "400", "400 or 500", "400, 404 or 500". */
export const orList = (items: string[]): string => series(items, 'or');

/** '"a"', '"a" or "b"', '"a", "b" and "c"'. */
export const quotedList = (items: string[], conjunction: 'and' | 'or' = 'and'): string =>
  series(
    items.map(item => `"${item}"`),
    conjunction,
  );

/**
 * A defect that names one item (a member, a field, a status code) in a message that can name
 * several: `render([item])` alone, `render(items)` when several stand at one place.
 */
export const listedDefect =
  (render: (items: string[]) => string) =>
  (item: string, path: JsonPath): Finding =>
    finding(render([item]), path, { item, combine: render });

const pathKey = (path: JsonPath | undefined): string => JSON.stringify(path ?? []);

/**
 * One finding per place: defects at one path that name items of one kind merged into one sentence
 * (`merge`), the others joined to it.
 */
export function onePerPlace(findings: Finding[]): IFunctionResult[] {
  const byPlace = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = pathKey(f.path);
    const list = byPlace.get(key);
    if (list === undefined) byPlace.set(key, [f]);
    else if (!list.some(other => other.message === f.message)) list.push(f);
  }
  return [...byPlace.values()].map(list => {
    if (list.length === 1) return { message: list[0].message, path: list[0].path };
    const sentences: string[] = [];
    const kinds = new Map<string, Finding[]>();
    for (const f of list) {
      if (f.merge === undefined) {
        sentences.push(f.message);
        continue;
      }
      const kind = f.merge.kind ?? f.merge.combine.toString();
      const same = kinds.get(kind);
      if (same === undefined) {
        kinds.set(kind, [f]);
        sentences.push(kind);
      } else same.push(f);
    }
    const message = sentences
      .map(sentence => {
        const same = kinds.get(sentence);
        return same === undefined ? sentence : same[0].merge!.combine(same.map(f => f.merge!.item));
      })
      .join('; and ');
    return { message, path: list[0].path };
  });
}

/** Options schemas are objects; Spectral passes null when a rule sets none. */
export const optionsSchema = (properties: Dict = {}): Dict => ({
  type: ['object', 'null'],
  properties,
  additionalProperties: false,
});

/**
 * Set by the test setup, the fuzz test and the corpus runner (SPECTRAL_API_CONVENTIONS_THROW=1), so
 * that a bug of ours fails them instead of becoming a finding.
 */
const rethrow = (): boolean => typeof process !== 'undefined' && process.env?.SPECTRAL_API_CONVENTIONS_THROW === '1';

/** The severity of a parser error (@stoplight/types' DiagnosticSeverity.Error). */
const PARSE_ERROR: NonNullable<RulesetFunctionContext['document']['diagnostics']>[number]['severity'] = 0;

/**
 * Whether Spectral could not parse the document: our rules then judge nothing, since a garbled
 * `'400'` would read as a missing 400 response. Spectral's own parser findings stand. A status code
 * written as a number (`400:`) is read as the string it spells: not a reason to judge nothing.
 */
const unparsable = (context: RulesetFunctionContext): boolean =>
  (context.document.diagnostics ?? []).some(
    diagnostic => diagnostic.code === 'parser' && diagnostic.severity === PARSE_ERROR && !isStatusNumberKey(diagnostic),
  );

/** The one finding a rule gives when it fails on a document: said, at the root, never swallowed. */
export const internalError = (error: unknown): Finding => ({
  message: `rule could not check this document: ${error instanceof Error ? error.message : String(error)}; please report it`,
  path: [],
});

/**
 * A defect placed in the linted document: where its node is written; a defect inside another
 * document (a path item, response or schema in a file of its own, a `$ref`d registry) at the linted
 * document's first reference that brings it in, its message naming the document and JSON pointer
 * where the node is written (`In shared/responses/unauthorized.yml#/content: …`), so that defects of
 * several nodes reached through one reference each keep a finding of their own there.
 */
function place(unresolved: unknown, defect: Finding, documents: WrittenDocuments): Finding & { identity?: string } {
  if (!defect.path) return defect;
  const { path, external } = writtenPlace(unresolved, defect.path);
  if (external === undefined) return { ...defect, path };
  const node = writtenNode(documents, defect.path);
  // A node of the linted document reached back from another file (NHS's root parameter `$ref`d as
  // `../openapi.yaml#/components/parameters/…` from a path file) is named in it, at its own pointer.
  if (node !== undefined && node.document === documents.root) return { ...defect, path: node.path };
  const known = node !== undefined && node.document.source !== null;
  const where = known
    ? `${relativeName(node.document.source, documents.root.source)}${node.path.length > 0 ? pointerOf(node.path) : ''}`
    : external;
  return {
    ...defect,
    path,
    message: `In ${where}: ${defect.message}`,
    ...(known ? { written: node } : {}),
    // Known by its document and pointer, so that one defect there is one finding, at the first $ref to it.
    identity: `${known ? `${node.document.source}${pointerOf(node.path)}` : `${external} ${JSON.stringify(defect.path)}`} ${defect.message}`,
    ...(defect.merge
      ? {
          merge: {
            item: defect.merge.item,
            kind: `${where} ${defect.merge.kind ?? defect.merge.combine.toString()}`,
            combine: (items: string[]) => `In ${where}: ${defect.merge!.combine(items)}`,
          },
        }
      : {}),
  };
}

/** Defects of other documents, once each (the first `$ref` that brings one in carries it). */
function oncePerNode(defects: (Finding & { identity?: string })[]): Finding[] {
  const seen = new Set<string>();
  return defects
    .filter(defect => defect.identity === undefined || (!seen.has(defect.identity) && !!seen.add(defect.identity)))
    .map(defect => {
      const copy = { ...defect };
      delete copy.identity;
      return copy;
    });
}

/**
 * The defects no exception written in the description drops (`x-api-conventions-exceptions`,
 * functions/lib/exceptions.ts): here, where every rule's defects pass, so that every engine and
 * command honours them. Nothing to do for a document without any, known once per document.
 */
function inForce(defects: Finding[], resolved: Dict, written: Dict, context: RulesetFunctionContext): Finding[] {
  const rule = (context as { rule?: { name?: unknown } }).rule?.name;
  if (defects.length === 0 || typeof rule !== 'string' || rule === EXCEPTION_RULE || !hasExceptions(resolved))
    return defects;
  return defects.filter(defect => !isExcepted(rule, resolved, written, defect.path ?? []));
}

type Check<O> = (doc: OpenApiDocument, options: Partial<O>, context: RulesetFunctionContext) => Finding[];

/**
 * Sees a rule's defects each on its own, placed where it is written, before they merge into
 * findings, and returns those to report. The baseline's (baseline-filter.ts) is the one there is: it
 * records defects for the `baseline` command and leaves out the known ones.
 */
export type DefectFilter = <D extends IFunctionResult>(defects: D[], context: RulesetFunctionContext) => D[];

/** A rule function made by `documentRule`; `withFilter` makes the same rule with a filter on its defects. */
export type DocumentRuleFunction<O> = RulesetFunctionWithValidator<unknown, O | null> & {
  withFilter(filter: DefectFilter): DocumentRuleFunction<O>;
};

/**
 * A rule function over the whole document (`given: $`), named after the check it runs
 * (`function listResponseEnvelope(doc) {…}`). Every rule is declared `resolved: false`: Spectral
 * hands it the document as written, and it reads the resolved one from the document inventory
 * (`doc`). So the rule, not Spectral, decides where a finding goes: in a shared component (the
 * path through local `$ref`s mapped to where the node is written, `sourcePath`), or at a use
 * (a path ending in the `$ref` that brought the component in, which Spectral would otherwise follow
 * into the component). Whatever it meets, it never throws: Spectral aborts the whole lint when a
 * rule function throws.
 *
 * `unresolvedPaths`: the check reports paths of the written document already (it reads `$ref`s).
 * The rule made here has no filter; `createRuleset` gives each rule the baseline's (`withFilter`).
 */
export function documentRule<O extends object>(
  options: Dict | null,
  check: Check<O>,
  { unresolvedPaths = false }: { unresolvedPaths?: boolean } = {},
): DocumentRuleFunction<O> {
  const make = (filter: DefectFilter | undefined): DocumentRuleFunction<O> => {
    const rule = (input: unknown, opts: O | null, context: RulesetFunctionContext): IFunctionResult[] => {
      if (!isObject(input) || unparsable(context)) return [];
      try {
        const resolved: unknown = (context.documentInventory as { resolved?: unknown } | undefined)?.resolved;
        const root = isObject(resolved) ? resolved : input;
        const defects = inForce(check(documentOf(root), opts ?? {}, context), root, input, context);
        const documents = writtenDocumentsOf(context);
        const placed = unresolvedPaths ? defects : oncePerNode(defects.map(defect => place(input, defect, documents)));
        // The filter sees each defect on its own, where it is written, before defects merge.
        return onePerPlace(filter === undefined ? placed : filter(placed, context));
      } catch (error) {
        if (rethrow()) throw error;
        return [internalError(error)];
      }
    };
    Object.defineProperty(rule, 'name', { value: check.name });
    const fn = createRulesetFunction<unknown, O | null>({ input: null, options }, rule);
    return Object.assign(fn, { withFilter: make });
  };
  return make(undefined);
}
