/** list-response-envelope (§2.2): a list operation answers { results: [...], metadata }, not a bare array. */
import { Seen } from './lib/json';
import { listOperations } from './lib/list';
import { requiredPath, typePath } from './lib/problem';
import { Finding, documentRule, finding, optionsSchema } from './lib/rule';
import { flat } from './lib/schema';

export default documentRule('listEnvelope', optionsSchema(), doc => {
  const results: Finding[] = [];
  const seen = new Seen();
  for (const list of listOperations(doc)) {
    if (!seen.first(list.schema)) continue;
    if (list.bare) {
      results.push(finding('List response is a bare array; expected an object whose required "results" array holds the items, beside "metadata"', typePath(list.schema, list.schemaPath)));
      continue;
    }
    const f = flat(list.schema);
    if (!f.properties.has('results')) {
      results.push(finding('List response has no "results" array; expected an object whose required "results" array holds the items', list.schemaPath));
    } else if (!f.required.has('results')) {
      results.push(finding('List envelope does not require "results"; expected "results" in required', requiredPath(f, list.schemaPath)));
    }
  }
  return results;
});
