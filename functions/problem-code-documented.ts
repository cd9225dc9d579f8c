/** problem-code-documented (§2.1 rule 2): API specific error codes are documented and examples use them. */
import { Seen, isObject, quote, jsonType } from './lib/json';
import { Body, checkableExamples, componentProblemBodies, problemBodies } from './lib/openapi';
import { documentedCodes } from './lib/problem';
import { Finding, documentRule, finding } from './lib/rule';
import { flat } from './lib/schema';

const HOW = 'enum, x-extensible-enum, or oneOf/anyOf of const with a description';

export default documentRule(null, function problemCodeDocumented(doc) {
  const results: Finding[] = [];
  const seenSchema = new Seen();
  const seenExample = new Seen();
  // Bodies of shared responses are checked on their own too, used or not (a registry linted alone).
  const bodies: Body[] = [...problemBodies(doc), ...componentProblemBodies(doc)];
  for (const body of bodies) {
    const f = flat(body.schema);
    const code = f.known ? f.properties.get('code') : undefined;
    const codes = code ? documentedCodes(code.schema) : undefined;
    if (code && isObject(body.schema) && seenSchema.first(body.schema)) {
      const at = [...body.schemaPath, ...code.path];
      if (codes === undefined) {
        if (flat(code.schema).known)
          results.push(finding(`Problem member "code" lists no values; document the error codes with ${HOW}`, at));
      } else {
        for (const path of codes.undescribed)
          results.push(
            finding(`An error code of "code" has no description; describe each documented code`, [...at, ...path]),
          );
      }
    }
    if (!f.known) continue;
    for (const example of checkableExamples(body)) {
      const value = example.value;
      if (!isObject(value) || value.code === undefined || !seenExample.first(value)) continue;
      const at = [...example.path, 'code'];
      if (code === undefined) {
        results.push(
          finding(
            `Example uses code ${quote(value.code)} but the problem schema does not declare "code"; expected it documented with ${HOW}`,
            at,
          ),
        );
      } else if (codes && !codes.values.some(v => v === value.code)) {
        const list = codes.values
          .slice(0, 8)
          // Quoted when the example's code is of another type than the documented values ("1001" vs 1001).
          .map(v => (typeof v !== typeof value.code && typeof v === 'string' ? `"${v}"` : String(v)))
          .join(', ');
        results.push(
          finding(
            `Example code ${typeof value.code === 'string' ? quote(value.code) : `${JSON.stringify(value.code)} (${jsonType(value.code)})`} is not a documented error code; expected one of ${list}${codes.values.length > 8 ? ', …' : ''}`,
            at,
          ),
        );
      }
    }
  }
  return results;
});
