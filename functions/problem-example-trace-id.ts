/** problem-example-trace-id (§2.1): traceId has the form 00-<32 hex>-<16 hex>-<2 hex>. */
import { Seen, isObject, jsonType, quote } from './lib/json';
import { checkedProblemExamples } from './lib/openapi';
import { Finding, documentRule, finding } from './lib/rule';

const TRACE_ID = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

export default documentRule(null, function problemExampleTraceId(doc) {
  const results: Finding[] = [];
  const seen = new Seen();
  for (const { value, path } of checkedProblemExamples(doc)) {
    if (!isObject(value) || value.traceId === undefined || !seen.first(value)) continue;
    const traceId = value.traceId;
    if (typeof traceId !== 'string' || !TRACE_ID.test(traceId)) {
      const actual = typeof traceId === 'string' ? quote(traceId) : jsonType(traceId);
      results.push(
        finding(
          `Example traceId is ${actual}; expected 00-<32 hex>-<16 hex>-<2 hex>, such as "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"`,
          [...path, 'traceId'],
        ),
      );
    }
  }
  return results;
});
