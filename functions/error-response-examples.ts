/** error-response-examples (§7.1.1): each required error response has at least one example. */
import { Seen, refName } from './lib/json';
import { isSuccessCode } from './lib/http';
import { Response, allResponses, hasContent, hasExample, malformedResponse, requiredResponses } from './lib/openapi';
import { Finding, documentRule, finding, listedDefect, series } from './lib/rule';
import { writtenDocumentsOf, writtenElsewhere, writtenKey, writtenRefIn } from './lib/written';

/** One response (a shared one may stand for several codes) without an example: one sentence. */
const missingExample = listedDefect(
  codes =>
    `${codes.length === 1 ? `${codes[0]} response` : `Response used as ${series(codes)}`} has no example; expected at least one example of its Problem Details body`,
);

/** A response file of its own, whatever status it is used as (InfluxData's ServerError.yml: default, 400, 401, 404). */
const FILE_WITHOUT_EXAMPLE = 'Error response has no example; expected at least one example of its Problem Details body';

export default documentRule(null, function errorResponseExamples(doc, _options, context) {
  const results: Finding[] = [];
  const seen = new Seen();
  const documents = writtenDocumentsOf(context);
  // Responses some operation answers with success (OpenZiti's emptyResponse, its 200 and, by mistake, a 401).
  // Known by where they are written: a response file reached through two `$ref` chains resolves twice.
  // Made only when a required response lacks an example: most documents never need it.
  let successes: Set<unknown> | undefined;
  const isSuccess = (response: Response): boolean => {
    successes ??= new Set(
      allResponses(doc)
        .filter(r => isSuccessCode(r.code))
        .map(r => writtenKey(documents, r.path) ?? r.node),
    );
    return successes.has(writtenKey(documents, response.path) ?? response.node);
  };
  for (const operation of doc.operations) {
    for (const response of requiredResponses(doc, operation)) {
      // A response with no body at all is error-response-problem-media-type's one finding ("has no content").
      if (malformedResponse(doc, response.node) || hasExample(doc, response) || !hasContent(doc, response)) continue;
      // A success response used as an error response is a pairing defect, at the use: OpenAPI 3's is
      // error-response-problem-media-type's one finding; Swagger 2.0's has its media type in produces, so here.
      if (isSuccess(response)) {
        const ref = writtenRefIn(documents, response.path);
        if (ref !== undefined && doc.spec === 2 && seen.first(response.node, `use ${JSON.stringify(response.path)}`))
          results.push(
            finding(
              `${response.code} response is the success response ${refName(ref)}; expected an error response of its own, with an example of its Problem Details body`,
              [...response.path, '$ref'],
            ),
          );
        if (ref !== undefined) continue;
      }
      const elsewhere = writtenElsewhere(documents, response.path);
      if (!seen.first(response.node, elsewhere ? 'file' : response.code)) continue;
      results.push(
        elsewhere ? finding(FILE_WITHOUT_EXAMPLE, response.path) : missingExample(response.code, response.path),
      );
    }
  }
  return results;
});
