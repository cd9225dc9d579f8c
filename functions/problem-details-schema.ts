/** problem-details-schema (§2.1): a problem schema declares and requires the five base members. */
import { Seen, isObject, refName } from './lib/json';
import { problemBodyUses } from './lib/openapi';
import { BASE_MEMBERS, BASE_MEMBER_LIST, checkProblemSchema } from './lib/problem';
import { Finding, documentRule, finding } from './lib/rule';
import { flat } from './lib/schema';
import { writtenDocumentsOf, writtenRefIn } from './lib/written';

/**
 * Whether a schema is no problem at all: an object that declares none of the five base members (a
 * resource schema such as `Statements` put under a problem media type).
 */
function isResourceSchema(schema: unknown): boolean {
  const f = flat(schema);
  return f.known && f.properties.size > 0 && BASE_MEMBERS.every(([member]) => !f.properties.has(member));
}

export default documentRule(null, function problemDetailsSchema(doc, _options, context) {
  const results: Finding[] = [];
  const seen = new Seen();
  const documents = writtenDocumentsOf(context);
  for (const body of problemBodyUses(doc)) {
    if (body.schema === undefined) {
      if (seen.first(body.response.node, 'no schema')) {
        results.push(
          finding(
            `${body.response.code} problem response has no schema; expected the Problem Details object (${BASE_MEMBER_LIST})`,
            body.path,
          ),
        );
      }
      continue;
    }
    // A shared resource schema brought in as a problem schema: a defect of that pairing, at the use.
    const ref = writtenRefIn(documents, body.schemaPath);
    if (ref !== undefined && isResourceSchema(body.schema)) {
      results.push(
        finding(
          `${refName(ref)}, used as the schema of the ${body.response.code} problem response, declares none of ${BASE_MEMBER_LIST}; expected a Problem Details schema such as ProblemDetails`,
          [...body.schemaPath, '$ref'],
        ),
      );
      continue;
    }
    if (isObject(body.schema) && seen.first(body.schema))
      results.push(
        ...checkProblemSchema(body.schema, body.schemaPath, at => writtenRefIn(documents, at) !== undefined),
      );
  }
  return results;
});
