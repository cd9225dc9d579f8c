/**
 * The unified diff of `fix --dry-run` (cli/fix/diff.ts). Exact diffs for the shapes that matter
 * (hunks, their context, joining near changes, a missing final newline), and git as the judge of
 * many more: every diff of a seeded set of random edits must apply with `git apply`, which checks
 * each hunk's line numbers, counts and context strictly, and give the edited text.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unifiedDiff } from '../../../cli/fix/diff';

const numbered = (count: number, from = 1): string[] => Array.from({ length: count }, (_, i) => `line ${i + from}`);
const text = (lines: string[]): string => lines.map(line => `${line}\n`).join('');

describe('exact diffs', () => {
  test('the same text: no diff at all', () => {
    expect(unifiedDiff('a: 1\n', 'a: 1\n', 'api.yaml')).toBe('');
  });

  test('one changed line in the middle: three lines of context on each side', () => {
    const before = numbered(20);
    const after = [...before];
    after[9] = 'line ten';
    expect(unifiedDiff(text(before), text(after), 'api.yaml')).toBe(
      [
        '--- a/api.yaml',
        '+++ b/api.yaml',
        '@@ -7,7 +7,7 @@',
        ' line 7',
        ' line 8',
        ' line 9',
        '-line 10',
        '+line ten',
        ' line 11',
        ' line 12',
        ' line 13',
        '',
      ].join('\n'),
    );
  });

  test('lines added at the start and at the end: the context is cut at the text', () => {
    const before = numbered(10);
    expect(unifiedDiff(text(before), text(['first', ...before, 'last']), 'api.yaml')).toBe(
      [
        '--- a/api.yaml',
        '+++ b/api.yaml',
        '@@ -1,3 +1,4 @@',
        '+first',
        ' line 1',
        ' line 2',
        ' line 3',
        '@@ -8,3 +9,4 @@',
        ' line 8',
        ' line 9',
        ' line 10',
        '+last',
        '',
      ].join('\n'),
    );
  });

  test('two changes six unchanged lines apart share a hunk; seven apart, they do not', () => {
    const before = numbered(30);
    const six = [...before];
    six[5] = 'six';
    six[12] = 'thirteen';
    expect(unifiedDiff(text(before), text(six), 'a.yaml').match(/^@@.*$/gm)).toEqual(['@@ -3,14 +3,14 @@']);
    const seven = [...before];
    seven[5] = 'six';
    seven[13] = 'fourteen';
    expect(unifiedDiff(text(before), text(seven), 'a.yaml').match(/^@@.*$/gm)).toEqual([
      '@@ -3,7 +3,7 @@',
      '@@ -11,7 +11,7 @@',
    ]);
  });

  test('a last line without its newline is marked so, before and after', () => {
    expect(unifiedDiff('a: 1\nb: 2', 'a: 1\nb: 3', 'api.yaml')).toBe(
      [
        '--- a/api.yaml',
        '+++ b/api.yaml',
        '@@ -1,2 +1,2 @@',
        ' a: 1',
        '-b: 2',
        '\\ No newline at end of file',
        '+b: 3',
        '\\ No newline at end of file',
        '',
      ].join('\n'),
    );
    expect(unifiedDiff('a: 1\n', 'a: 1\nb: 2', 'api.yaml')).toBe(
      [
        '--- a/api.yaml',
        '+++ b/api.yaml',
        '@@ -1,1 +1,2 @@',
        ' a: 1',
        '+b: 2',
        '\\ No newline at end of file',
        '',
      ].join('\n'),
    );
  });

  test('a text emptied, and an empty text filled: the empty side starts at line 0', () => {
    expect(unifiedDiff('a: 1\n', '', 'api.yaml')).toBe('--- a/api.yaml\n+++ b/api.yaml\n@@ -1,1 +0,0 @@\n-a: 1\n');
    expect(unifiedDiff('', 'a: 1\n', 'api.yaml')).toBe('--- a/api.yaml\n+++ b/api.yaml\n@@ -0,0 +1,1 @@\n+a: 1\n');
  });

  test('a line moved down: removed at one place, added at the other, the lines between kept', () => {
    const before = numbered(8);
    const after = [...before.slice(1, 5), before[0], ...before.slice(5)];
    const diff = unifiedDiff(text(before), text(after), 'a.yaml');
    expect(diff.split('\n').filter(line => /^[-+]/.test(line) && !/^(---|\+\+\+) /.test(line))).toEqual([
      '-line 1',
      '+line 1',
    ]);
  });
});

/** A deterministic pseudo-random sequence (mulberry32), so that a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An edit of a text as fix makes them and worse: lines changed, added, removed, repeated lines, the final newline. */
function edited(lines: string[], next: () => number): string[] {
  const out = [...lines];
  const edits = 1 + Math.floor(next() * 6);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(next() * (out.length + 1));
    const kind = next();
    const count = 1 + Math.floor(next() * 4);
    if (kind < 0.35) out.splice(at, 0, ...Array.from({ length: count }, () => `added ${Math.floor(next() * 5)}`));
    else if (kind < 0.7) out.splice(at, count);
    else if (at < out.length) out[at] = `changed ${Math.floor(next() * 3)}`;
  }
  return out;
}

