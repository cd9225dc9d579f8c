/** problem-example-title (§7.2): an example's title is the reason phrase of its status. */
import { Seen, isString, quote } from './lib/json';
import { REASON_PHRASES } from './lib/http';
import { problemExamples } from './lib/openapi';
import { exampleStatus } from './lib/problem';
import { Finding, documentRule, finding } from './lib/rule';

export default documentRule(null, function problemExampleTitle(doc) {
  const results: Finding[] = [];
  const seen = new Seen();
  for (const { value, path } of problemExamples(doc)) {
    const status = exampleStatus(value);
    const phrase = status === undefined ? undefined : REASON_PHRASES[status];
    if (phrase === undefined || !seen.first(value)) continue;
    const title = (value as Record<string, unknown>).title;
    if (isString(title) && title !== phrase) {
      results.push(finding(`${status} example title is ${quote(title)}; expected "${phrase}"`, [...path, 'title']));
    }
  }
  return results;
});
