/**
 * What the Redocly plugin (dist/redocly.js) takes in place of the @stoplight/spectral-* modules our
 * rule files import, so that it runs where only Redocly CLI is installed (scripts/build.mjs aliases
 * @stoplight/spectral-core, -formats, -rulesets and -runtime to this file). Each export does, for the
 * plugin, what the Spectral one does:
 * - createRulesetFunction: Spectral validates a function's options with ajv; the plugin passes only
 *   the options createRuleset made (checked by checkOptions), so the rule function runs as it is;
 * - the format checks of @stoplight/spectral-formats, copied (they are three lines);
 * - spectral:oas, which only `recommended` of the Spectral entry names, as an empty ruleset.
 * Nothing of @stoplight/spectral-runtime: only the baseline filter (functions/lib/baseline-filter.ts)
 * imports it, and the plugin bundles neither (it has no baseline); should the plugin ever import it,
 * the bundle fails on the missing export instead of running a copy no test reaches.
 * Typed as the Spectral exports they replace are used here, so that tsc checks the two agree.
 */
type Document = unknown;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

export function createRulesetFunction<I, O, R>(
  _schemas: unknown,
  fn: (input: I, options: O, ...rest: unknown[]) => R,
): (input: I, options: O, ...rest: unknown[]) => R {
  const wrapped = (input: I, options: O, ...rest: unknown[]): R => fn(input, options, ...rest);
  Object.defineProperty(wrapped, 'name', { value: fn.name });
  return wrapped;
}

export const oas2 = (document: Document): boolean =>
  isPlainObject(document) && 'swagger' in document && parseInt(String(document.swagger)) === 2;
const oas3 = (document: Document): document is Record<string, unknown> =>
  isPlainObject(document) && 'openapi' in document && Number.parseInt(String(document.openapi)) === 3;
export const oas3_0 = (document: Document): boolean =>
  oas3(document) && /^3\.0(?:\.[0-9]*)?$/.test(String(document.openapi));
export const oas3_1 = (document: Document): boolean =>
  oas3(document) && /^3\.1(?:\.[0-9]*)?$/.test(String(document.openapi));
export const oas3_2 = (document: Document): boolean =>
  oas3(document) && /^3\.2(?:\.[0-9]*)?$/.test(String(document.openapi));

export const oas = {};
