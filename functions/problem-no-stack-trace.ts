/** problem-no-stack-trace (§2.1 rule 1): no stack trace or server log in problem examples or schemas. */
import { Seen, isObject, strings } from './lib/json';
import { problemBodies, problemExamples } from './lib/openapi';
import { isStackMember, stackTraceKind } from './lib/problem';
import { Finding, documentRule, finding } from './lib/rule';
import { flat } from './lib/schema';

export default documentRule(null, function problemNoStackTrace(doc) {
  const results: Finding[] = [];
  const seen = new Seen();
  for (const body of problemBodies(doc)) {
    if (!isObject(body.schema) || !seen.first(body.schema)) continue;
    const f = flat(body.schema);
    for (const [name, property] of f.properties) {
      if (isStackMember(name)) {
        results.push(
          finding(
            `Problem schema declares "${name}"; a problem must not expose a stack trace or server log, expected a traceId instead`,
            [...body.schemaPath, ...property.path],
          ),
        );
      }
    }
  }
  for (const { value, path } of problemExamples(doc)) {
    if (!seen.first(value, 'example')) continue;
    const members = isObject(value) ? Object.keys(value).filter(isStackMember) : [];
    for (const name of members) {
      results.push(
        finding(
          `Problem example has a "${name}" member; a problem must not expose a stack trace or server log, expected a traceId instead`,
          [...path, name],
        ),
      );
    }
    for (const text of strings(value, path)) {
      if (members.includes(String(text.path[path.length]))) continue;
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
