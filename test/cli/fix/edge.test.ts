/**
 * The edge-case set of `fix` (issue 16): one small description (cases/edge-base.yaml, whose 404
 * example has `title: Not found` and `instance: get /orders/42`) written in every awkward way a team
 * writes YAML or JSON. Each scenario gives the exact text before and after: the safe fixes edit
 * those two values where they can be edited, and not one other byte changes; where they cannot,
 * the text is untouched and the summary says why.
 */
import { Ruleset } from '@stoplight/spectral-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRuleset } from '../../../ruleset';
import { fixText } from '../../../cli/fix-engine/engine';
import { formatSummary } from '../../../cli/fix/summary';
import { LoadedRuleset } from '../../../cli/shared/spectral';
import { addGuardRules } from '../../../cli/fix-engine/guard-rules';

const BASE = readFileSync(join(__dirname, 'cases/edge-base.yaml'), 'utf8');
const TITLE = '                title: Not found\n';
const INSTANCE = '                instance: get /orders/42\n';

function ours(): LoadedRuleset {
  const ruleset = new Ruleset(createRuleset({}), { severity: 'recommended' });
  return {
    ruleset,
    file: 'ruleset.ts',
    typeStyle: 'rfc9110',
    registry: undefined,
    guard: addGuardRules(ruleset, true),
  };
}

/** The base with its two fixable values fixed. */
const fixed = (text: string): string =>
  text.replace('title: Not found', 'title: Not Found').replace('instance: get /orders/42', 'instance: GET /orders/42');

interface Scenario {
  name: string;
  before: string;
  after: string;
  /** A line the summary must contain. */
  reason?: string;
}

const json = JSON.stringify(
  (() => {
    // The base as data, written as JSON below (pretty and minified).
    const { parse } = require('yaml') as typeof import('yaml');
    return parse(BASE) as unknown;
  })(),
);
const pretty = JSON.stringify(JSON.parse(json), null, 2);
const huge = `x${'y'.repeat(1_000_000)}`;

