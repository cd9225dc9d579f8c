/** problem-details-schema (§2.1): a problem schema declares and requires the five base members. */
import { JsonPath, Seen, isObject, refName, writtenRef } from './lib/json';
import { problemBodyUses } from './lib/openapi';
import { BASE_MEMBERS, BASE_MEMBER_LIST, propertiesPath, requiredPath, typePath } from './lib/problem';
import { Finding, documentRule, finding, listedDefect, quotedList } from './lib/rule';

const TYPES = new Map(BASE_MEMBERS);
const undeclared = listedDefect(
  members =>
    `Problem schema does not declare ${quotedList(members)}; expected ${BASE_MEMBER_LIST} (${members.map(m => `${m}: ${TYPES.get(m)}`).join(', ')})`,
);
const notRequired = listedDefect(members =>
  members.length === 1
    ? `Problem member "${members[0]}" is not required; expected ${BASE_MEMBER_LIST} in required`
    : `Problem members ${quotedList(members)} are not required; expected ${BASE_MEMBER_LIST} in required`,
);
import { declaredType, describeTypes, flat } from './lib/schema';

/** The defects of one problem schema at `path`; shared with problem-registry-shape. */
export function checkProblemSchema(schema: unknown, path: JsonPath): Finding[] {
  const f = flat(schema);
  if (!f.known) return [];
  if (f.types.size > 0 && !f.types.has('object')) {
    return [finding(`Problem schema is of type ${describeTypes(schema)}; expected an object`, typePath(schema, path))];
  }
  const results: Finding[] = [];
  for (const [member, type] of BASE_MEMBERS) {
    const property = f.properties.get(member);
    if (property === undefined) {
      results.push(undeclared(member, propertiesPath(f, path)));
      continue;
    }
    const p = flat(property.schema);
    if (p.known && !p.types.has(type)) {
      const actual = declaredType(property.schema);
      results.push(
        finding(
          `Problem member "${member}" ${actual}; expected ${type}`,
          typePath(property.schema, [...path, ...property.path]),
        ),
      );
    }
    if (!f.required.has(member)) {
      results.push(notRequired(member, requiredPath(f, path)));
    }
  }
  return results;
}

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
    const ref = writtenRef(context.document.data, body.schemaPath);
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
      results.push(...checkProblemSchema(body.schema, body.schemaPath));
  }
  return results;
});
