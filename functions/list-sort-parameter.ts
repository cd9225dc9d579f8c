/** list-sort-parameter (§4.4): `sort` is a query string with the convention's pattern; its examples follow it and name fields. */
import { JsonPath, Seen, isObject, isString, quote } from './lib/json';
import {
  LIST_OPTIONS,
  ListOptions,
  SORT_PATTERN,
  fieldList,
  listOperations,
  namedParameter,
  queryStringDefects,
  sortFields,
  stringExamples,
  unknownFields,
} from './lib/list';
import { Finding, documentRule, finding, listedDefect, quotedList } from './lib/rule';
import { flat } from './lib/schema';

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
const unknownField = (field: string, path: JsonPath, items: unknown): Finding =>
  listedDefect(fields =>
    fields.length === 1
      ? `"sort" example orders by "${fields[0]}", which is not a field of the listed item; expected one of ${fieldList(items)}`
      : `"sort" example orders by ${quotedList(fields)}, which are not fields of the listed item; expected one of ${fieldList(items)}`,
  )(field, path);

export default documentRule<Options>(
  { ...LIST_OPTIONS, properties: { ...LIST_OPTIONS.properties, sortPattern: { type: 'string', minLength: 1 } } },
  function listSortParameter(doc, { sortPattern = SORT_PATTERN, listDetection }) {
    const results: Finding[] = [];
    const seen = new Seen();
    const grammar = compile(sortPattern);
    for (const list of listOperations(doc, listDetection)) {
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
      for (const example of stringExamples(p, list, seen)) {
        if (grammar && !grammar.test(example.value)) {
          results.push(
            finding(
              `"sort" example ${quote(example.value)} does not match the sort pattern; expected "<fieldName>|<asc|desc>" entries separated by commas, such as "createdAt|desc,name|asc"`,
              example.path,
            ),
          );
          continue;
        }
        for (const field of unknownFields(list.items, sortFields(example.value))) {
          results.push(unknownField(field, example.path, list.items));
        }
      }
    }
    return results;
  },
);
