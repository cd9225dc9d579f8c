/** list-pagination-parameters (§4.2, §8): limit with offset or cursor, bounded and defaulted, in the query. */
import { JsonPath, Seen, isObject } from './lib/json';
import { LIST_OPTIONS, ListOptions, listOperations } from './lib/list-detection';
import { Parameter, parametersOf } from './lib/list-parameters';
import { typePath } from './lib/problem';
import { Finding, documentRule, finding, listedDefect, series } from './lib/rule';

const LIMIT = 'limit (integer, minimum 1, maximum, default)';
const STYLES = 'offset (offset pagination) or cursor (cursor pagination)';
/** A missing `limit` and a missing offset-or-cursor read as one finding at the parameters. */
const missingParameter = listedDefect(missing =>
  missing.length === 2
    ? `List operation has no "limit" and neither "offset" nor "cursor"; expected ${LIMIT} with ${STYLES} in query`
    : missing[0] === 'limit'
      ? `List operation has no "limit" parameter; expected ${LIMIT} in query`
      : `List operation has neither "offset" nor "cursor"; expected ${STYLES} in query`,
);
/** Bounds and default a `limit` schema does not set, in one sentence. */
const EXPECTED_KEYWORD: Record<string, string> = {
  minimum: 'a minimum of at least 1',
  maximum: 'a maximum page size (§4.2.4, §8.1)',
  default: 'a default page size (§4.2.3, §8.2)',
};
const unsetLimitKeyword = listedDefect(
  keywords =>
    `"limit" has no ${series(keywords, 'or')}; expected ${series(
      keywords.map(k => EXPECTED_KEYWORD[k]),
      'and',
    )}`,
);
import { declaredType, flat } from './lib/schema';

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The defects of one pagination parameter, checked once per parameter object. */
function checkParameter(p: Parameter): Finding[] {
  const results: Finding[] = [];
  if (p.in !== 'query')
    results.push(finding(`Pagination parameter "${p.name}" is in ${p.in}; expected it in query`, [...p.path, 'in']));
  if (p.node.required === true && p.in !== 'path')
    results.push(
      finding(
        `Pagination parameter "${p.name}" is required; expected it optional, the API applying a default (§4.1, §4.2.3)`,
        [...p.path, 'required'],
      ),
    );
  const type = p.name === 'cursor' ? 'string' : 'integer';
  const f = flat(p.schema);
  if (!f.known) return results;
  if (!f.types.has(type)) {
    const actual = declaredType(p.schema);
    // Asana's `offset` is the opaque token its last page handed back: a cursor by another name.
    const message =
      p.name === 'offset' && f.types.has('string')
        ? 'Pagination parameter "offset" is a string; an opaque page token is a cursor: name it cursor, or make offset an integer count of items to skip'
        : `Pagination parameter "${p.name}" ${actual}; expected ${type}`;
    results.push(finding(message, typePath(p.schema, p.schemaPath)));
    return results;
  }
  if (!isObject(p.schema)) return results;
  // Bounds and default may sit in an `allOf` member (a `$ref`-ed page-size schema with a description beside it).
  const part = (key: string) => f.parts.find(q => q.schema[key] !== undefined);
  const value = (key: string): number | undefined => num(part(key)?.schema[key]);
  const min = value('minimum');
  const max = value('maximum');
  const def = value('default');
  const at = (key: string): JsonPath => {
    const q = part(key);
    return q === undefined ? p.schemaPath : [...p.schemaPath, ...q.path, key];
  };
  if (p.name === 'limit') {
    if (min === undefined) results.push(unsetLimitKeyword('minimum', p.schemaPath));
    else if (min < 1)
      results.push(finding(`"limit" minimum is ${min}; expected a minimum of at least 1`, at('minimum')));
    if (max === undefined) results.push(unsetLimitKeyword('maximum', p.schemaPath));
    if (def === undefined) results.push(unsetLimitKeyword('default', p.schemaPath));
    else if ((min !== undefined && def < min) || (max !== undefined && def > max)) {
      results.push(
        finding(
          `"limit" default ${def} lies outside its minimum ${min ?? '-'} and maximum ${max ?? '-'}; expected a default within them`,
          at('default'),
        ),
      );
    }
  }
  if (p.name === 'offset') {
    if (min !== 0) results.push(finding(`"offset" minimum is ${min ?? 'not set'}; expected minimum 0`, at('minimum')));
    if (def === undefined)
      results.push(finding('"offset" has no default; expected a default (usually 0)', p.schemaPath));
  }
  return results;
}

export default documentRule<ListOptions>(LIST_OPTIONS, function listPaginationParameters(doc, { listDetection }) {
  const results: Finding[] = [];
  const seen = new Seen();
  for (const { operation } of listOperations(doc, listDetection)) {
    const parameters = parametersOf(operation);
    const find = (name: string) => parameters.find(p => p.name === name && p.in !== 'path' && p.in !== 'body');
    const limit = find('limit');
    const offset = find('offset');
    const cursor = find('cursor');
    const at = Array.isArray(operation.node.parameters) ? [...operation.path, 'parameters'] : operation.path;
    if (limit === undefined) results.push(missingParameter('limit', at));
    if (offset === undefined && cursor === undefined) results.push(missingParameter('offset or cursor', at));
    if (offset !== undefined && cursor !== undefined) {
      results.push(
        finding('List operation takes both "offset" and "cursor"; expected one pagination style', cursor.path),
      );
    }
    for (const p of [limit, offset, cursor]) if (p && seen.first(p.node)) results.push(...checkParameter(p));
  }
  return results;
});
