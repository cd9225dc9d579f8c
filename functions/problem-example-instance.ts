/** problem-example-instance (§2.1): instance reads "<METHOD> <path>". */
import { Seen, isObject, isString, quote } from './lib/json';
import { HTTP_METHODS } from './lib/http';
import { checkedProblemExamples } from './lib/openapi';
import { Finding, documentRule, finding } from './lib/rule';

const INSTANCE = new RegExp(`^(?:${HTTP_METHODS.join('|')}) /\\S*$`);

export default documentRule(null, function problemExampleInstance(doc) {
  const results: Finding[] = [];
  const seen = new Seen();
  for (const { value, path } of checkedProblemExamples(doc)) {
    if (!isObject(value) || !isString(value.instance) || !seen.first(value)) continue;
    if (!INSTANCE.test(value.instance)) {
      results.push(
        finding(`Example instance is ${quote(value.instance)}; expected "<METHOD> <path>", such as "GET /orders/42"`, [
          ...path,
          'instance',
        ]),
      );
    }
  }
  return results;
});
