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

/** Set by the fuzz test so that a bug surfaces instead of being contained. */
const rethrow = (): boolean => typeof process !== 'undefined' && process.env?.SPECTRAL_API_CONVENTIONS_THROW === '1';

/**
 * A rule function over the whole resolved document (`given: $`). It receives the cached
 * document view; whatever it meets, it returns findings and never throws: Spectral aborts the
 * whole lint when a rule function throws.
 */
export function documentRule<O extends object>(
  name: string,
  options: Dict | null,
  check: (doc: Document, options: Partial<O>, context: RulesetFunctionContext) => Finding[],
) {
  const fn = (input: unknown, opts: O | null, context: RulesetFunctionContext): Finding[] => {
    if (!isObject(input)) return [];
    try {
      const results = check(documentOf(input), opts ?? {}, context);
      const unresolved: unknown = context.document.data;
      if (context.rule.resolved === false) return results;
      return results.map(result => (result.path ? { ...result, path: sourcePath(unresolved, result.path) } : result));
    } catch (error) {
      if (rethrow()) throw error;
      return [];
    }
  };
  Object.defineProperty(fn, 'name', { value: name });
  return createRulesetFunction<unknown, O | null>({ input: null, options }, fn);
}
