/** error-response-examples (§7.1.1): each required error response has at least one example. */
import { Seen } from './lib/json';
import { hasContent, hasExample, malformedResponse, requiredResponses } from './lib/openapi';
import { Finding, documentRule, listedDefect, series } from './lib/rule';

/** One response (a shared one may stand for several codes) without an example: one sentence. */
const missingExample = listedDefect(
  codes =>
    `${codes.length === 1 ? `${codes[0]} response` : `Response used as ${series(codes)}`} has no example; expected at least one example of its Problem Details body`,
);

export default documentRule(null, function errorResponseExamples(doc) {
  const results: Finding[] = [];
  const seen = new Seen();
  for (const operation of doc.operations) {
    for (const response of requiredResponses(doc, operation)) {
      if (!seen.first(response.node, response.code) || malformedResponse(doc, response.node)) continue;
      // A response with no body at all is error-response-problem-media-type's one finding ("has no content").
      if (hasExample(doc, response) || !hasContent(doc, response)) continue;
      results.push(missingExample(response.code, response.path));
    }
  }
  return results;
});
