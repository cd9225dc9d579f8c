/** list-filter-parameters (§4.3): every other query parameter of a list operation is an operator filter on a field. */
import { JsonPath, Seen, idOf, isObject, isString, quote, refName } from './lib/json';
import { LIST_OPTIONS, ListOperation, ListOptions, listOperations } from './lib/list-detection';
import { fieldList, filtersOf, hasField, knowsFields } from './lib/list-item';
import { Parameter, namedParameter, parameterExamples } from './lib/list-parameters';
import { FILTER_PATTERN, filterValueDefect, listsUsingWritten, writtenParameterKey } from './lib/list-values';
import { typePath } from './lib/problem';
import { WrittenDocuments, writtenDocumentsOf, writtenRefIn } from './lib/written';
import { Finding, documentRule, finding } from './lib/rule';
import { declaredType, flat } from './lib/schema';

/** A query parameter the conventions make optional, declared `required: true` (§4.1: the API lists everything without it). */
const requiredDefect = (p: Parameter, what: string): Finding[] =>
  p.node.required === true
    ? [finding(`${what} is required; expected it optional (a list answers without it)`, [...p.path, 'required'])]
    : [];

/**
 * The shared schema a filter's schema is written as a `$ref` to, if any: a defect of that pairing
 * goes at the `$ref` (Discord's SnowflakeType, used 633 times and by no means a filter's own
 * schema, stays clean). In Swagger 2.0 the parameter is its own schema: none.
 */
function sharedSchema(p: Parameter, documents: WrittenDocuments): { name: string; path: JsonPath } | undefined {
  if (p.schemaPath.length === p.path.length) return undefined;
  const ref = writtenRefIn(documents, p.schemaPath);
  return ref === undefined ? undefined : { name: refName(ref), path: [...p.schemaPath, '$ref'] };
}

export default documentRule<ListOptions>(LIST_OPTIONS, function listFilterParameters(doc, { listDetection }, context) {
  const results: Finding[] = [];
  const seen = new Seen();
  const componentsSeen = new Set<string>();
  const lists = listOperations(doc, listDetection);
  const documents = writtenDocumentsOf(context);
  // A shared parameter, known by where it is written: the lists (with known fields) that use it, and
  // whether it is a filter of any of them.
  let byPlace: Map<string, ListOperation[]> | undefined;
  const usesOf = new Map<string, { lists: number; filterSomewhere: boolean }>();
  const uses = (key: string, name: string) => {
    let found = usesOf.get(key);
    if (found === undefined) {
      byPlace ??= listsUsingWritten(lists, documents);
      const users = (byPlace.get(key) ?? []).filter(other => knowsFields(other.items));
      found = { lists: users.length, filterSomewhere: users.some(other => hasField(other.items, name)) };
      usesOf.set(key, found);
    }
    return found;
  };
  for (const list of lists) {
    const { filters, others } = filtersOf(list);
    // A query parameter that names no field is no filter: said once, and nothing more about it.
    for (const p of others) {
      const ref = writtenRefIn(documents, p.path);
      if (ref !== undefined) {
        const key = writtenParameterKey(documents, p);
        const shared = uses(key, p.name);
        if (!shared.filterSomewhere) {
          // A defect of the component itself: one finding there, naming no one list's fields.
          if (!componentsSeen.has(key) && !!componentsSeen.add(key))
            results.push(
              finding(
                shared.lists === 1
                  ? `Query parameter "${p.name}" names no field of the list that uses it; expected a filter named after a field of its listed item, or no such query parameter`
                  : `Query parameter "${p.name}" names no field of the ${shared.lists} lists that use it; expected a filter named after a field of their listed items, or no such query parameter`,
                [...p.path, 'name'],
              ),
            );
          continue;
        }
        // A filter of some lists and not of this one: a defect of the pairing, at this list's $ref.
        results.push(
          finding(
            `${refName(ref)} ("${p.name}"), used by this list, names no field of its listed item; expected a filter named after one of ${fieldList(list.items)}, or no such query parameter`,
            [...p.path, '$ref'],
          ),
        );
      } else if (seen.first(p.node, `items ${idOf(list.items)}`)) {
        // Written in place (in the operation, or in its path item, which may serve two lists of the
        // same items: a GET and a POST search): once per kind of listed item, naming its fields.
        results.push(
          finding(
            `Query parameter "${p.name}" names no field of the listed item; expected a filter named after one of ${fieldList(list.items)}, or no such query parameter`,
            [...p.path, 'name'],
          ),
        );
      }
    }
    for (const name of ['sort', 'fields']) {
      const p = namedParameter(list.operation, name);
      if (p !== undefined && seen.first(p.node, 'required')) results.push(...requiredDefect(p, `"${name}"`));
    }
    for (const p of filters) {
      if (!seen.first(p.node)) continue;
      results.push(...requiredDefect(p, `Filter "${p.name}"`));
      const f = flat(p.schema);
      if (!f.known) continue;
      const shared = sharedSchema(p, documents);
      // How the filter's schema is named, and where its defects go: in place, or at the use of a shared schema.
      const subject = shared === undefined ? `Filter "${p.name}"` : `Filter "${p.name}" uses ${shared.name}, which`;
      if (!f.types.has('string')) {
        const actual = declaredType(p.schema);
        results.push(
          finding(
            `${subject} ${actual}; expected a string "[<operator>:]<value>"`,
            shared?.path ?? typePath(p.schema, p.schemaPath),
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
              `${subject} declares no pattern; expected pattern ${FILTER_PATTERN} or x-extensible-enum`,
              shared?.path ?? p.schemaPath,
            ),
          );
        } else if (pattern !== FILTER_PATTERN) {
          results.push(
            finding(
              `${shared === undefined ? `Filter "${p.name}"` : `Filter "${p.name}" uses ${shared.name}, whose`} pattern is ${quote(pattern)}; expected ${FILTER_PATTERN}`,
              shared?.path ?? (schema.pattern === pattern ? [...p.schemaPath, 'pattern'] : p.schemaPath),
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
