/** problem-no-stack-trace (§2.1 rule 1): no stack trace or server log in problem examples or schemas. */
import { JsonPath, Seen, entries, isObject, strings } from './lib/json';
import { problemBodies, checkedProblemExamples } from './lib/openapi';
import { isFrameArray, isStackMember, stackTraceKind } from './lib/problem';
import { Finding, documentRule, finding } from './lib/rule';
import { flat } from './lib/schema';

const EXPOSES = 'a problem must not expose a stack trace or server log, expected a traceId instead';

/** Members of a problem schema, at any depth, that carry a stack trace or server log. */
function schemaMembers(schema: unknown, path: JsonPath, seen: Set<unknown>, out: Finding[]): void {
  if (!isObject(schema) || seen.has(schema)) return;
  seen.add(schema);
  const f = flat(schema);
  for (const [name, property] of f.properties) {
    const at = [...path, ...property.path];
    if (isStackMember(name)) out.push(finding(`Problem schema declares "${name}"; ${EXPOSES}`, at));
    else {
      schemaMembers(property.schema, at, seen, out);
      const items = flat(property.schema).items;
      if (items) schemaMembers(items.schema, [...at, ...items.path], seen, out);
    }
  }
}

/**
 * Members and frame arrays of an example, at any depth, that carry a stack trace. `seen` ends the
 * walk on an example that refers to itself through a `$ref`.
 */
function exampleMembers(value: unknown, path: JsonPath, out: Finding[], seen = new Set<unknown>()): void {
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  if (isFrameArray(value)) {
    out.push(
      finding(
        'Problem example carries a serialised stack trace (frames with className, methodName, lineNumber); expected no stack trace or server log (give a traceId instead)',
        path,
      ),
    );
    return;
  }
  if (Array.isArray(value)) value.forEach((item, i) => exampleMembers(item, [...path, i], out, seen));
  for (const [name, member] of entries(value)) {
    if (isStackMember(name)) out.push(finding(`Problem example has a "${name}" member; ${EXPOSES}`, [...path, name]));
    else exampleMembers(member, [...path, name], out, seen);
  }
}

export default documentRule(null, function problemNoStackTrace(doc) {
  const results: Finding[] = [];
  const seen = new Seen();
  const schemas = new Set<unknown>();
  for (const body of problemBodies(doc)) schemaMembers(body.schema, body.schemaPath, schemas, results);
  for (const { value, path } of checkedProblemExamples(doc)) {
    if (!seen.first(value, 'example')) continue;
    const found: Finding[] = [];
    exampleMembers(value, path, found);
    results.push(...found);
    // Strings inside a reported member are that member's finding already.
    const reported = found.map(f => JSON.stringify(f.path));
    const inside = (at: JsonPath): boolean => {
      const text = JSON.stringify(at);
      return reported.some(p => text === p || text.startsWith(`${p.slice(0, -1)},`));
    };
    for (const text of strings(value, path)) {
      if (inside(text.path)) continue;
      const kind = stackTraceKind(text.value);
      if (kind)
        results.push(
          finding(
            `Problem example carries ${kind}; expected no stack trace or server log (give a traceId instead)`,
            text.path,
          ),
        );
    }
  }
  return results;
});
