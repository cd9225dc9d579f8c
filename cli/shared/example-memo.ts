/**
 * The guard's example rules (oas2/oas3-valid-media-example, -valid-schema-example) with their results
 * remembered. Spectral's oasExample copies each schema before validating it (JSON.parse of
 * JSON.stringify), so its compiled-validator cache, keyed by object, never hits: every media type is
 * compiled afresh at every use of a shared response and in every lint. Fix lints a text several times
 * and the language server once per quick fix, with nearly all examples unchanged: most of a 1,000-line
 * description's guarded lint was these compilations (docs/performance.md).
 *
 * A result depends only on what is remembered with it: the value the rule was given, its options,
 * whether the place is a request or a response body (oasExample relaxes readOnly/writeOnly there),
 * and the document's formats and JSON Schema dialect. Its paths are kept relative to the place, so
 * that every use of a shared component takes the one result. test/cli/example-memo.test.ts compares
 * whole lints with and without the memo.
 */
import type { IFunctionResult, RulesetFunction, RulesetFunctionContext } from '@stoplight/spectral-core';

type ThenFunction = RulesetFunction<unknown, unknown>;

/** A call's results, their paths relative to the place (none: undefined, as oasExample returns). */
interface Remembered {
  results: IFunctionResult[] | undefined;
}

/** Remembered results per rule function, of this lint's and the last lint's (by document inventory). */
interface Memo {
  inventory: unknown;
  current: Map<string, Remembered>;
  previous: Map<string, Remembered>;
}

// oasExample's REQUEST_MEDIA_PATHS and RESPONSE_MEDIA_PATHS (spectral-rulesets, oas/functions), by
// its oasVersion option: the only use it makes of the place it is given besides the results' paths.
const REQUEST_PLACES: Record<number, string[][]> = {
  2: [],
  3: [
    ['components', 'requestBodies'],
    ['paths', '*', '*', 'requestBody'],
  ],
};
const RESPONSE_PLACES: Record<number, string[][]> = {
  2: [['responses'], ['paths', '*', '*', 'responses']],
  3: [
    ['components', 'responses'],
    ['paths', '*', '*', 'responses'],
  ],
};
const under = (path: readonly (string | number)[], places: string[][]): boolean =>
  places.some(place => place.every((segment, i) => segment === '*' || segment === path[i]));

/** The memo's key for a call, or undefined when the value cannot be written as JSON (a cycle). */
function memoKey(input: unknown, options: unknown, context: RulesetFunctionContext): string | undefined {
  const { document } = context;
  const formats = [...(document.formats ?? [])].map(format => format.displayName ?? format.name).sort();
  const dialect = (document.data as { jsonSchemaDialect?: unknown } | null)?.jsonSchemaDialect;
  const version = (options as { oasVersion?: unknown } | null)?.oasVersion as number;
  // An option oasExample would refuse is left to it: not remembered.
  if (REQUEST_PLACES[version] === undefined) return undefined;
  try {
    return JSON.stringify([
      input,
      options,
      under(context.path, REQUEST_PLACES[version]),
      under(context.path, RESPONSE_PLACES[version]),
      formats,
      typeof dialect === 'string' ? dialect : null,
    ]);
  } catch {
    return undefined;
  }
}

/** The results with their paths made relative to `place`, or undefined when one is not under it. */
function relative(results: IFunctionResult[], place: readonly (string | number)[]): IFunctionResult[] | undefined {
  const kept: IFunctionResult[] = [];
  for (const result of results) {
    const path = result.path ?? [];
    if (path.length < place.length || place.some((segment, i) => path[i] !== segment)) return undefined;
    kept.push({ ...result, path: path.slice(place.length) });
  }
  return kept;
}

/** `fn` with its results remembered as above; the same name, for Spectral's JSON of a ruleset. */
export function rememberingExamples(fn: ThenFunction): ThenFunction {
  const memo: Memo = { inventory: undefined, current: new Map(), previous: new Map() };
  const wrapped: ThenFunction = function (this: unknown, input, options, context) {
    // A new lint: what the lint before it used is kept one lint longer, the rest let go.
    if (context.documentInventory !== memo.inventory) {
      memo.inventory = context.documentInventory;
      memo.previous = memo.current;
      memo.current = new Map();
    }
    const key = memoKey(input, options, context);
    if (key === undefined) return fn.call(this, input, options, context);
    const remembered = memo.current.get(key) ?? memo.previous.get(key);
    if (remembered === undefined) {
      const results = fn.call(this, input, options, context);
      // Kept: no results, or results all under the place (anything else is passed on, not kept).
      const kept = Array.isArray(results) ? relative(results, context.path) : undefined;
      if (results === undefined || kept !== undefined) memo.current.set(key, { results: kept });
      return results;
    }
    memo.current.set(key, remembered);
    return remembered.results?.map(result => ({ ...result, path: [...context.path, ...(result.path ?? [])] }));
  };
  Object.defineProperty(wrapped, 'name', { value: fn.name });
  return wrapped;
}
