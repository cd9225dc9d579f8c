/** error-responses-required, error-responses-secured (§5, §7.1): the standard error responses are defined. */
import { isObject } from './lib/json';
import { ALWAYS_REQUIRED, SECURED_REQUIRED, isSecured } from './lib/openapi';
import { Finding, documentRule, finding, optionsSchema } from './lib/rule';

export interface Options {
  /** Check the responses of secured operations (401, 403) instead of those of every operation. */
  secured: boolean;
}

export default documentRule<Options>('requiredResponses', optionsSchema({ secured: { type: 'boolean' } }), (doc, { secured = false }) => {
  const results: Finding[] = [];
  for (const operation of doc.operations) {
    if (secured && !isSecured(doc, operation)) continue;
    const responses = operation.node.responses;
    // Absent responses define none of the codes; responses of another type are for the schema rules.
    if (responses !== undefined && !isObject(responses)) continue;
    const at = isObject(responses) ? [...operation.path, 'responses'] : operation.path;
    for (const code of secured ? SECURED_REQUIRED : ALWAYS_REQUIRED) {
      if (isObject(responses) && responses[code] !== undefined) continue;
      results.push(
        finding(
          secured
            ? `No ${code} response; a secured operation must define 401 and 403`
            : `No ${code} response; every operation must define 400, 404 and 500`,
          at,
        ),
      );
    }
  }
  return results;
});
