/** list-fields-parameter (§4.5): `fields` is a query string of camelCase names; its examples name fields of the listed item. */
import { Seen, idOf, isString, quote } from './lib/json';
import { LIST_OPTIONS, ListOptions, FIELDS_GRAMMAR, fieldList, hasField, knowsFields, listOperations, parameterExamples, parametersOf, selectedFields } from './lib/list';
import { typePath } from './lib/problem';
import { Finding, documentRule, finding } from './lib/rule';
import { declaredType, flat } from './lib/schema';

export default documentRule<ListOptions>('listFields', LIST_OPTIONS, (doc, { listDetection }) => {
  const results: Finding[] = [];
  const seen = new Seen();
  for (const list of listOperations(doc, listDetection)) {
    const p = parametersOf(list.operation).find(q => q.name === 'fields' && q.in !== 'path');
    if (p === undefined) continue;
    if (seen.first(p.node)) {
      if (p.in !== 'query') results.push(finding(`"fields" is in ${p.in}; expected it in query`, [...p.path, 'in']));
      const f = flat(p.schema);
      if (f.known && !f.types.has('string')) {
        const actual = declaredType(p.schema);
        results.push(finding(`"fields" ${actual}; expected a string of comma-separated camelCase field names`, typePath(p.schema, p.schemaPath)));
      }
    }
    for (const example of parameterExamples(p)) {
      if (!isString(example.value) || !seen.first(p.node, `example ${example.path.join('/')} ${idOf(list.items)}`)) continue;
      if (!FIELDS_GRAMMAR.test(example.value)) {
        results.push(finding(`"fields" example ${quote(example.value)} is not a list of camelCase names; expected names separated by commas, dots for nested fields, such as "id,name,address.city"`, example.path));
        continue;
      }
      if (!knowsFields(list.items)) continue;
      for (const field of selectedFields(example.value)) {
        if (!hasField(list.items, field)) {
          results.push(finding(`"fields" example selects "${field}", which is not a field of the listed item; expected one of ${fieldList(list.items)}`, example.path));
        }
      }
    }
  }
  return results;
});
