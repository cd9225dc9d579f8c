/**
 * Text edits of `fix` on awkward texts: each scenario's edits, applied in one pass, give the exact
 * expected text, and that text parses to the original data plus the ops (what `fix` checks too).
 */
import { Op, applyOps, normalizeAdds, sameData } from '../../../cli/fix-engine/ops';
import { openSource, parseData } from '../../../cli/fix-engine/source';
import { applyEdits } from '../../../cli/fix-engine/text';

interface Scenario {
  name: string;
  text: string;
  ops: Op[];
  expected: string;
}

const add = (path: (string | number)[], key: string, value: unknown): Op => ({ kind: 'add', path, key, value });

const SCENARIOS: Scenario[] = [
  {
    name: 'JSON: escaped quotes and backslashes in earlier keys and values do not mislead the scan',
    text: '{"a\\"b": "x\\\\", "c": {"d\\\\": "}\\"{"}, "r": {"200": {}}}',
    ops: [add(['r'], '404', { $ref: '#/x' })],
    expected: '{"a\\"b": "x\\\\", "c": {"d\\\\": "}\\"{"}, "r": {"200": {}, "404": {"$ref": "#/x"}}}',
  },
  {
    name: 'JSON: an empty object on its own lines, in order among codes',
    text: '{\n  "r": {},\n  "s": {\n    "500": 1,\n    "200": 2\n  }\n}\n',
    ops: [add(['r'], '400', 1), add(['r'], '404', 2), add(['s'], '404', 3)],
    expected:
      '{\n  "r": {\n    "400": 1,\n    "404": 2\n  },\n  "s": {\n    "404": 3,\n    "500": 1,\n    "200": 2\n  }\n}\n',
  },
  {
    name: 'JSON: a set inside an array and a rename',
    text: '[{"enum": ["A"], "t": "x"}]',
    ops: [
      { kind: 'rename', path: [0, 'enum'], key: 'x-extensible-enum' },
      { kind: 'set', path: [0, 't'], value: 'y' },
    ],
    expected: '[{"x-extensible-enum": ["A"], "t": "y"}]',
  },
  {
    name: 'YAML: an empty flow map, a new parent map, and a value in single quotes',
    text: "a: {}\nb:\n  t: 'it''s'\n",
    ops: [
      add(['a'], '400', { $ref: '#/x' }),
      add(['c', 'd'], 'e', 1),
      { kind: 'set', path: ['b', 't'], value: "it's ok" },
    ],
    expected: "a: { '400': { $ref: '#/x' } }\nb:\n  t: 'it''s ok'\nc:\n  d:\n    e: 1\n",
  },
  {
    name: 'YAML: no final newline, tabs of comments and a double-quoted key kept',
    text: 'r:\n  "200": ok  # fine\n  "500": bad',
    ops: [add(['r'], '404', 'x'), add(['r'], '503', 'y')],
    expected: 'r:\n  "200": ok  # fine\n  "404": x\n  "500": bad\n  "503": y',
  },
];

describe.each(SCENARIOS.map(s => [s.name, s] as const))('%s', (_name, scenario) => {
  test('gives the expected text, which parses to the data plus the ops', () => {
    const source = openSource(scenario.text, 'test');
    const ops = normalizeAdds(source.data, scenario.ops);
    const { edits, skipped } = source.edit(ops);
    expect(skipped).toEqual([]);
    const text = applyEdits(scenario.text, edits);
    expect(text).toBe(scenario.expected);
    expect(sameData(parseData(text, source.format, 'test'), applyOps(source.data, ops))).toBe(true);
  });
});

test('an op through a YAML alias, or inside an anchor used elsewhere, is refused with the reason', () => {
  const source = openSource('a: &x {t: 1}\nb: *x\n', 'test');
  const { skipped } = source.edit([
    { kind: 'set', path: ['b', 't'], value: 2 },
    { kind: 'set', path: ['a', 't'], value: 2 },
  ]);
  expect(skipped.map(s => s.reason)).toEqual([
    'written through the YAML alias *x; edit its anchor by hand',
    'inside the YAML anchor &x, which is used elsewhere too; edit it by hand',
  ]);
});

test('a JSON document after blank lines or a byte order mark is opened as JSON, a YAML one as YAML', () => {
  expect(openSource('\n\n  {"openapi": "3.1.0"}\n', 'test').format).toBe('json');
  expect(openSource('\uFEFF[1]', 'test').format).toBe('json');
  expect(openSource('openapi: 3.1.0\npaths: {}\n', 'test').format).toBe('yaml');
  expect(openSource('x-tags: [a]\n', 'test').format).toBe('yaml');
});

test('the result of an edit is read as what it claims to be: a trailing comma is no JSON, though YAML reads it', () => {
  expect(() => parseData('{"a": [1, 2,]}', 'json', 'api.json')).toThrow(
    'api.json: cannot parse JSON at line 1, column 13: ValueExpected',
  );
  expect(parseData('{"a": [1, 2,]}', 'yaml', 'api.yaml')).toEqual({ a: [1, 2] });
});