const SCENARIOS: Scenario[] = [
  { name: 'LF, final newline', before: BASE, after: fixed(BASE) },
  { name: 'CRLF throughout', before: BASE.replace(/\n/g, '\r\n'), after: fixed(BASE).replace(/\n/g, '\r\n') },
  {
    name: 'mixed endings: the edited lines keep theirs',
    before: BASE.replace(TITLE, TITLE.replace('\n', '\r\n')),
    after: fixed(BASE.replace(TITLE, TITLE.replace('\n', '\r\n'))),
  },
  { name: 'no final newline', before: BASE.trimEnd(), after: fixed(BASE).trimEnd() },
  {
    name: 'a UTF-8 BOM and non-ASCII text',
    before: `\uFEFF${BASE.replace('title: Orders', 'title: Bestellungen – Übersicht')}`,
    after: `\uFEFF${fixed(BASE).replace('title: Orders', 'title: Bestellungen – Übersicht')}`,
  },
  {
    name: 'a tab inside a plain string on an edited line',
    before: BASE.replace('instance: get /orders/42', 'instance: get /orders/42\t# tab before the comment'),
    after: fixed(BASE).replace('instance: GET /orders/42', 'instance: GET /orders/42\t# tab before the comment'),
  },
  {
    name: 'single-quoted values stay single-quoted',
    before: BASE.replace('title: Not found', "title: 'Not found'").replace(
      'instance: get /orders/42',
      "instance: 'get /orders/42'",
    ),
    after: BASE.replace('title: Not found', "title: 'Not Found'").replace(
      'instance: get /orders/42',
      "instance: 'GET /orders/42'",
    ),
  },
  {
    name: 'double-quoted values stay double-quoted',
    before: BASE.replace('title: Not found', 'title: "Not found"').replace(
      'instance: get /orders/42',
      'instance: "get /orders/42"',
    ),
    after: BASE.replace('title: Not found', 'title: "Not Found"').replace(
      'instance: get /orders/42',
      'instance: "GET /orders/42"',
    ),
  },
  {
    name: 'a literal block scalar is left with its reason, the other value fixed',
    before: BASE.replace('title: Not found', 'title: |-\n                  Not found'),
    after: BASE.replace('title: Not found', 'title: |-\n                  Not found').replace(
      'instance: get /orders/42',
      'instance: GET /orders/42',
    ),
    reason: 'written as a block scalar (|); edit it by hand',
  },
  {
    name: 'a folded block scalar (>-) is left with its reason',
    before: BASE.replace('instance: get /orders/42', 'instance: >-\n                  get /orders/42'),
    after: BASE.replace('instance: get /orders/42', 'instance: >-\n                  get /orders/42').replace(
      'title: Not found',
      'title: Not Found',
    ),
    reason: 'written as a block scalar (>); edit it by hand',
  },
  {
    name: 'a tagged value (!!str) is left with its reason',
    before: BASE.replace('title: Not found', 'title: !!str Not found'),
    after: BASE.replace('title: Not found', 'title: !!str Not found').replace(
      'instance: get /orders/42',
      'instance: GET /orders/42',
    ),
    reason: 'written with the YAML tag tag:yaml.org,2002:str; edit it by hand',
  },
  {
    name: 'an anchored example used by an alias elsewhere is left; the alias stays',
    before: `${BASE.replace('              example:\n', '              example: &notFound\n')}x-sample: *notFound\n`,
    after: `${BASE.replace('              example:\n', '              example: &notFound\n')}x-sample: *notFound\n`,
    reason: 'inside the YAML anchor &notFound, which is used elsewhere too; edit it by hand',
  },
  {
    name: 'a merge key: values that come from the merged map are left',
    before: BASE.replace(
      `${TITLE}                detail: No order 42.\n`,
      '                detail: No order 42.\n                <<: {title: Not found}\n',
    ),
    after: BASE.replace(
      `${TITLE}                detail: No order 42.\n`,
      '                detail: No order 42.\n                <<: {title: Not found}\n',
    ).replace('instance: get /orders/42', 'instance: GET /orders/42'),
    reason: 'not found in the text (a YAML merge key?)',
  },
  {
    name: 'a flow map example is edited inside the flow map',
    before: BASE.replace(
      `              example:\n                status: 404\n${TITLE}                detail: No order 42.\n                type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5\n${INSTANCE}`,
      '              example: {status: 404, title: Not found, detail: No order 42., type: "https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5", instance: get /orders/42}\n',
    ),
    after: BASE.replace(
      `              example:\n                status: 404\n${TITLE}                detail: No order 42.\n                type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5\n${INSTANCE}`,
      '              example: {status: 404, title: Not Found, detail: No order 42., type: "https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5", instance: GET /orders/42}\n',
    ),
  },
  {
    name: 'pretty JSON',
    before: pretty,
    after: pretty
      .replace('"title": "Not found"', '"title": "Not Found"')
      .replace('"instance": "get /orders/42"', '"instance": "GET /orders/42"'),
  },
  {
    name: 'minified JSON',
    before: json,
    after: json
      .replace('"title":"Not found"', '"title":"Not Found"')
      .replace('"instance":"get /orders/42"', '"instance":"GET /orders/42"'),
  },
  {
    name: 'a huge single line (1 MB description) elsewhere',
    before: BASE.replace('  description: "Tabs\\there and there."', `  description: ${huge}`),
    after: fixed(BASE).replace('  description: "Tabs\\there and there."', `  description: ${huge}`),
  },
  {
    name: 'minified JSON with a huge string',
    before: json.replace('"Tabs\\there and there."', JSON.stringify(huge)),
    after: json
      .replace('"Tabs\\there and there."', JSON.stringify(huge))
      .replace('"title":"Not found"', '"title":"Not Found"')
      .replace('"instance":"get /orders/42"', '"instance":"GET /orders/42"'),
  },
];

describe.each(SCENARIOS.map(s => [s.name, s] as const))('fix on %s', (_name, scenario) => {
  test('exact text after, a second run changes nothing', async () => {
    const file = join(__dirname, 'cases', scenario.before.trimStart().startsWith('{') ? 'edge.json' : 'edge.yaml');
    const result = await fixText(ours(), scenario.before, file, { unsafe: false, rules: [] });
    expect(JSON.stringify(result.after)).toBe(JSON.stringify(scenario.after));
    if (scenario.reason !== undefined) expect(formatSummary(result, 'edge')).toContain(scenario.reason);
    const again = await fixText(ours(), result.after, file, { unsafe: false, rules: [] });
    expect(again.after).toBe(result.after);
  });
});
