/** problem-example-type (§2.1, §7.2): type is an absolute URI; for the standard errors, the RFC 9110 section of the status. */
import { Seen, isObject, isString, quote } from './lib/json';
import { RFC9110_LINK, RFC9110_SECTIONS, rfc9110Link } from './lib/http';
import { isOffSchema } from './lib/example-status';
import { checkedProblemExamples } from './lib/openapi';
import { exampleStatus } from './lib/problem';
import { Finding, documentRule, finding, optionsSchema } from './lib/rule';

/** @public: exported for the declaration files, which name it in `RULE_FUNCTIONS`'s type (functions/index.ts). */
export interface Options {
  /** `rfc9110` (default): the standard statuses link their RFC 9110 section; `any-uri`: any absolute URI. */
  typeStyle: 'rfc9110' | 'any-uri';
}

/** The statuses whose type the conventions fix to their RFC 9110 section. */
const STANDARD = new Set([400, 401, 403, 404, 500]);
const ABSOLUTE_URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]+$/;

/** What keeps a type from being an absolute URI, for the message. */
function notAbsolute(type: string): string {
  if (type.trim() === '') return 'it is empty';
  if (/\s/.test(type)) return 'it contains spaces, which a URI cannot hold';
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(type)) return 'it has no scheme such as https:';
  return 'nothing follows its scheme';
}

export default documentRule<Options>(
  optionsSchema({ typeStyle: { enum: ['rfc9110', 'any-uri'] } }),
  function problemExampleType(doc, { typeStyle = 'rfc9110' }) {
    const results: Finding[] = [];
    const seen = new Seen();
    for (const { value, path } of checkedProblemExamples(doc)) {
      if (!isObject(value) || !isString(value.type) || !seen.first(value)) continue;
      const type = value.type;
      // A status its own schema rules out is what is wrong (problem-example-status): the type is
      // then judged as for an example without status, an absolute URI.
      const status = isOffSchema(doc, value) ? undefined : exampleStatus(value);
      const label = status === undefined ? 'Example' : `${status} example`;
      const at = [...path, 'type'];
      if (type !== 'about:blank' && !ABSOLUTE_URI.test(type)) {
        // Under rfc9110, the five standard statuses take their RFC 9110 link (about:blank would be
        // refused on the next run); any other status any absolute URI.
        const section = status === undefined ? undefined : RFC9110_SECTIONS[status];
        const expected =
          typeStyle !== 'any-uri' && status !== undefined && STANDARD.has(status) && section !== undefined
            ? `${rfc9110Link(section)} (RFC 9110 §${section})`
            : 'an absolute URI or about:blank';
        results.push(
          finding(
            `${label} type is ${quote(type)}, not an absolute URI (${notAbsolute(type)}); expected ${expected}`,
            at,
          ),
        );
        continue;
      }
      if (typeStyle === 'any-uri' || status === undefined) continue;
      const section = RFC9110_SECTIONS[status];
      const link = RFC9110_LINK.exec(type);
      const mentionsRfc9110 = /rfc9110/i.test(type);
      if (section !== undefined && (STANDARD.has(status) || mentionsRfc9110) && link?.[1] !== section) {
        results.push(
          finding(`${label} type is ${quote(type)}; expected ${rfc9110Link(section)} (RFC 9110 §${section})`, at),
        );
      } else if (section === undefined && mentionsRfc9110) {
        results.push(
          finding(
            `${label} type is ${quote(type)}; RFC 9110 does not define status ${status}, expected a problem type URI of its own`,
            at,
          ),
        );
      }
    }
    return results;
  },
);
