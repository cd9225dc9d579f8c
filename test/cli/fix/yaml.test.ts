/**
 * YAML texts as `fix` edits them (cli/fix-engine/yaml.ts): parse errors said our way, and the edits made
 * at the `yaml` package's offsets. Each scenario gives a real-looking text, the ops, and the exact
 * text after (which must parse to the data plus the ops), or the exact reasons of the ops refused.
 */
import { Op, applyOps, sameData } from '../../../cli/fix-engine/ops';
import { ParseFailure, applyEdits } from '../../../cli/fix-engine/text';
import { YamlSource, parseYaml, yamlData } from '../../../cli/fix-engine/yaml';

const add = (path: (string | number)[], key: string, value: unknown): Op => ({ kind: 'add', path, key, value });
const set = (path: (string | number)[], value: string | number): Op => ({ kind: 'set', path, value });
const rename = (path: (string | number)[], key: string): Op => ({ kind: 'rename', path, key });

const NOT_FOUND = { $ref: '#/components/responses/NotFound' };
const SHARED_NOT_FOUND = { $ref: './common.yaml#/components/responses/NotFound' };

interface Scenario {
  name: string;
  text: string;
  ops: Op[];
  expected: string;
}

/** Applies the ops' edits; every op must be made, and the text must read back as the data plus the ops. */
function edited(text: string, ops: Op[]): string {
  const source = new YamlSource(text, 'api.yaml');
  const { edits, skipped } = source.edit(ops);
  expect(skipped).toEqual([]);
  const after = applyEdits(text, edits);
  expect(sameData(yamlData(parseYaml(after, 'api.yaml')), applyOps(source.data, ops))).toBe(true);
  return after;
}

/** The reasons of the ops refused, the text left as it was. */
function refused(text: string, ops: Op[]): string[] {
  const { edits, skipped } = new YamlSource(text, 'api.yaml').edit(ops);
  expect(applyEdits(text, edits)).toBe(text);
  return skipped.map(s => s.reason);
}

describe('parse errors are said with the line, the column and the line itself', () => {
  const failure = (text: string): { message: string; excerpt: string | undefined } => {
    try {
      parseYaml(text, 'api.yaml');
    } catch (error) {
      expect(error).toBeInstanceOf(ParseFailure);
      return { message: (error as ParseFailure).message, excerpt: (error as ParseFailure).excerpt };
    }
    throw new Error('parsed');
  };

  test.each([
    {
      name: 'a description starting with a backquote',
      text: 'info:\n  title: Pets\n  description: `code` first\n',
      message: 'api.yaml: cannot parse YAML at line 3, column 16: Plain value cannot start with reserved character `',
      excerpt: '    description: `code` first',
    },
    {
      name: 'an entry out of line on line 12 (two-digit line numbers)',
      text: `paths:\n  /pets:\n    get:\n${'      x-n: 1\n'.repeat(8)}      responses: {}\n     summary: x\n`,
      message: 'api.yaml: cannot parse YAML at line 13, column 1: All mapping items must start at the same column',
      excerpt: '       summary: x',
    },
    {
      name: 'a quote left open to the end (the error is on the blank end: no line shown, no colon to drop)',
      text: 'info:\n  title: "Pets\n',
      message: 'api.yaml: cannot parse YAML at line 3, column 1: Missing closing "quote',
      excerpt: undefined,
    },
  ])('$name', ({ text, message, excerpt }) => {
    expect(failure(text)).toEqual({ message, excerpt });
  });

  test('what YAML 1.2 requires but the content leaves unambiguous is read: a comment right after a quote or a flow list', () => {
    expect(yamlData(parseYaml('title: "Pets"# the name\ntags: [a, b]# two\n', 'api.yaml'))).toEqual({
      title: 'Pets',
      tags: ['a', 'b'],
    });
  });

  test('a large description reusing one anchored response more than a hundred times is read in full', () => {
    const text = `x-error: &error\n  description: Error\npaths:\n${Array.from(
      { length: 120 },
      (_, i) => `  /r${i}:\n    get:\n      responses:\n        default: *error\n`,
    ).join('')}`;
    const data = yamlData(parseYaml(text, 'api.yaml')) as { paths: Record<string, unknown> };
    expect(data.paths['/r119']).toEqual({ get: { responses: { default: { description: 'Error' } } } });
  });

  test('the data given to a source is its data; without it, the text is parsed', () => {
    const given = { openapi: '3.1.0' };
    expect(new YamlSource('openapi: 3.0.0\n', 'api.yaml', given).data).toBe(given);
    expect(new YamlSource('openapi: 3.0.0\n', 'api.yaml').data).toEqual({ openapi: '3.0.0' });
  });
});