test('git applies every diff of 300 random edits and gets the edited text', () => {
  const folder = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-diff-test-'));
  try {
    const next = random(20261123);
    for (let round = 0; round < 300; round++) {
      // Few distinct lines, so that the texts repeat themselves as YAML does (`type: string`).
      const before = Array.from({ length: Math.floor(next() * 40) }, () => `value ${Math.floor(next() * 4)}`);
      const after = edited(before, next);
      const beforeText = text(before).slice(0, next() < 0.2 ? -1 : undefined);
      const afterText = text(after).slice(0, next() < 0.2 ? -1 : undefined);
      const diff = unifiedDiff(beforeText, afterText, 'api.yaml');
      if (beforeText === afterText) {
        expect(diff).toBe('');
        continue;
      }
      writeFileSync(join(folder, 'api.yaml'), beforeText);
      writeFileSync(join(folder, 'change.diff'), diff);
      execFileSync('git', ['apply', '--unidiff-zero', 'change.diff'], { cwd: folder, stdio: 'pipe' });
      expect({ round, text: readFileSync(join(folder, 'api.yaml'), 'utf8') }).toEqual({ round, text: afterText });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

/**
 * `count` lines where every other one is `same`, the rest (the first and last among them) told
 * apart by `prefix`: no two lines in a row agree, so the whole run is one place of difference.
 */
const interleaved = (count: number, prefix: string): string[] =>
  Array.from({ length: count }, (_, k) => (k % 2 === 1 && k < count - 1 ? 'same' : `${prefix} ${k}`));

test('a run of up to a million line pairs keeps its common lines; a longer one is all removed, then all added', () => {
  const changes = (count: number) =>
    unifiedDiff(
      text(['head', ...interleaved(count, 'old'), 'tail']),
      text(['head', ...interleaved(count, 'new'), 'tail']),
      'a.yaml',
    )
      .split('\n')
      .filter(line => /^[-+ ](old|new|same)/.test(line));
  const kept = changes(1000);
  expect(kept.filter(line => line === ' same')).toHaveLength(499);
  expect(kept.slice(0, 4)).toEqual(['-old 0', '+new 0', ' same', '-old 2']);
  const long = changes(1002);
  expect(long.filter(line => line === ' same')).toHaveLength(0);
  expect(long.slice(0, 2)).toEqual(['-old 0', '-same']);
  expect(long.slice(1002, 1004)).toEqual(['+new 0', '+same']);
  expect(long).toHaveLength(2004);
});

/**
 * Small texts of repeated lines (as YAML repeats `type: string`), where the diff takes one of several
 * correct shapes: the shape is pinned, the one that resynchronises on three agreeing lines and aligns
 * the runs between by their longest common subsequence, removals first.
 */
test.each([
  [
    'a blank first line, then lines repeated',
    '\nnullable: true\nnullable: true\nformat: uuid\nnullable: true\nnullable: true\nformat: uuid\n',
    '\nnullable: true\nnullable: true\nnullable: true\nnullable: true\nnullable: true\nformat: uuid\n',
    [
      '--- a/schema.yaml',
      '+++ b/schema.yaml',
      '@@ -1,7 +1,7 @@',
      ' ',
      ' nullable: true',
      ' nullable: true',
      '-format: uuid',
      '+nullable: true',
      ' nullable: true',
      ' nullable: true',
      ' format: uuid',
      '',
    ].join('\n'),
  ],
  [
    'three lines in a row agree again after a change',
    'nullable: true\ntype: string\ntype: string\nnullable: true\nformat: uuid\ntype: string\n',
    'nullable: true\ntype: string\nnullable: true\nformat: uuid\ntype: string\ntype: string\ntype: string\ntype: string\n',
    [
      '--- a/schema.yaml',
      '+++ b/schema.yaml',
      '@@ -1,6 +1,8 @@',
      ' nullable: true',
      ' type: string',
      '-type: string',
      ' nullable: true',
      ' format: uuid',
      ' type: string',
      '+type: string',
      '+type: string',
      '+type: string',
      '',
    ].join('\n'),
  ],
  [
    'a run whose lines match in more than one way',
    'nullable: true\ntype: string\nnullable: true\nformat: uuid\nnullable: true\nformat: uuid\nnullable: true\ntype: string\n',
    'nullable: true\ntype: string\nnullable: true\nexample: 42\nnullable: true\nnullable: true\nformat: uuid\nformat: uuid\nnullable: true\ntype: string\n',
    [
      '--- a/schema.yaml',
      '+++ b/schema.yaml',
      '@@ -1,8 +1,10 @@',
      ' nullable: true',
      ' type: string',
      ' nullable: true',
      '-format: uuid',
      '+example: 42',
      ' nullable: true',
      '+nullable: true',
      '+format: uuid',
      ' format: uuid',
      ' nullable: true',
      ' type: string',
      '',
    ].join('\n'),
  ],
  [
    'a run ending in lines added, the last without its newline',
    'nullable: true\nformat: uuid\nnullable: true\nformat: uuid\nformat: uuid\ntype: string\ntype: string\n',
    'example: 42\nnullable: true\nnullable: true\nnullable: true\nminLength: 1\nnullable: true\nformat: uuid\nformat: uuid\ntype: string\ntype: string',
    [
      '--- a/schema.yaml',
      '+++ b/schema.yaml',
      '@@ -1,7 +1,10 @@',
      '+example: 42',
      ' nullable: true',
      '-format: uuid',
      '+nullable: true',
      '+nullable: true',
      '+minLength: 1',
      ' nullable: true',
      ' format: uuid',
      ' format: uuid',
      ' type: string',
      '-type: string',
      '+type: string',
      '\\ No newline at end of file',
      '',
    ].join('\n'),
  ],
  [
    'lines added among repeated ones',
    'format: uuid\nformat: uuid\ntype: string\ntype: string\n',
    'format: uuid\nnullable: true\nexample: 42\nformat: uuid\ntype: string\n',
    [
      '--- a/schema.yaml',
      '+++ b/schema.yaml',
      '@@ -1,4 +1,5 @@',
      ' format: uuid',
      '+nullable: true',
      '+example: 42',
      ' format: uuid',
      '-type: string',
      ' type: string',
      '',
    ].join('\n'),
  ],
])('%s', (_name, before, after, diff) => {
  expect(unifiedDiff(before, after, 'schema.yaml')).toBe(diff);
});
