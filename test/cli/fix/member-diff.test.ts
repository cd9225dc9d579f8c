/**
 * `fix --dry-run` for long lines (cli/fix/member-diff.ts, chosen by dryRunDiff in cli/fix/diff.ts):
 * the two texts walked member by member, each difference with its JSON pointer, its old and new
 * text, and an excerpt of the fixed text. Exact results for each kind of edit, JSON and YAML.
 */
import { LONG_LINE, formatMemberEdits, memberEdits } from '../../../cli/fix/member-diff';
import { dryRunDiff, unifiedDiff } from '../../../cli/fix/diff';

/** The edits without their excerpts, which the format tests show. */
const brief = (before: string, after: string, json = true) =>
  memberEdits(before, after, json)?.map(({ kind, pointer, old, new: added, offset }) => ({
    kind,
    pointer,
    old,
    new: added,
    offset,
  }));

describe('memberEdits', () => {
  test('a value changed, a key renamed, members added first, in between and last, one removed', () => {
    const before = '{"a":{"x":1,"y":"get /a"},"b":{"application/json":{}},"c":[1,2],"gone":true}';
    const after = '{"first":0,"a":{"x":1,"y":"GET /a","z":[]},"b":{"application/problem+json":{}},"new":1,"c":[1,2]}';
    expect(brief(before, after)).toEqual([
      { kind: 'added', pointer: '/first', old: '', new: '"first":0', offset: 1 },
      { kind: 'changed', pointer: '/a/y', old: '"get /a"', new: '"GET /a"', offset: 17 },
      { kind: 'added', pointer: '/a/z', old: '', new: '"z":[]', offset: 24 },
      {
        kind: 'renamed',
        pointer: '/b/application~1json',
        old: '"application/json"',
        new: '"application/problem+json"',
        offset: 44,
      },
      { kind: 'added', pointer: '/new', old: '', new: '"new":1', offset: 53 },
      { kind: 'removed', pointer: '/gone', old: ',"gone":true', new: '', offset: 63 },
    ]);
  });

  test('a renamed member whose value changed too: the rename, then the change under the new key', () => {
    expect(brief('{"enum":["A"]}', '{"x-extensible-enum":["A","B"]}')).toEqual([
      { kind: 'renamed', pointer: '/enum', old: '"enum"', new: '"x-extensible-enum"', offset: 2 },
      { kind: 'added', pointer: '/x-extensible-enum/1', old: '', new: '"B"', offset: 12 },
    ]);
  });

  test('array items: a changed item by its index, removed items at the end', () => {
    expect(brief('{"s":[{"t":"a"},2,3]}', '{"s":[{"t":"b"}]}')).toEqual([
      { kind: 'changed', pointer: '/s/0/t', old: '"a"', new: '"b"', offset: 12 },
      { kind: 'removed', pointer: '/s/1', old: ',2', new: '', offset: 15 },
      { kind: 'removed', pointer: '/s/2', old: ',3', new: '', offset: 17 },
    ]);
  });

  test('keys with / and ~ are escaped as RFC 6901 says', () => {
    expect(brief('{"paths":{"/a~b":{"get":1}}}', '{"paths":{"/a~b":{"get":2}}}')).toEqual([
      { kind: 'changed', pointer: '/paths/~1a~0b/get', old: '1', new: '2', offset: 24 },
    ]);
  });

  test('YAML, block and flow: the members of the yaml package tree', () => {
    const before = 'a:\n  b: {c: 1, d: [x]}\n  e: get /x\n';
    const after = 'a:\n  b: {c: 1, d: [x], f: 2}\n  e: GET /x\n  g: 3\n';
    expect(brief(before, after, false)).toEqual([
      { kind: 'added', pointer: '/a/b/f', old: '', new: 'f: 2', offset: 21 },
      { kind: 'changed', pointer: '/a/e', old: 'get /x', new: 'GET /x', offset: 28 },
      { kind: 'added', pointer: '/a/g', old: '', new: 'g: 3', offset: 34 },
    ]);
  });

  test('nothing to show by member: a text that does not parse, or a change of layout alone', () => {
    expect(memberEdits('{"a":', '{"a":1}', true)).toBeUndefined();
    expect(memberEdits('{"a":1}', '{"a":', true)).toBeUndefined();
    expect(memberEdits('a: [', 'a: 1', false)).toBeUndefined();
    expect(memberEdits('{"a":1}', '{ "a": 1 }', true)).toBeUndefined();
  });
});

