/** error-response-examples (§7.1.1): each required error response has at least one example. */
import { Seen } from './lib/json';
import { bodiesOf, requiredResponses } from './lib/openapi';
import { Finding, documentRule, finding, optionsSchema } from './lib/rule';

export default documentRule('responseExamples', optionsSchema(), doc => {
  const results: Finding[] = [];
  const seen = new Seen();
  for (const operation of doc.operations) {
    for (const response of requiredResponses(doc, operation)) {
      if (!seen.first(response.node, response.code)) continue;
      if (bodiesOf(doc, response).some(body => body.examples.length > 0)) continue;
      results.push(finding(`${response.code} response has no example; expected at least one example of its Problem Details body`, response.path));
    }
  }
  return results;
});
