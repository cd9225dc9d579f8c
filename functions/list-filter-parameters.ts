/** list-filter-parameters (§4.3): every other query parameter of a list operation is an operator filter on a field. */
import { Seen, idOf, isObject, isString, quote } from './lib/json';
import {
  LIST_OPTIONS,
  ListOptions,
  FILTER_PATTERN,
  RESERVED,
  fieldList,
  filterValueDefect,
  listOperations,
  parameterExamples,
  parametersOf,
  unknownFields,
} from './lib/list';
import { typePath } from './lib/problem';
import { Finding, documentRule, finding } from './lib/rule';
import { declaredType, flat } from './lib/schema';

export default documentRule<ListOptions>(LIST_OPTIONS, function listFilterParameters(doc, { listDetection }) {
  const results: Finding[] = [];
  const seen = new Seen();
  for (const list of listOperations(doc, listDetection)) {
    for (const p of parametersOf(list.operation)) {
      if (p.in !== 'query' || RESERVED.has(p.name)) continue;
      if (unknownFields(list.items, [p.name]).length > 0 && seen.first(p.node, `items ${idOf(list.items)}`)) {
        results.push(
          finding(
            `Filter "${p.name}" is not a field of the listed item; expected a field name such as ${fieldList(list.items)}`,
            [...p.path, 'name'],
          ),
        );
      }
      if (!seen.first(p.node)) continue;
      const f = flat(p.schema);
      if (!f.known) continue;
      if (!f.types.has('string')) {
        const actual = declaredType(p.schema);
        results.push(
          finding(
            `Filter "${p.name}" ${actual}; expected a string "[<operator>:]<value>"`,
            typePath(p.schema, p.schemaPath),
          ),
        );
        continue;
      }
      const schema = isObject(p.schema) ? p.schema : {};
      const enumerated = f.parts.some(
        part => part.schema['x-extensible-enum'] !== undefined || part.schema.enum !== undefined,
      );
      if (!enumerated) {
        const pattern = f.parts.map(part => part.schema.pattern).find(isString);
        if (pattern === undefined) {
          results.push(
            finding(
              `Filter "${p.name}" declares no pattern; expected pattern ${FILTER_PATTERN} or x-extensible-enum`,
              p.schemaPath,
            ),
          );
        } else if (pattern !== FILTER_PATTERN) {
          results.push(
            finding(
              `Filter "${p.name}" pattern is ${quote(pattern)}; expected ${FILTER_PATTERN}`,
              schema.pattern === pattern ? [...p.schemaPath, 'pattern'] : p.schemaPath,
            ),
          );
        }
      }
      for (const example of parameterExamples(p)) {
        if (!isString(example.value)) continue;
        const defect = filterValueDefect(example.value);
        if (defect)
          results.push(
            finding(
              `Filter "${p.name}" example ${quote(example.value)} breaks the filter grammar: ${defect}`,
              example.path,
            ),
          );
      }
    }
  }
  return results;
});