describe('formatMemberEdits', () => {
  test('per edit: pointer, kind, line and column, old and new, and the excerpt with … where the text goes on', () => {
    const before = `{"info":{"title":"x"},"paths":{"/a":{"get":{"responses":{"200":{"description":"OK"}}}}},"tail":"${'t'.repeat(40)}"}`;
    const after = before
      .replace('"description":"OK"}', '"description":"OK"},"404":{"$ref":"#/r/NotFound"}')
      .replace('"x"', '"y"');
    expect(formatMemberEdits(before, after, memberEdits(before, after, true)!, 'api.json')).toBe(
      [
        '--- a/api.json',
        '+++ b/api.json',
        '@@ /info/title changed at line 1, column 19 @@',
        '-"x"',
        '+"y"',
        ' {"info":{"title":"[-x-]{+y+}"},"paths":{"/a":{"get":{"resp…',
        '@@ /paths/~1a/get/responses/404 added at line 1, column 84 @@',
        '+"404":{"$ref":"#/r/NotFound"}',
        ' …s":{"200":{"description":"OK"}{+,"404":{"$ref":"#/r/NotFound"}+}}}}},"tail":"ttttttttttttttttt…',
        '',
      ].join('\n'),
    );
  });

  test('a long JSON value is laid out two spaces a level, its tokens as written; YAML lines stay as they are', () => {
    const value = `{"description":"${'d'.repeat(LONG_LINE)}","n":1.50}`;
    const before = '{"a":{}}';
    const after = `{"a":{"v":${value}}}`;
    const diff = formatMemberEdits(before, after, memberEdits(before, after, true)!, 'x.json');
    expect(diff.split('\n').slice(2, 7)).toEqual([
      '@@ /a/v added at line 1, column 7 @@',
      '+"v": {',
      `+  "description": "${'d'.repeat(LONG_LINE)}",`,
      '+  "n": 1.50',
      '+}',
    ]);
    const yamlBefore = 'a:\n  b: 1\n';
    const yamlAfter = 'a:\n  b: 1\n  c:\n    d: 2\n';
    expect(formatMemberEdits(yamlBefore, yamlAfter, memberEdits(yamlBefore, yamlAfter, false)!, 'x.yaml')).toBe(
      [
        '--- a/x.yaml',
        '+++ b/x.yaml',
        '@@ /a/c added at line 2, column 7 @@',
        '+  c:',
        '+    d: 2',
        ' a:\\n  b: 1{+\\n  c:\\n    d: 2+}\\n',
        '',
      ].join('\n'),
    );
  });
});

describe('dryRunDiff: which form', () => {
  const long = 'x'.repeat(LONG_LINE);

  test('short lines: the unified diff, byte for byte', () => {
    const before = 'a: 1\nb: get /x\n';
    const after = 'a: 1\nb: GET /x\n';
    expect(dryRunDiff(before, after, 'api.yaml')).toBe(unifiedDiff(before, after, 'api.yaml'));
    expect(dryRunDiff(before, before, 'api.yaml')).toBe('');
  });

  test('a long line only added (a flow mapping that grew): the unified diff', () => {
    const before = 'a: {b: 1}\n';
    const after = `a: {b: 1, c: ${long}}\n`;
    expect(dryRunDiff(before, after, 'api.yaml')).toBe(unifiedDiff(before, after, 'api.yaml'));
  });

  test('a changed line of exactly LONG_LINE characters: still the unified diff; one more: by member', () => {
    const line = (value: string, length: number) => `{"a":"${value}","pad":"${'p'.repeat(length - 18)}"}`;
    expect(line('x', LONG_LINE)).toHaveLength(LONG_LINE);
    const unified = dryRunDiff(line('x', LONG_LINE), line('y', LONG_LINE), 'a.json');
    expect(unified).toBe(unifiedDiff(line('x', LONG_LINE), line('y', LONG_LINE), 'a.json'));
    const byMember = dryRunDiff(line('x', LONG_LINE + 1), line('y', LONG_LINE + 1), 'a.json');
    expect(byMember.split('\n').slice(0, 5)).toEqual([
      '--- a/a.json',
      '+++ b/a.json',
      '@@ /a changed at line 1, column 7 @@',
      '-"x"',
      '+"y"',
    ]);
  });

  test('a long YAML line changed: by member, at its line and column', () => {
    const before = `info:\n  title: x\npaths: {/a: {get: {summary: ${long}, operationId: get}}}\n`;
    const after = before.replace('operationId: get', 'operationId: GET');
    expect(dryRunDiff(before, after, 'api.yaml')).toBe(
      [
        '--- a/api.yaml',
        '+++ b/api.yaml',
        '@@ /paths/~1a/get/operationId changed at line 3, column 344 @@',
        '-get',
        '+GET',
        ` …xxxxxxxxxxxxxxx, operationId: [-get-]{+GET+}}}}\\n`,
        '',
      ].join('\n'),
    );
  });

  test('a long line that does not parse after all: the unified diff', () => {
    const before = `{"a":"${long}"`;
    const after = `{"a":"${long}y"`;
    expect(dryRunDiff(before, after, 'a.json')).toBe(unifiedDiff(before, after, 'a.json'));
  });
});
