/** How a rule function is made: one shape for all, total by construction. */
import { createRulesetFunction } from '@stoplight/spectral-core';
import type { IFunctionResult, RulesetFunctionContext } from '@stoplight/spectral-core';
import { Dict, JsonPath, isObject, sourcePath } from './json';
import { Document, documentOf } from './openapi';

/**
 * What a rule reports. Several defects of one rule at one place are one finding naming them all
 * (so that Spectral's fingerprints, GitLab's among them, and the editor's squiggles count one per
 * place); a defect that can stand in such a list says how (`merge`), and the baseline still sees
 * each defect on its own.
 */
export interface Finding extends IFunctionResult {
  merge?: Merge;
}

/** How defects of one kind at one place read together: "No 400 or 500 response; …". */
export interface Merge {
  item: string;
  combine: (items: string[]) => string;
}

export type { JsonPath };

export const finding = (message: string, path: JsonPath, merge?: Merge): Finding =>
  merge ? { message, path, merge } : { message, path };

/** "400", "400 or 500", "400, 404 or 500". */
export const orList = (items: string[]): string =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;

const pathKey = (path: JsonPath | undefined): string => JSON.stringify(path ?? []);

/** One finding per place: defects at one path merged, as their `merge` says, else their messages joined. */
export function onePerPlace(findings: Finding[]): IFunctionResult[] {
  const byPlace = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = pathKey(f.path);
    const list = byPlace.get(key);
    if (list === undefined) byPlace.set(key, [f]);
    else if (!list.some(other => other.message === f.message)) list.push(f);
  }
  return [...byPlace.values()].map(list => {
    const [first] = list;
    if (list.length === 1) return { message: first.message, path: first.path };
    const combine = first.merge?.combine;
    if (combine !== undefined && list.every(f => f.merge?.combine === combine)) {
      return { message: combine(list.map(f => f.merge!.item)), path: first.path };
    }
    return { message: list.map(f => f.message).join('; and '), path: first.path };
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

/**
 * Whether Spectral could not parse the document: our rules then judge nothing, since a garbled
 * `'400'` would read as a missing 400 response. Spectral's own parser findings stand.
 */
const unparsable = (context: RulesetFunctionContext): boolean =>
  (context.document.diagnostics ?? []).some(diagnostic => diagnostic.code === 'parser' && diagnostic.severity === 0);

/** The one finding a rule gives when it fails on a document: said, at the root, never swallowed. */
export const internalError = (error: unknown): Finding => ({
  message: `rule could not check this document: ${error instanceof Error ? error.message : String(error)}; please report it`,
  path: [],
});

type Check<O> = (doc: Document, options: Partial<O>, context: RulesetFunctionContext) => Finding[];

/**
 * A rule function over the whole resolved document (`given: $`), named after the check it runs
 * (`function listResponseEnvelope(doc) {…}`). It receives the cached document view; whatever it
 * meets, it returns findings and never throws: Spectral aborts the whole lint when a rule function
 * throws.
 */
export function documentRule<O extends object>(options: Dict | null, check: Check<O>) {
  const rule = (input: unknown, opts: O | null, context: RulesetFunctionContext): IFunctionResult[] => {
    if (!isObject(input) || unparsable(context)) return [];
    try {
      const defects = check(documentOf(input), opts ?? {}, context);
      const unresolved: unknown = context.document.data;
      const placed =
        context.rule.resolved === false
          ? defects
          : defects.map(defect => (defect.path ? { ...defect, path: sourcePath(unresolved, defect.path) } : defect));
      return onePerPlace(placed);
    } catch (error) {
      if (rethrow()) throw error;
      return [internalError(error)];
    }
  };
  Object.defineProperty(rule, 'name', { value: check.name });
  return createRulesetFunction<unknown, O | null>({ input: null, options }, rule);
}
