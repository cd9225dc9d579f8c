/** error-responses-secured (§5, §7.1): a secured operation defines the 401 and 403 responses. */
import { SECURED_REQUIRED, isSecured, missingResponses } from './lib/openapi';
import { Merge, documentRule, finding, orList } from './lib/rule';

const message = (codes: string[]): string =>
  `No ${orList(codes)} response; a secured operation must define 401 and 403`;
const combine: Merge['combine'] = message;

export default documentRule(null, function errorResponsesSecured(doc) {
  return doc.operations
    .filter(operation => isSecured(doc, operation))
    .flatMap(operation =>
      missingResponses(operation, SECURED_REQUIRED).map(({ code, at }) =>
        finding(message([code]), at, { item: code, combine }),
      ),
    );
});
