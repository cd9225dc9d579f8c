/** list-sort-parameter (§4.4): `sort` is a query string with the convention's pattern; its examples follow it and name fields. */
import { JsonPath, Seen, isObject, isString, quote } from './lib/json';
import { LIST_OPTIONS, ListOptions, listOperations } from './lib/list-detection';
import { fieldList, unknownFields } from './lib/list-item';
import { namedParameter, queryStringDefects } from './lib/list-parameters';
import { SORT_PATTERN, sortFields, examplesForList } from './lib/list-values';
import { Finding, documentRule, finding, listedDefect, quotedList } from './lib/rule';
import { flat } from './lib/schema';
import { writtenDocumentsOf } from './lib/written';

/** @public: exported for the declaration files, which name it in `RULE_FUNCTIONS`'s type (functions/index.ts). */
export interface Options extends ListOptions {
  /** Replaces the convention's sort pattern (§4.4.3). */
  sortPattern: string;
}

const compile = (pattern: string): RegExp | undefined => {
  try {
    return new RegExp(pattern);
  } catch {
    return undefined;
  }
};

/** Names of one example that the listed item lacks, in one sentence. */
const unknownField = (field: string, path: JsonPath, items: unknown, what: string): Finding =>
  listedDefect(fields =>
    fields.length === 1
      ? `"sort" ${what} orders by "${fields[0]}", which is not a field of the listed item; expected one of ${fieldList(items)}`
      : `"sort" ${what} orders by ${quotedList(fields)}, which are not fields of the listed item; expected one of ${fieldList(items)}`,
  )(field, path);

const ENTRY = /^[a-z][a-zA-Z0-9]*\|(?:asc|desc)$/;

/**
 * Why a value fails the sort pattern, in words that lead to the fix: §4.4.3's pattern asks more of
 * the first field (camelCase of two words or more, such as createdAt) than of the others, which a
 * value of well-formed entries such as "title|asc" still fails.
 */
function whyNotSorted(value: string, pattern: string): string {
  if (pattern !== SORT_PATTERN) return `does not match the sort pattern; expected a value matching ${pattern}`;
  const entries = value.split(',');
  const bad = entries.find(entry => !ENTRY.test(entry));
  if (bad !== undefined && entries.length === 1) {
    return `is not a "<fieldName>|<asc|desc>" entry; expected camelCase field names with a direction, separated by commas, such as "createdAt|desc,name|asc"`;
  }
  if (bad !== undefined) {
    return `has the entry ${quote(bad)}; expected "<fieldName>|<asc|desc>" entries (camelCase field names) separated by commas, such as "createdAt|desc,name|asc"`;
  }
  return `orders first by "${entries[0].split('|')[0]}"; §4.4.3's pattern asks the first field to be camelCase of two words or more, such as "createdAt|desc,title|asc" (the \`sortPattern\` option can replace the pattern)`;
}

export default documentRule<Options>(
  { ...LIST_OPTIONS, properties: { ...LIST_OPTIONS.properties, sortPattern: { type: 'string', minLength: 1 } } },
  function listSortParameter(doc, { sortPattern = SORT_PATTERN, listDetection }, context) {
    const results: Finding[] = [];
    const seen = new Seen();
    const grammar = compile(sortPattern);
    const lists = listOperations(doc, listDetection);
    for (const list of lists) {
      const p = namedParameter(list.operation, 'sort');
      if (p === undefined) continue;
      if (seen.first(p.node)) {
        results.push(...queryStringDefects(p, 'a string "<fieldName>|<asc|desc>,..."'));
        const f = flat(p.schema);
        const pattern = f.parts.map(part => part.schema.pattern).find(isString);
        if (f.known && f.types.has('string') && pattern !== sortPattern) {
          const actual = pattern === undefined ? 'declares no pattern' : `pattern is ${quote(pattern, 200)}`;
          const written = isObject(p.schema) && p.schema.pattern !== undefined;
          results.push(
            finding(`"sort" ${actual}; expected ${sortPattern}`, written ? [...p.schemaPath, 'pattern'] : p.schemaPath),
          );
        }
      }
      const examples = examplesForList(p, list, seen, writtenDocumentsOf(context), lists, (other, value) =>
        unknownFields(other.items, sortFields(value)),
      );
      for (const example of examples) {
        const use = example.use;
        const what = example.path[example.path.length - 1] === 'default' ? 'default' : 'example';
        if (grammar && !grammar.test(example.value)) {
          results.push(
            finding(`"sort" ${what} ${quote(example.value)} ${whyNotSorted(example.value, sortPattern)}`, example.path),
          );
          continue;
        }
        const unknown = unknownFields(list.items, sortFields(example.value));
        if (use !== undefined && unknown.length > 0) {
          results.push(
            finding(
              `${use.name} ("sort"), used by this list, has ${what} ${quote(example.value)} ordering by ${quotedList(unknown)}, not fields of its listed item; expected fields among ${fieldList(list.items)}`,
              use.path,
            ),
          );
          continue;
        }
        for (const field of unknown) results.push(unknownField(field, example.path, list.items, what));
      }
    }
    return results;
  },
);
