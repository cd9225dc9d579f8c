/**
 * The options of `createRuleset`, checked up front so that a mistake reads as a sentence, not a stack.
 */
import { isObject } from './json';
import { ListDetection } from './list-detection';

export interface RulesetOptions {
  /** The one shared problem registry document that error responses may `$ref` (§2.3). */
  registry?: string;
  /** `rfc9110` (default) or `any-uri`, for platforms with problem types of their own. */
  typeStyle?: 'rfc9110' | 'any-uri';
  /** Report every MUST of the conventions as an error: the required-responses rules and list-filter-safe-method too. */
  strict?: boolean;
  /** Replaces the sort value pattern of §4.4.3. */
  sortPattern?: string;
  /** Operations (operationId or "METHOD /path") to treat as list operations, or not, whatever detection says. */
  listDetection?: ListDetection;
  /** Where the rule pages are hosted: a URL in which `{rule}` stands for the rule id. */
  docsUrl?: string;
  /** Known findings to leave out (docs/baseline.md): a baseline file, absolute or relative to the working directory. */
  baseline?: string;
}

const KNOWN = ['registry', 'typeStyle', 'strict', 'sortPattern', 'listDetection', 'docsUrl', 'baseline'];

const fail = (message: string): never => {
  throw new TypeError(`spectral-api-conventions: ${message}`);
};

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every(item => typeof item === 'string' && item !== '');

export function checkOptions(options: unknown): RulesetOptions {
  if (options === undefined || options === null) return {};
  if (!isObject(options))
    return fail(`createRuleset takes an options object, not ${Array.isArray(options) ? 'an array' : typeof options}`);
  for (const key of Object.keys(options)) {
    if (!KNOWN.includes(key)) fail(`unknown option "${key}"; the options are ${KNOWN.join(', ')}`);
  }
  const { registry, typeStyle, strict, sortPattern, listDetection, docsUrl } = options;
  if (options.baseline !== undefined && (typeof options.baseline !== 'string' || options.baseline.trim() === ''))
    fail('option "baseline" must be the path of a baseline file, e.g. ".spectral-baseline.json"');
  if (docsUrl !== undefined) {
    const example = typeof docsUrl === 'string' ? docsUrl.replace('{rule}', 'problem-example-title') : '';
    if (typeof docsUrl !== 'string' || !docsUrl.includes('{rule}') || !/^https?:\/\/[^\s/]+/.test(example)) {
      fail(
        `option "docsUrl" must be an http(s) URL in which {rule} stands for the rule id, e.g. "https://docs.example.com/api-rules/{rule}.html", not ${JSON.stringify(docsUrl)}`,
      );
    }
  }
  if (registry !== undefined && (typeof registry !== 'string' || registry === ''))
    fail('option "registry" must be the URL or path of the registry document, a non-empty string');
  if (typeStyle !== undefined && typeStyle !== 'rfc9110' && typeStyle !== 'any-uri')
    fail(`option "typeStyle" must be "rfc9110" or "any-uri", not ${JSON.stringify(typeStyle)}`);
  if (strict !== undefined && typeof strict !== 'boolean')
    fail(`option "strict" must be true or false, not ${JSON.stringify(strict)}`);
  if (sortPattern !== undefined) {
    if (typeof sortPattern !== 'string' || sortPattern === '')
      fail('option "sortPattern" must be a regular expression, as a non-empty string');
    try {
      new RegExp(sortPattern as string);
    } catch (error) {
      fail(`option "sortPattern" is not a valid regular expression: ${(error as Error).message}`);
    }
  }
  if (listDetection !== undefined) {
    if (!isObject(listDetection))
      fail('option "listDetection" must be an object { include?: string[], exclude?: string[] }');
    const detection = listDetection as Record<string, unknown>;
    for (const key of Object.keys(detection)) {
      if (key !== 'include' && key !== 'exclude')
        fail(`option "listDetection" takes include and exclude, not "${key}"`);
      if (!isStringList(detection[key]))
        fail(`option "listDetection.${key}" must be a list of operationIds or "METHOD /path" strings`);
    }
  }
  return options;
}
