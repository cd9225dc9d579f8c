/** error-response-examples (§7.1.1): each required error response has at least one example. */
import { Dict, Seen, isObject, isUnresolved } from './lib/json';
import { Document, hasExample, requiredResponses } from './lib/openapi';
import { Finding, documentRule, finding } from './lib/rule';

/**
 * A response written in an unexpected shape (an unresolved $ref; content, a media type or examples
 * that are not objects): Spectral's invalid-ref and the OpenAPI schema rules report it, not this rule.
 */
function malformed(doc: Document, node: Dict): boolean {
  if (isUnresolved(node)) return true;
  if (doc.spec === 2) return node.examples !== undefined && !isObject(node.examples);
  if (node.content === undefined) return false;
  if (!isObject(node.content)) return true;
  return Object.values(node.content).some(media => !isObject(media) || (media.examples !== undefined && !isObject(media.examples)));
}

export default documentRule('responseExamples', null, doc => {
  const results: Finding[] = [];
  const seen = new Seen();
  for (const operation of doc.operations) {
    for (const response of requiredResponses(doc, operation)) {
      if (!seen.first(response.node, response.code) || malformed(doc, response.node)) continue;
      if (hasExample(doc, response)) continue;
      results.push(finding(`${response.code} response has no example; expected at least one example of its Problem Details body`, response.path));
    }
  }
  return results;
});
