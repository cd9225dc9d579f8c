/** list-fields-parameter (§4.5): `fields` is a query string of camelCase names; its examples name fields of the listed item or of its envelope. */
import { JsonPath, Seen, quote } from './lib/json';
import { LIST_OPTIONS, ListOptions, listOperations } from './lib/list-detection';
import { fieldList, unselectable } from './lib/list-item';
import { namedParameter, queryStringDefects } from './lib/list-parameters';
import { FIELDS_GRAMMAR, selectedFields, examplesForList } from './lib/list-values';
import { Finding, documentRule, finding, listedDefect, quotedList } from './lib/rule';
import { writtenDocumentsOf } from './lib/written';

/** Names of one example that the listed item lacks, in one sentence. */
const unknownField = (field: string, path: JsonPath, items: unknown): Finding =>
  listedDefect(fields =>
    fields.length === 1
      ? `"fields" example selects "${fields[0]}", which is not a field of the listed item; expected one of ${fieldList(items)}`
      : `"fields" example selects ${quotedList(fields)}, which are not fields of the listed item; expected one of ${fieldList(items)}`,
  )(field, path);

export default documentRule<ListOptions>(LIST_OPTIONS, function listFieldsParameter(doc, { listDetection }, context) {
  const results: Finding[] = [];
  const seen = new Seen();
  const lists = listOperations(doc, listDetection);
  for (const list of lists) {
    const p = namedParameter(list.operation, 'fields');
    if (p === undefined) continue;
    if (seen.first(p.node)) results.push(...queryStringDefects(p, 'a string of comma-separated camelCase field names'));
    const examples = examplesForList(p, list, seen, writtenDocumentsOf(context), lists, (other, value) =>
      unselectable(other, selectedFields(value)),
    );
    for (const example of examples) {
      const use = example.use;
      if (!FIELDS_GRAMMAR.test(example.value)) {
        results.push(
          finding(
            `"fields" example ${quote(example.value)} is not a list of camelCase names; expected names separated by commas, dots for nested fields, such as "id,name,address.city"`,
            example.path,
          ),
        );
        continue;
      }
      const unknown = unselectable(list, selectedFields(example.value));
      if (use !== undefined && unknown.length > 0) {
        results.push(
          finding(
            `${use.name} ("fields"), used by this list, has example ${quote(example.value)} selecting ${quotedList(unknown)}, not fields of its listed item; expected fields among ${fieldList(list.items)}`,
            use.path,
          ),
        );
        continue;
      }
      for (const field of unknown) results.push(unknownField(field, example.path, list.items));
    }
  }
  return results;
});
