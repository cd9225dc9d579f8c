/** error-response-problem-media-type (§2.1, §7.1.4): error bodies are served as Problem Details. */
import { Seen } from './lib/json';
import { isErrorCode, isSuccessCode } from './lib/http';
import {
  OpenApiDocument,
  allResponses,
  bodiesOf,
  effectiveProduces,
  hasContent,
  isProblemMediaType,
  malformedResponse,
  requiredCodes,
  responsesOf,
} from './lib/openapi';
import { Finding, documentRule, finding } from './lib/rule';
import { WrittenDocuments, writtenDocumentsOf, writtenElsewhere, writtenRefIn } from './lib/written';

const EXPECTED = 'application/problem+json or application/problem+xml';

export default documentRule(null, function errorResponseProblemMediaType(doc, _options, context) {
  return doc.spec === 2 ? swagger2(doc) : openapi3(doc, writtenDocumentsOf(context));
});

function openapi3(doc: OpenApiDocument, documents: WrittenDocuments): Finding[] {
  const results: Finding[] = [];
  const seen = new Seen();
  // Responses that some operation answers with success: one of them brought in as an error response
  // (a 500 that $refs a 200, as conjur.local does) is a wrong use, reported at that $ref; its bodies
  // are a resource's, right for the success.
  const successes = new WeakSet<object>(
    allResponses(doc)
      .filter(r => isSuccessCode(r.code))
      .map(r => r.node),
  );
  for (const operation of doc.operations) {
    const required = requiredCodes(doc, operation);
    for (const response of responsesOf(operation)) {
      if (isErrorCode(response.code) && successes.has(response.node)) {
        const ref = writtenRefIn(documents, response.path);
        if (ref !== undefined) {
          results.push(
            finding(
              `${response.code} response is the success response ${ref}; expected an error response of its own, with ${EXPECTED}`,
              [...response.path, '$ref'],
            ),
          );
          continue;
        }
      }
      if (isSuccessCode(response.code) && seen.first(response.node, 'success')) {
        for (const body of bodiesOf(doc, response).filter(b => isProblemMediaType(b.mediaType))) {
          results.push(
            finding(
              `${response.code} response offers ${body.mediaType}; a success response is not a problem: expected its resource's media type, such as application/json`,
              body.path,
            ),
          );
        }
      }
      if (!isErrorCode(response.code)) continue;
      // A response file of its own is named by its file, whatever status it is used as (InfluxData's
      // ServerError.yml as default, 400, 401 and 404): one finding, in words that name no status.
      const elsewhere = writtenElsewhere(documents, response.path);
      const label = elsewhere ? 'Error response' : `${response.code} response`;
      const bodies = bodiesOf(doc, response);
      // A HEAD response carries no content (RFC 9110 §9.3.2): a required one without a body is no defect.
      const noBodyNeeded = operation.method === 'head';
      const bodyless = bodies.length === 0 && required.includes(response.code) && !noBodyNeeded;
      if (
        !seen.first(
          response.node,
          elsewhere ? `file ${bodyless}` : `${response.code} ${required.includes(response.code)}`,
        )
      )
        continue;
      if (bodies.length === 0) {
        if (bodyless && !malformedResponse(doc, response.node))
          results.push(finding(`${label} has no content; expected an ${EXPECTED} body`, response.path));
        continue;
      }
      const plainJson = bodies.filter(body => body.base === 'application/json');
      for (const body of plainJson) {
        results.push(finding(`${label} offers ${body.mediaType}; expected ${EXPECTED} instead`, body.path));
      }
      if (plainJson.length === 0 && !bodies.some(body => isProblemMediaType(body.mediaType))) {
        const offered = bodies.map(body => body.mediaType).join(', ');
        results.push(finding(`${label} offers ${offered}; expected ${EXPECTED}`, [...response.path, 'content']));
      }
    }
  }
  return results;
}

/** Swagger 2.0 has no per-response media types: the operation's effective `produces` must offer one. */
function swagger2(doc: OpenApiDocument): Finding[] {
  const results: Finding[] = [];
  const seen = new Seen();
  for (const operation of doc.operations) {
    const required = requiredCodes(doc, operation);
    const responses = responsesOf(operation).filter(
      response => isErrorCode(response.code) && !malformedResponse(doc, response.node),
    );
    for (const response of responses) {
      if (required.includes(response.code) && !hasContent(doc, response) && seen.first(response.node, response.code)) {
        results.push(
          finding(`${response.code} response has no schema; expected a Problem Details body`, response.path),
        );
      }
    }
    if (!responses.some(response => hasContent(doc, response))) continue;
    // A produces that is not a list is for the OpenAPI schema rules.
    const own = operation.node.produces;
    if (own !== undefined ? !Array.isArray(own) : doc.root.produces !== undefined && !Array.isArray(doc.root.produces))
      continue;
    const produces = effectiveProduces(doc, operation);
    if (produces.values.some(isProblemMediaType)) continue;
    const key = produces.path && produces.path.length === 1 ? doc.root.produces : operation.node;
    if (!seen.first(key, 'produces')) continue;
    const message =
      produces.values.length > 0
        ? `produces lists ${produces.values.join(', ')}; expected it to include ${EXPECTED} for the error responses`
        : `Operation has error responses but no produces; expected ${EXPECTED}`;
    results.push(finding(message, produces.path ?? operation.path));
  }
  return results;
}
