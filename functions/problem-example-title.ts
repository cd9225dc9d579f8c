/** problem-example-title (§7.2): an example's title is the reason phrase of its status. */
import { Seen, isString, quote } from './lib/json';
import { REASON_PHRASES } from './lib/http';
import { isOffSchema } from './lib/example-status';
import { checkedProblemExamples } from './lib/openapi';
import { exampleStatus } from './lib/problem';
import { Finding, documentRule, finding } from './lib/rule';

/** The bodies of §7.2, whose title is exactly the reason phrase (docs/rules/problem-example-title.md). */
const EXACT = new Set([400, 401, 403, 404, 500]);

/** A title that differs from the phrase only in case or spacing (`Too many requests`, `TooManyRequests`). */
const variantOf = (title: string, phrase: string): boolean =>
  title !== phrase && title.toLowerCase().replace(/\s+/g, '') === phrase.toLowerCase().replace(/\s+/g, '');

export default documentRule(null, function problemExampleTitle(doc) {
  const results: Finding[] = [];
  const seen = new Seen();
  for (const { value, path } of checkedProblemExamples(doc)) {
    // A status its own schema rules out is what is wrong (problem-example-status), not the title.
    const status = isOffSchema(doc, value) ? undefined : exampleStatus(value);
    const phrase = status === undefined ? undefined : REASON_PHRASES[status];
    if (phrase === undefined || !seen.first(value)) continue;
    const title = (value as Record<string, unknown>).title;
    // Other statuses: §2.1 gives the reason phrase as an example only, so any title but a misspelt phrase is fine.
    if (isString(title) && (EXACT.has(status!) ? title !== phrase : variantOf(title, phrase))) {
      results.push(finding(`${status} example title is ${quote(title)}; expected "${phrase}"`, [...path, 'title']));
    }
  }
  return results;
});
