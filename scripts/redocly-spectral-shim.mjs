// What the Redocly plugin (dist/redocly.js) takes in place of the @stoplight/spectral-* modules our
// rule files import, so that it runs where only Redocly CLI is installed (scripts/build.mjs aliases
// those modules here). Each export does, for the plugin, what the Spectral one does:
// - createRulesetFunction: Spectral validates a function's options with ajv; the plugin passes only
//   the options createRuleset made (checked by checkOptions), so the rule function runs as it is;
// - the format checks of @stoplight/spectral-formats, copied (they are three lines);
// - spectral:oas, which only `recommended` of the Spectral entry names, as an empty ruleset;
// - the runtime's readFile and decodeSegmentFragment, used by the baseline, which the plugin does not offer.
const isPlainObject = value =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

export function createRulesetFunction(_schemas, fn) {
  const wrapped = (input, options, ...rest) => fn(input, options, ...rest);
  Object.defineProperty(wrapped, 'name', { value: fn.name });
  return wrapped;
}

export const oas2 = document =>
  isPlainObject(document) && 'swagger' in document && parseInt(String(document.swagger)) === 2;
export const oas3 = document =>
  isPlainObject(document) && 'openapi' in document && Number.parseInt(String(document.openapi)) === 3;
export const oas3_0 = document => oas3(document) && /^3\.0(?:\.[0-9]*)?$/.test(String(document.openapi));
export const oas3_1 = document => oas3(document) && /^3\.1(?:\.[0-9]*)?$/.test(String(document.openapi));
export const oas3_2 = document => oas3(document) && /^3\.2(?:\.[0-9]*)?$/.test(String(document.openapi));

export const oas = {};

export const decodeSegmentFragment = segment => {
  try {
    return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
  } catch {
    return segment;
  }
};

export async function readFile() {
  throw new Error('spectral-api-conventions: the baseline is not available in the Redocly plugin');
}
