/**
 * The parser findings Spectral's YAML parser gives that decide whether our rules judge a document
 * (functions/lib/rule.ts, `unparsable`): a mapping key written as a number, boolean or null
 * (`400:`, `0x190:`, `true:`). Redocly parses the document leniently and says nothing of them, so the
 * adapter finds them itself, as Spectral words and places them, and the rules read past or stop on
 * them as they do under Spectral.
 */
import { isMap, isPair, isScalar, isSeq, parseDocument } from 'yaml';

export interface ParserDiagnostic {
  code: 'parser';
  /** 0: an error, as Spectral's ruleset raises these (`parserOptions.incompatibleValues`). */
  severity: 0;
  message: string;
  path: (string | number)[];
}

/**
 * A mapping key written as a plain scalar that YAML reads as no string, at the start of a line (or of
 * a sequence item) or after the `{` or `,` of a flow mapping: cheap to rule out.
 */
const MAYBE_NON_STRING_KEY =
  /(?:^[ \t]*(?:- +)?|[{,][ \t]*)(?:[-+]?[.0-9][0-9a-fA-FxXoO_.eE+-]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)|true|True|TRUE|false|False|FALSE|null|Null|NULL|~)[ \t]*:(?:[ \t]|$)/m;

const typeName = (value: unknown): string => (value === null ? 'null' : typeof value);

/** Spectral's "Mapping key must be a string scalar rather than <type>" findings of a YAML text. */
export function keyDiagnostics(text: string): ParserDiagnostic[] {
  // No shortcut for a text that opens with `{` or `[`: a .yaml file written in flow style is YAML
  // all the same, and its unquoted keys are reported (a JSON file's keys are all quoted strings).
  if (!MAYBE_NON_STRING_KEY.test(text)) return [];
  const out: ParserDiagnostic[] = [];
  const walk = (node: unknown, path: (string | number)[]): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key: unknown = pair.key;
        const written = isScalar(key) ? (key.source ?? String(key.value)) : String(key);
        if (isScalar(key) && typeof key.value !== 'string') {
          out.push({
            code: 'parser',
            severity: 0,
            message: `Mapping key must be a string scalar rather than ${typeName(key.value)}`,
            path: [...path, written],
          });
        }
        walk(pair.value, [...path, isScalar(key) ? String(key.value) : written]);
      }
    } else if (isSeq(node)) node.items.forEach((item, i) => walk(item, [...path, i]));
  };
  try {
    walk(parseDocument(text, { uniqueKeys: false, prettyErrors: false }).contents, []);
  } catch {
    return out;
  }
  return out;
}