const SCENARIOS: Scenario[] = [
  // Quoting of new keys, like their siblings'.
  {
    name: 'plain status codes (200:): a new code is plain too',
    text: 'responses:\n  200:\n    description: OK\n',
    ops: [add(['responses'], '404', { description: 'Not Found' })],
    expected: 'responses:\n  200:\n    description: OK\n  404:\n    description: Not Found\n',
  },
  {
    name: 'a code beside `default:` alone, strings double-quoted, no $ref: the code is double-quoted',
    text: 'info:\n  title: "Pets"\nresponses:\n  default:\n    description: "Error"\n',
    ops: [add(['responses'], '400', { description: 'Bad: request' })],
    expected:
      'info:\n  title: "Pets"\nresponses:\n  "400":\n    description: "Bad: request"\n  default:\n    description: "Error"\n',
  },
  {
    name: 'a code beside `default:` alone, strings single-quoted, no $ref: the code is single-quoted',
    text: "info:\n  title: 'Pets'\nresponses:\n  default:\n    description: 'Error'\n",
    ops: [add(['responses'], '400', { description: 'Bad: request' })],
    expected:
      "info:\n  title: 'Pets'\nresponses:\n  '400':\n    description: 'Bad: request'\n  default:\n    description: 'Error'\n",
  },
  {
    name: '$refs double-quoted, other strings single-quoted: the $refs decide, the new code and $ref are double-quoted',
    text: "info:\n  title: 'Pets'\n  summary: 'x'\nr:\n  default:\n    $ref: \"#/components/responses/Error\"\n",
    ops: [add(['r'], '404', SHARED_NOT_FOUND)],
    expected:
      'info:\n  title: \'Pets\'\n  summary: \'x\'\nr:\n  "404":\n    $ref: "./common.yaml#/components/responses/NotFound"\n  default:\n    $ref: "#/components/responses/Error"\n',
  },
  {
    name: 'one plain $ref and double-quoted strings: the new $ref stays plain',
    text: 'info:\n  title: "Pets"\n  summary: "x"\nr:\n  default:\n    $ref: ./common.yaml#/components/responses/Error\n',
    ops: [add(['r'], '404', SHARED_NOT_FOUND)],
    expected:
      'info:\n  title: "Pets"\n  summary: "x"\nr:\n  "404":\n    $ref: ./common.yaml#/components/responses/NotFound\n  default:\n    $ref: ./common.yaml#/components/responses/Error\n',
  },
  {
    name: 'one single-quoted $ref and one plain: no habit, the new $ref is plain',
    text: "r:\n  '200':\n    $ref: './a.yaml#/Ok'\n  default:\n    $ref: ./common.yaml#/Error\n",
    ops: [add(['r'], '404', SHARED_NOT_FOUND)],
    expected:
      "r:\n  '200':\n    $ref: './a.yaml#/Ok'\n  '404':\n    $ref: ./common.yaml#/components/responses/NotFound\n  default:\n    $ref: ./common.yaml#/Error\n",
  },
  {
    name: 'one single-quoted $ref and one double-quoted: single quotes win the tie',
    text: "r:\n  '200':\n    $ref: './a.yaml#/Ok'\n  default:\n    $ref: \"./common.yaml#/Error\"\n",
    ops: [add(['r'], '404', SHARED_NOT_FOUND)],
    expected:
      "r:\n  '200':\n    $ref: './a.yaml#/Ok'\n  '404':\n    $ref: './common.yaml#/components/responses/NotFound'\n  default:\n    $ref: \"./common.yaml#/Error\"\n",
  },
  {
    name: 'a single-quoted code and a double-quoted $ref: the key like its sibling, the $ref like the others',
    text: 'r:\n  \'200\':\n    $ref: "./a.yaml#/Ok"\n',
    ops: [add(['r'], '404', SHARED_NOT_FOUND)],
    expected:
      'r:\n  \'200\':\n    $ref: "./a.yaml#/Ok"\n  \'404\':\n    $ref: "./common.yaml#/components/responses/NotFound"\n',
  },
  {
    name: 'a range 4XX and an extension before a double-quoted code: the new code is written like the code',
    text: 'r:\n  4XX:\n    description: Client error\n  x-v2: true\n  "500":\n    description: Error\n',
    ops: [add(['r'], '404', NOT_FOUND)],
    expected:
      'r:\n  "404":\n    $ref: \'#/components/responses/NotFound\'\n  4XX:\n    description: Client error\n  x-v2: true\n  "500":\n    description: Error\n',
  },
  {
    name: 'a range 5XX beside a quoted code and a plain `default:`: written like `default:`, plain',
    text: "r:\n  '200':\n    description: OK\n  default:\n    description: Error\n",
    ops: [add(['r'], '5XX', NOT_FOUND)],
    expected:
      "r:\n  '200':\n    description: OK\n  5XX:\n    $ref: '#/components/responses/NotFound'\n  default:\n    description: Error\n",
  },
  {
    name: 'a range 5XX beside quoted codes only: quoted like them',
    text: "r:\n  '200':\n    description: OK\n",
    ops: [add(['r'], '5XX', NOT_FOUND)],
    expected: "r:\n  '200':\n    description: OK\n  '5XX':\n    $ref: '#/components/responses/NotFound'\n",
  },
  {
    name: 'an extension ending in a digit beside quoted codes only: quoted like them',
    text: "r:\n  '200':\n    description: OK\n",
    ops: [add(['r'], 'x-v2', true)],
    expected: "r:\n  '200':\n    description: OK\n  'x-v2': true\n",
  },
  {
    name: 'an extension ending in a digit beside a quoted code and `default:`: plain like `default:`',
    text: "r:\n  '200':\n    description: OK\n  default:\n    description: Error\n",
    ops: [add(['r'], 'x-v2', true)],
    expected: "r:\n  '200':\n    description: OK\n  default:\n    description: Error\n  x-v2: true\n",
  },
  // Flow maps.
  {
    name: 'an empty flow map `{}`: a range, `default` and an extension written plain, padded, in order',
    text: 'responses: {}\n',
    ops: [
      add(['responses'], 'default', NOT_FOUND),
      add(['responses'], '4XX', NOT_FOUND),
      add(['responses'], 'x-v2', true),
    ],
    expected:
      "responses: { 4XX: { $ref: '#/components/responses/NotFound' }, default: { $ref: '#/components/responses/NotFound' }, x-v2: true }\n",
  },
  {
    name: 'an empty flow map `{}`: two codes in numeric order, a comma between',
    text: 'r: {}\n',
    ops: [add(['r'], '500', 'x'), add(['r'], '404', 'y')],
    expected: "r: { '404': y, '500': x }\n",
  },
  {
    name: 'a flow map without padding, a padded one further down: the new entry unpadded like its map',
    text: 'a: {x: 1}\nb: { y: 2 }\n',
    ops: [add(['a'], 'z', { k: 1 })],
    expected: 'a: {x: 1, z: {k: 1}}\nb: { y: 2 }\n',
  },
  {
    name: 'a padded flow map: the new entry padded',
    text: 'b: { y: 2 }\n',
    ops: [add(['b'], 'z', { k: 1 })],
    expected: 'b: { y: 2, z: { k: 1 } }\n',
  },
  {
    name: 'a flow map of codes: a lower code goes first',
    text: "r: {'500': x}\n",
    ops: [add(['r'], '404', 'y')],
    expected: "r: {'404': y, '500': x}\n",
  },
  {
    name: 'keys that plain would misread, with a quote: in single quotes, doubled, beside a single-quoted key or none',
    text: "info:\n  title: 'Pets'\nr:\n  '200': ok\ns: {}\n",
    ops: [add(['r'], "x-it's", 1), add(['s'], "it's: here", 2)],
    expected: "info:\n  title: 'Pets'\nr:\n  '200': ok\n  'x-it''s': 1\ns: { 'it''s: here': 2 }\n",
  },
  // Block maps: place, indentation, style of the value.
  {
    name: 'codes added out of order among a double-quoted one: in numeric order, quoted alike',
    text: 'r:\n  "200": ok\n',
    ops: [add(['r'], '500', 'x'), add(['r'], '404', 'y'), add(['r'], '503', 'z')],
    expected: 'r:\n  "200": ok\n  "404": y\n  "500": x\n  "503": z\n',
  },
  {
    name: 'a 4-space description: the new response is indented by 4 at every level',
    text: "paths:\n    /pets:\n        get:\n            responses:\n                '200':\n                    description: OK\n",
    ops: [
      add(['paths', '/pets', 'get', 'responses'], '404', {
        description: 'Not Found',
        content: { 'application/problem+json': { schema: SHARED_NOT_FOUND } },
      }),
    ],
    expected:
      "paths:\n    /pets:\n        get:\n            responses:\n                '200':\n                    description: OK\n                '404':\n                    description: Not Found\n                    content:\n                        application/problem+json:\n                            schema:\n                                $ref: ./common.yaml#/components/responses/NotFound\n",
  },
  {
    name: 'a fragment whose first nested map is inside a list: the unit is measured there (2)',
    text: 'servers:\n  - url: https://x\n    variables:\n      env:\n        default: a\n',
    ops: [add(['servers', 0, 'variables'], 'region', { default: 'eu' })],
    expected:
      'servers:\n  - url: https://x\n    variables:\n      env:\n        default: a\n      region:\n        default: eu\n',
  },
  {
    name: 'a key written explicitly (? x) before a 4-space description: the unit is measured on the paths (4)',
    text: '? x\n: k: 1\npaths:\n    /a:\n        get:\n            summary: s\n',
    ops: [add(['paths', '/a'], 'put', { summary: 'p' })],
    expected:
      '? x\n: k: 1\npaths:\n    /a:\n        get:\n            summary: s\n        put:\n            summary: p\n',
  },
  {
    name: 'responses whose first is a flow map and last a block map: a first code is written like the first',
    text: "responses:\n  '500': {$ref: '#/components/responses/ServerError'}\n  default:\n    description: Error\nx-meta: { owner: pets }\n",
    ops: [add(['responses'], '404', NOT_FOUND)],
    expected:
      "responses:\n  '404': {$ref: '#/components/responses/NotFound'}\n  '500': {$ref: '#/components/responses/ServerError'}\n  default:\n    description: Error\nx-meta: { owner: pets }\n",
  },
  {
    name: 'a code after one written through an alias: written like the other code, a flow map',
    text: "x-errors:\n  serverError: &serverError {description: Error}\nresponses:\n  '200': { description: OK }\n  '500': *serverError\n",
    ops: [add(['responses'], '503', { description: 'Unavailable' })],
    expected:
      "x-errors:\n  serverError: &serverError {description: Error}\nresponses:\n  '200': { description: OK }\n  '500': *serverError\n  '503': { description: Unavailable }\n",
  },
  {
    name: 'a description with a blank line, in a block value: the blank line has no spaces',
    text: 'r:\n  a: 1\n',
    ops: [add(['r'], 'b', { description: 'Line one\n\nLine two' })],
    expected: 'r:\n  a: 1\n  b:\n    description: |-\n      Line one\n\n      Line two\n',
  },
  {
    name: 'two comment lines above the next entry: the new entry goes above both',
    text: "responses:\n  '200':\n    description: OK\n  # Errors\n  # (all problem+json)\n  '500':\n    description: Error\n",
    ops: [add(['responses'], '404', { description: 'Not Found' })],
    expected:
      "responses:\n  '200':\n    description: OK\n  '404':\n    description: Not Found\n  # Errors\n  # (all problem+json)\n  '500':\n    description: Error\n",
  },
  {
    name: 'CRLF lines and a comment above the next entry: the new lines are CRLF, above the comment',
    text: "responses:\r\n  '200':\r\n    description: OK\r\n  # Errors\r\n  '500':\r\n    description: Error\r\n",
    ops: [
      add(['responses'], '404', {
        description: 'Not Found',
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetails' } } },
      }),
    ],
    expected:
      "responses:\r\n  '200':\r\n    description: OK\r\n  '404':\r\n    description: Not Found\r\n    content:\r\n      application/problem+json:\r\n        schema:\r\n          $ref: '#/components/schemas/ProblemDetails'\r\n  # Errors\r\n  '500':\r\n    description: Error\r\n",
  },
  {
    name: 'a byte order mark before the first key: a new top-level map at column 0, indented by 2',
    text: '\uFEFFopenapi: 3.0.0\ninfo:\n  title: Pets\n',
    ops: [add([], 'components', { schemas: { Problem: { type: 'object' } } })],
    expected: '\uFEFFopenapi: 3.0.0\ninfo:\n  title: Pets\ncomponents:\n  schemas:\n    Problem:\n      type: object\n',
  },
  {
    name: 'a byte order mark before a fragment of responses: a lower code goes first, after the mark',
    text: "\uFEFF'500':\n  description: Error\n",
    ops: [add([], '404', { description: 'Not Found' })],
    expected: "\uFEFF'404':\n  description: Not Found\n'500':\n  description: Error\n",
  },
  {
    name: 'a byte order mark and no final newline: the new code indented like its siblings, no newline added',
    text: "\uFEFFresponses:\n  '200':\n    description: OK",
    ops: [add(['responses'], '404', { description: 'Not Found' })],
    expected: "\uFEFFresponses:\n  '200':\n    description: OK\n  '404':\n    description: Not Found",
  },
  // Sets and renames, in every scalar style.
  {
    name: 'sets of plain, single- and double-quoted values keep each style; a rename keeps the key quoted',
    text: "info:\n  title: Pets\n  summary: 'Pets'\n  description: \"Pets\"\n  x-enum: [a]\n'x-codes': [1]\n",
    ops: [
      set(['info', 'title'], "Pets: it's the API"),
      set(['info', 'summary'], "it's"),
      set(['info', 'description'], 'say "hi"'),
      rename(['x-codes'], 'x-extensible-codes'),
      set(['info', 'x-enum', 0], 'b'),
    ],
    expected:
      "info:\n  title: 'Pets: it''s the API'\n  summary: 'it''s'\n  description: \"say \\\"hi\\\"\"\n  x-enum: [b]\n'x-extensible-codes': [1]\n",
  },
  {
    name: 'plain values set to what plain would misread: quoted (empty, a tab, #, @, true, a number string)',
    text: 'a: x\nb: x\nc: x\nd: x\ne: x\nf: x\ng: 1\n',
    ops: [
      set(['a'], ''),
      set(['b'], 'a\tb'),
      set(['c'], '#/components'),
      set(['d'], '@id'),
      set(['e'], 'true'),
      set(['f'], '404'),
      set(['g'], 2),
    ],
    expected: "a: ''\nb: 'a\tb'\nc: '#/components'\nd: '@id'\ne: 'true'\nf: '404'\ng: 2\n",
  },
  {
    name: 'a list of eleven values: the eleventh is set',
    text: 'x-letters: [a, b, c, d, e, f, g, h, i, j, k]\n',
    ops: [set(['x-letters', 10], 'z')],
    expected: 'x-letters: [a, b, c, d, e, f, g, h, i, j, z]\n',
  },
  {
    name: 'an anchor no alias uses: its values are edited',
    text: 'info: &info\n  title: Pets\n',
    ops: [set(['info', 'title'], 'Pet store')],
    expected: 'info: &info\n  title: Pet store\n',
  },
];

