/** list-sort-parameter (§4.4): `sort` is a query string with the convention's pattern; its examples follow it and name fields. */
import { Seen, idOf, isObject, isString, quote } from './lib/json';
import { LIST_OPTIONS, ListOptions, SORT_PATTERN, fieldList, hasField, knowsFields, listOperations, parameterExamples, parametersOf, sortFields } from './lib/list';
import { typePath } from './lib/problem';
import { Finding, documentRule, finding } from './lib/rule';
import { declaredType, flat } from './lib/schema';

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

export default documentRule<Options>('listSort', { ...LIST_OPTIONS, properties: { ...LIST_OPTIONS.properties, sortPattern: { type: 'string', minLength: 1 } } }, (doc, { sortPattern = SORT_PATTERN, listDetection }) => {
  const results: Finding[] = [];
  const seen = new Seen();
  const grammar = compile(sortPattern);
  for (const list of listOperations(doc, listDetection)) {
    const p = parametersOf(list.operation).find(q => q.name === 'sort' && q.in !== 'path');
    if (p === undefined) continue;
    if (seen.first(p.node)) {
      if (p.in !== 'query') results.push(finding(`"sort" is in ${p.in}; expected it in query`, [...p.path, 'in']));
      const f = flat(p.schema);
      if (f.known && !f.types.has('string')) {
        const actual = declaredType(p.schema);
        results.push(finding(`"sort" ${actual}; expected a string "<fieldName>|<asc|desc>,..."`, typePath(p.schema, p.schemaPath)));
      } else if (f.known) {
        const pattern = f.parts.map(part => part.schema.pattern).find(isString);
        const schema = isObject(p.schema) ? p.schema : {};
        if (pattern !== sortPattern) {
          const actual = pattern === undefined ? 'declares no pattern' : `pattern is ${quote(pattern, 200)}`;
          results.push(finding(`"sort" ${actual}; expected ${sortPattern}`, schema.pattern !== undefined ? [...p.schemaPath, 'pattern'] : p.schemaPath));
        }
      }
    }
    for (const example of parameterExamples(p)) {
      if (!isString(example.value) || !seen.first(p.node, `example ${example.path.join('/')} ${idOf(list.items)}`)) continue;
      if (grammar && !grammar.test(example.value)) {
        results.push(finding(`"sort" example ${quote(example.value)} does not match the sort pattern; expected "<fieldName>|<asc|desc>" entries separated by commas, such as "createdAt|desc,name|asc"`, example.path));
        continue;
      }
      if (!knowsFields(list.items)) continue;
      for (const field of sortFields(example.value)) {
        if (!hasField(list.items, field)) {
          results.push(finding(`"sort" example orders by "${field}", which is not a field of the listed item; expected one of ${fieldList(list.items)}`, example.path));
        }
      }
    }
  }
  return results;
});
