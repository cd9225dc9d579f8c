/** problem-example-errors (§2.1, §7.2): each element of errors is {detail, pointer: "#/<fieldName>"}. */
import { Seen, isObject, isString, jsonType, quote } from './lib/json';
import { checkedProblemExamples } from './lib/openapi';
import { Finding, documentRule, finding } from './lib/rule';

const POINTER = /^#(?:\/[^/\s]+)+$/;

export default documentRule(null, function problemExampleErrors(doc) {
  const results: Finding[] = [];
  const seen = new Seen();
  for (const { value, path } of checkedProblemExamples(doc)) {
    if (!isObject(value) || value.errors === undefined || !seen.first(value)) continue;
    const errors = value.errors;
    const at = [...path, 'errors'];
    if (!Array.isArray(errors)) {
      results.push(finding(`Example errors is ${jsonType(errors)}; expected an array of {detail, pointer}`, at));
      continue;
    }
    errors.forEach((error, i) => {
      if (!isObject(error)) {
        results.push(
          finding(`Example errors[${i}] is ${jsonType(error)}; expected an object {detail, pointer}`, [...at, i]),
        );
        return;
      }
      if (!isString(error.detail)) {
        const actual = error.detail === undefined ? 'has no detail' : `detail is ${jsonType(error.detail)}`;
        results.push(
          finding(
            `Example errors[${i}] ${actual}; expected a string`,
            error.detail === undefined ? [...at, i] : [...at, i, 'detail'],
          ),
        );
      }
      if (error.pointer === undefined) {
        results.push(finding(`Example errors[${i}] has no pointer; expected "#/<fieldName>"`, [...at, i]));
      } else if (!isString(error.pointer) || !POINTER.test(error.pointer)) {
        const actual = isString(error.pointer) ? quote(error.pointer) : jsonType(error.pointer);
        results.push(
          finding(`Example errors[${i}] pointer is ${actual}; expected "#/<fieldName>"`, [...at, i, 'pointer']),
        );
      }
    });
  }
  return results;
});
