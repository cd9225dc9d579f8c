/** error-responses-secured (§5, §7.1): a secured operation defines the 401 and 403 responses. */
import { SECURED_REQUIRED, isSecured, missingResponses } from './lib/openapi';
import { documentRule, finding } from './lib/rule';

export default documentRule(null, function errorResponsesSecured(doc) {
  return doc.operations
    .filter(operation => isSecured(doc, operation))
    .flatMap(operation =>
      missingResponses(operation, SECURED_REQUIRED).map(({ code, at }) =>
        finding(`No ${code} response; a secured operation must define 401 and 403`, at),
      ),
    );
});
