/** How a rule function is made: one shape for all, total by construction. */
import { createRulesetFunction } from '@stoplight/spectral-core';
import type { IFunctionResult, RulesetFunctionContext } from '@stoplight/spectral-core';
import { Dict, JsonPath, isObject, sourcePath } from './json';
import { Document, documentOf } from './openapi';

export type Finding = IFunctionResult;
export type { JsonPath };

export const finding = (message: string, path: JsonPath): Finding => ({ message, path });

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
  const rule = (input: unknown, opts: O | null, context: RulesetFunctionContext): Finding[] => {
    if (!isObject(input) || unparsable(context)) return [];
    try {
      const results = check(documentOf(input), opts ?? {}, context);
      if (context.rule.resolved === false) return results;
      const unresolved: unknown = context.document.data;
      return results.map(result => (result.path ? { ...result, path: sourcePath(unresolved, result.path) } : result));
    } catch (error) {
      if (rethrow()) throw error;
      return [internalError(error)];
    }
  };
  Object.defineProperty(rule, 'name', { value: check.name });
  return createRulesetFunction<unknown, O | null>({ input: null, options }, rule);
}