describe.each(SCENARIOS.map(s => [s.name, s] as const))('%s', (_name, scenario) => {
  test('gives the expected text, which parses to the data plus the ops', () => {
    expect(edited(scenario.text, scenario.ops)).toBe(scenario.expected);
  });
});

describe('ops that cannot be made are refused with the reason', () => {
  test.each([
    {
      name: 'a key written twice, a scalar first: a set under it is not found in the text',
      text: 'r: 1\nr: {a: 1}\n',
      ops: [set(['r', 'a'], 2)],
      reasons: ['not found in the text'],
    },
    {
      name: 'a list written twice, shorter first: its third item is not found in the text',
      text: 'l: [1]\nl: [1, 2, 3]\n',
      ops: [set(['l', 2], 4)],
      reasons: ['not found in the text'],
    },
    {
      name: 'a key written twice, with no value first (? r): a set on it is not found in the text',
      text: '? r\nr: x\n',
      ops: [set(['r'], 'y')],
      reasons: ['not found in the text'],
    },
    {
      name: 'a key written twice, a map first: a set on it is not a plain value',
      text: 't: {a: 1}\nt: x\n',
      ops: [set(['t'], 'y')],
      reasons: ['not a plain value in the text'],
    },
    {
      name: 'a rename of a list item: not a plain value (an item has no key)',
      text: 'tags:\n  - a\n  - b\n',
      ops: [rename(['tags', 0], 'x')],
      reasons: ['not a plain value in the text'],
    },
    {
      name: 'block scalars (| and >) and a tagged value',
      text: 'a: |\n  x\nb: >\n  y\nc: !!str z\n',
      ops: [set(['a'], 'X'), set(['b'], 'Y'), set(['c'], 'Z')],
      reasons: [
        'written as a block scalar (|); edit it by hand',
        'written as a block scalar (>); edit it by hand',
        'written with the YAML tag tag:yaml.org,2002:str; edit it by hand',
      ],
    },
    {
      name: 'two adds into a map written through an alias: both refused',
      text: 'a: &x\n  t: 1\nb: *x\n',
      ops: [add(['b'], 'k', 1), add(['b'], 'j', 2)],
      reasons: [
        'written through the YAML alias *x; edit its anchor by hand',
        'written through the YAML alias *x; edit its anchor by hand',
      ],
    },
    {
      name: 'an add into a map that a merge key (<<) brings: not found in the text',
      text: 'base: &b\n  c: {}\nd:\n  <<: *b\n',
      ops: [add(['d', 'c'], 'k', 1)],
      reasons: ['not found in the text (a YAML merge key?)'],
    },
    {
      name: 'a key written twice, a list first: an add into it is not a map in the text',
      text: 'r: [1]\nr: {}\n',
      ops: [add(['r'], 'k', 1), add(['r'], 'j', 2)],
      reasons: ['not a map in the text', 'not a map in the text'],
    },
    {
      name: 'a map opening a list item: a code before its first entry does not start its line',
      text: "x-sets:\n  - '500': {description: Error}\n    default: {description: Other}\n",
      ops: [add(['x-sets', 0], '404', { description: 'Not Found' })],
      reasons: ['the next entry does not start its line'],
    },
    {
      name: 'a text of two lines, or a list, in a block map: does not fit on one line',
      text: 'r:\n  a: 1\ns:\n  a: 1\n',
      ops: [add(['r'], 'b', 'line one\nline two'), add(['s'], 'c', ['x', 'y'])],
      reasons: ['the value does not fit on one line', 'the value does not fit on one line'],
    },
  ])('$name', ({ text, ops, reasons }) => {
    expect(refused(text, ops)).toEqual(reasons);
  });
});
