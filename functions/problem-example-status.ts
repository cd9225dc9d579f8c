/** problem-example-status (§7.2): an example's status is the status of the response it illustrates. */
import { Seen, isObject } from './lib/json';
import { statusClass } from './lib/http';
import { problemExamples } from './lib/openapi';
import { exampleStatus } from './lib/problem';
import { Finding, documentRule, finding } from './lib/rule';

/** What a response key admits, or undefined when the example fits it. */
function expectedFor(code: string, status: number): string | undefined {
  const c = statusClass(code);
  if (c.exact !== undefined) return status === c.exact ? undefined : String(c.exact);
  if (c.range !== undefined) return Math.floor(status / 100) === c.range ? undefined : `a ${c.range}xx status`;
  if (c.isDefault) return status >= 400 && status <= 599 ? undefined : 'a 4xx or 5xx status';
  return undefined;
}

export default documentRule(null, function problemExampleStatus(doc) {
  const results: Finding[] = [];
  const seen = new Seen();
  for (const { body, value, path } of problemExamples(doc)) {
    const status = exampleStatus(value);
    const code = body.response.code;
    if (status === undefined || !isObject(value) || !seen.first(value, code)) continue;
    const expected = expectedFor(code, status);
    if (expected !== undefined)
      results.push(finding(`${code} example status is ${status}; expected ${expected}`, [...path, 'status']));
  }
  return results;
});
