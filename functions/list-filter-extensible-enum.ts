/** list-filter-extensible-enum (§4.3.5): enumerated values reached from a list operation's parameters use x-extensible-enum. */
import { JsonPath, Seen, entries, isObject } from './lib/json';
import { LIST_OPTIONS, ListOptions, listOperations } from './lib/list-detection';
import { filtersOf } from './lib/list-item';
import { Finding, documentRule, finding } from './lib/rule';
import { refUseIn, writtenDocumentsOf } from './lib/written';

const NESTED = ['allOf', 'oneOf', 'anyOf'];

/** Every `enum` in a schema, through composition, items and properties; each schema object once. */
function enums(schema: unknown, path: JsonPath, seen: Seen, out: JsonPath[]): JsonPath[] {
  if (!isObject(schema) || !seen.first(schema)) return out;
  if (Array.isArray(schema.enum)) out.push([...path, 'enum']);
  for (const keyword of NESTED) {
    if (Array.isArray(schema[keyword]))
      (schema[keyword] as unknown[]).forEach((s, i) => enums(s, [...path, keyword, i], seen, out));
  }
  if (schema.items !== undefined) enums(schema.items, [...path, 'items'], seen, out);
  for (const [name, property] of entries(schema.properties)) enums(property, [...path, 'properties', name], seen, out);
  return out;
}

export default documentRule<ListOptions>(
  LIST_OPTIONS,
  function listFilterExtensibleEnum(doc, { listDetection }, context) {
    const results: Finding[] = [];
    const documents = writtenDocumentsOf(context);
    const seen = new Seen();
    // Filters only: not sort (its rule asks for a pattern), fields, headers, nor query parameters that
    // name no field (list-filter-parameters says those are no filters).
    for (const list of listOperations(doc, listDetection)) {
      for (const p of filtersOf(list).filters) {
        for (const path of enums(p.schema, p.schemaPath, seen, [])) {
          // An enum written in a schema the filter reaches through a `$ref` (a shared schema, which a
          // bundler may have written inside another operation's response) is reported where it is
          // written, as that schema's: the message says so.
          const use = refUseIn(documents, path.slice(0, -1));
          const shared = use !== undefined && use.path.length - 1 >= p.schemaPath.length;
          results.push(
            finding(
              shared
                ? `Filter "${p.name}" takes its values from ${/\/(?:components\/schemas|definitions)\/[^/]+$/.test(use.ref) ? use.name : 'this shared schema'}, which enumerates them with enum; expected x-extensible-enum, so that values can be added without breaking clients`
                : `Filter "${p.name}" enumerates its values with enum; expected x-extensible-enum, so that values can be added without breaking clients`,
              path,
            ),
          );
        }
      }
    }
    return results;
  },
);
