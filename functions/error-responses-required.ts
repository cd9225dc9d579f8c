/** error-responses-required (§7.1): every operation defines the 400, 404 and 500 responses. */
import { ALWAYS_REQUIRED, missingResponses } from './lib/openapi';
import { documentRule, finding } from './lib/rule';

export default documentRule(null, function errorResponsesRequired(doc) {
  return doc.operations.flatMap(operation =>
    missingResponses(operation, ALWAYS_REQUIRED).map(({ code, at }) =>
      finding(`No ${code} response; every operation must define 400, 404 and 500`, at),
    ),
  );
});
