/** error-responses-required (§7.1): every operation defines the 400, 404 and 500 responses. */
import { ALWAYS_REQUIRED, missingResponses } from './lib/openapi';
import { Merge, documentRule, finding, orList } from './lib/rule';

const message = (codes: string[]): string =>
  `No ${orList(codes)} response; every operation must define 400, 404 and 500`;
const combine: Merge['combine'] = message;

export default documentRule(null, function errorResponsesRequired(doc) {
  return doc.operations.flatMap(operation =>
    missingResponses(operation, ALWAYS_REQUIRED).map(({ code, at }) =>
      finding(message([code]), at, { item: code, combine }),
    ),
  );
});
