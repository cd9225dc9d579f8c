/** problem-example-members (§2.1): every problem example carries the five base members with their types. */
import { Seen, isObject, jsonType } from './lib/json';
import { checkedProblemExamples } from './lib/openapi';
import { BASE_MEMBERS, BASE_MEMBER_LIST, hasJsonType } from './lib/problem';
import { Finding, documentRule, finding, listedDefect, quotedList } from './lib/rule';

const missingMember = listedDefect(
  members => `Problem example has no ${quotedList(members, 'or')}; expected ${BASE_MEMBER_LIST}`,
);

export default documentRule(null, function problemExampleMembers(doc) {
  const results: Finding[] = [];
  const seen = new Seen();
  for (const { value, path } of checkedProblemExamples(doc)) {
    if (!seen.first(value)) continue;
    if (!isObject(value)) {
      results.push(finding(`Problem example is ${jsonType(value)}; expected an object with ${BASE_MEMBER_LIST}`, path));
      continue;
    }
    for (const [member, type] of BASE_MEMBERS) {
      if (value[member] === undefined) {
        results.push(missingMember(member, path));
      } else if (!hasJsonType(value[member], type)) {
        results.push(
          finding(
            `Problem example "${member}" is ${jsonType(value[member])}; expected ${type === 'integer' ? 'an integer' : 'a string'}`,
            [...path, member],
          ),
        );
      } else if ((member === 'title' || member === 'detail') && (value[member] as string).trim() === '') {
        // An empty title or detail says nothing: §2.1 gives them a short name and an explanation to carry.
        results.push(
          finding(
            `Problem example "${member}" is empty; expected ${member === 'title' ? 'the short name of the status' : 'an explanation of this occurrence'}`,
            [...path, member],
          ),
        );
      }
    }
  }
  return results;
});
