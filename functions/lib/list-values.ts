/**
 * The values of filter, sort and fields parameters (§4.3-§4.5): their grammars, and which examples
 * of a parameter to check against which list (a shared parameter serves many lists).
 */
import { JsonPath, Seen, idOf, isString, refName } from './json';
import { WrittenDocuments, writtenKey, writtenRefIn } from './written';
import { ListOperation } from './list-detection';
import { Parameter, parameterExamples, parametersOf } from './list-parameters';

/** §4.3.2: the value pattern of a filter parameter. */
export const FILTER_PATTERN = '^(eq|ne|gt|lt|gte|lte|in|nin|like|ilike)?:?([^:&]+)$';
/** §4.4.3: the value pattern of `sort`, as the conventions write it. */
export const SORT_PATTERN = '^[a-z]+(?:[A-Z][a-z]+)+\\|(?:asc|desc)(?:,[a-z]+(?:[A-Z][a-z]+)*\\|(?:asc|desc))*$';
/** §4.5: camelCase names, dot-separated for nesting, comma-separated. */
const NAME = '[a-z][a-zA-Z0-9]*(?:\\.[a-z][a-zA-Z0-9]*)*';
export const FIELDS_GRAMMAR = new RegExp(`^(?:${NAME}(?:,${NAME})*)?$`);

const OPERATORS = ['eq', 'ne', 'gt', 'lt', 'gte', 'lte', 'in', 'nin', 'like', 'ilike'];
/** Why a filter value breaks the `[<operator>:]<value>` grammar (§4.3), or undefined when it follows it. */
export function filterValueDefect(value: string): string | undefined {
  const colon = value.indexOf(':');
  const operator = colon >= 0 ? value.slice(0, colon) : undefined;
  const operand = colon >= 0 ? value.slice(colon + 1) : value;
  if (operator !== undefined && !OPERATORS.includes(operator))
    return `"${operator}" is not an operator (${OPERATORS.join(', ')})`;
  if (!/^[^:&]+$/.test(operand)) return 'the value after the operator must be non-empty and contain no ":" or "&"';
  if ((operator === 'in' || operator === 'nin') && operand.split(',').some(item => item.trim() === '')) {
    return `${operator}: takes a comma-separated list without empty items`;
  }
  if ((operator === 'like' || operator === 'ilike') && /[%]/.test(operand))
    return `${operator}: uses * as its wildcard, not %`;
  return undefined;
}

/** The field names a sort value orders by. */
export const sortFields = (value: string): string[] => value.split(',').map(entry => entry.split('|')[0]);

/** The field names a fields value selects. */
export const selectedFields = (value: string): string[] => (value === '' ? [] : value.split(','));

/** A parameter's string examples, each checked once per listed item (a shared parameter serves many lists). */
const stringExamples = (p: Parameter, list: ListOperation, seen: Seen): { value: string; path: JsonPath }[] =>
  parameterExamples(p).filter(
    (example): example is { value: string; path: JsonPath } =>
      isString(example.value) && seen.first(p.node, `example ${example.path.join('/')} ${idOf(list.items)}`),
  );

/**
 * The examples of a `sort` or `fields` parameter to check against one list, and where an example
 * that names fields the list's item lacks is reported. A parameter shared by several lists (a `$ref`
 * to a component) may fit some and not others: such a defect of the pairing goes to the list's
 * `$ref`, naming the component (`use`); an example that fits none of its lists is the component's
 * own defect, reported at the example once (`use` undefined).
 */
export function examplesForList(
  p: Parameter,
  list: ListOperation,
  seen: Seen,
  documents: WrittenDocuments,
  lists: ListOperation[],
  unknown: (list: ListOperation, value: string) => string[],
): { value: string; path: JsonPath; use?: { path: JsonPath; name: string } }[] {
  const ref = writtenRefIn(documents, p.path);
  if (ref === undefined) return stringExamples(p, list, seen);
  const others = listsUsingWritten(lists, documents).get(writtenParameterKey(documents, p)) ?? [];
  return parameterExamples(p)
    .filter((e): e is { value: string; path: JsonPath } => isString(e.value))
    .flatMap(example => {
      const fitsSome = others.some(other => unknown(other, example.value).length === 0);
      // Once per example of the component, whichever list reaches it first (each list reaches it by its own path).
      const own = example.path.slice(p.path.length).join('/');
      if (!fitsSome) return seen.first(p.node, `example ${own}`) ? [example] : [];
      return [{ ...example, use: { path: [...p.path, '$ref'], name: refName(ref) } }];
    });
}

/**
 * Where a parameter is written (its document and pointer), as shared parameters are told apart: a
 * component kept in another file resolves into one copy per `$ref` chain (Polaris's `policy-type`,
 * used by two lists from two files), so object identity would count it once per copy.
 */
export const writtenParameterKey = (documents: WrittenDocuments, p: Parameter): string =>
  writtenKey(documents, p.path) ?? `object ${idOf(p.node)}`;

/** Built once per set of lists (keyed by the array's identity, one per document and options). */
const usersByPlace = new WeakMap<ListOperation[], Map<string, ListOperation[]>>();

/**
 * The lists that use each parameter, by where it is written (`writtenParameterKey`), built once per
 * rule run: asking each shared parameter which lists take it, list by list, grows with the square of
 * the document's operations.
 */
export function listsUsingWritten(lists: ListOperation[], documents: WrittenDocuments): Map<string, ListOperation[]> {
  const known = usersByPlace.get(lists);
  if (known !== undefined) return known;
  const byPlace = new Map<string, ListOperation[]>();
  usersByPlace.set(lists, byPlace);
  for (const list of lists) {
    for (const q of parametersOf(list.operation)) {
      const key = writtenParameterKey(documents, q);
      const using = byPlace.get(key);
      if (using === undefined) byPlace.set(key, [list]);
      // Lists are walked in turn: a list already there is the last one (no quadratic search on Graph's thousands).
      else if (using[using.length - 1] !== list) using.push(list);
    }
  }
  return byPlace;
}
