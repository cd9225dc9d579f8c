/**
 * The text layer that `fix` shares between JSON and YAML (cli/fix-engine/text.ts): which line ending new
 * lines take, the excerpt shown under a parse error, line offsets, inserting lines, and applying
 * edits in one pass. Tables of texts and what they give.
 */
import { Edit, afterLine, applyEdits, excerptOf, insertLines, lineEnding } from '../../../cli/fix-engine/text';

describe('lineEnding: what most lines end with, LF on a tie', () => {
  test.each([
    ['LF only', 'openapi: 3.1.0\npaths: {}\n', '\n'],
    ['CRLF only', 'openapi: 3.1.0\r\npaths: {}\r\n', '\r\n'],
    ['two CRLF lines and one LF line', 'openapi: 3.1.0\r\ninfo: {}\r\npaths: {}\n', '\r\n'],
    ['one CRLF line and one LF line: a tie', 'openapi: 3.1.0\r\npaths: {}\n', '\n'],
    ['a blank first line, then CRLF lines', '\nopenapi: 3.1.0\r\npaths: {}\r\n', '\r\n'],
    ['no line break at all', 'openapi: 3.1.0', '\n'],
  ])('%s', (_name, text, expected) => {
    expect(lineEnding(text)).toBe(expected);
  });
});

describe('excerptOf: the line of a parse error, at most 120 characters around the column', () => {
  const long = `description: ${'x'.repeat(187)}`; // 200 characters
  test.each([
    ['a short line', 'openapi: 3.1.0\npaths: {\n', 2, 9, '  paths: {'],
    ['a line of a CRLF text', 'openapi: 3.1.0\r\npaths: {\r\n', 2, 9, '  paths: {'],
    ['the first line, after a byte order mark', '\uFEFFopenapi: [3.1.0\n', 1, 10, '  openapi: [3.1.0'],
    ['a byte order mark inside a value is shown', 'title: "a\uFEFFb\n', 1, 8, '  title: "a\uFEFFb'],
    ['a long line, the column near its start', long, 1, 60, `  ${long.slice(0, 120)}…`],
    ['a long line, one column further', long, 1, 61, `  …${long.slice(1, 121)}…`],
    ['a long line, the column in its middle', long, 1, 100, `  …${long.slice(40, 160)}…`],
    ['a long line, the column where the excerpt reaches its end', long, 1, 140, `  …${long.slice(80)}`],
    ['a long line, the column near its end', long, 1, 190, `  …${long.slice(130)}`],
  ])('%s', (_name, text, line, column, expected) => {
    expect(excerptOf(text, line, column)).toBe(expected);
  });
  test.each([
    ['a blank line', 'openapi: 3.1.0\n   \n', 2, 1],
    ['a line past the end', 'openapi: 3.1.0\n', 3, 1],
    ['a column far past a line shorter than the excerpt', `${'y'.repeat(30)}\n`, 1, 200],
  ])('%s: no excerpt', (_name, text, line, column) => {
    expect(excerptOf(text, line, column)).toBeUndefined();
  });
});

test('afterLine: the offset after the line holding an offset; a line start stays', () => {
  expect(afterLine('a: 1\nb: 2\n', 1)).toBe(5);
  expect(afterLine('a: 1\nb: 2\n', 5)).toBe(5);
  expect(afterLine('a: 1\nb: 2', 7)).toBe(9);
  expect(afterLine('\na: 1\n', 0)).toBe(1);
});

test('insertLines: before a line, or after a last line without its newline', () => {
  expect(insertLines('a: 1\nb: 2', 0, ['x: 0', 'y: 0'], '\n')).toEqual({ start: 0, end: 0, text: 'x: 0\ny: 0\n' });
  expect(insertLines('a: 1\nb: 2', 9, ['c: 3'], '\r\n')).toEqual({ start: 9, end: 9, text: '\r\nc: 3' });
  expect(insertLines('a: 1\n', 5, ['c: 3'], '\n')).toEqual({ start: 5, end: 5, text: 'c: 3\n' });
  expect(insertLines('', 0, ['c: 3'], '\n')).toEqual({ start: 0, end: 0, text: 'c: 3\n' });
});

describe('applyEdits', () => {
  const at = (start: number, text: string, depth?: number): Edit => ({ start, end: start, text, depth });
  test('edits at one offset: the deeper map first, then in the order given', () => {
    expect(applyEdits('r:\n', [at(3, 'a', 1), at(3, 'b', 2), at(3, 'c')])).toBe('r:\nbac');
    expect(applyEdits('r:\n', [at(3, 'b', 2), at(3, 'a', 1), at(3, 'c')])).toBe('r:\nbac');
    expect(applyEdits('r:\n', [at(3, 'c'), at(3, 'a', 1), at(3, 'b', 2)])).toBe('r:\nbac');
    expect(applyEdits('r:\n', [at(3, 'x'), at(3, 'y')])).toBe('r:\nxy');
  });
  test('replacements in offset order, whatever order they are given in', () => {
    expect(
      applyEdits('a: 1\nb: 2\n', [
        { start: 8, end: 9, text: '20' },
        { start: 3, end: 4, text: '10' },
      ]),
    ).toBe('a: 10\nb: 20\n');
  });
  test('overlapping edits are a bug, thrown rather than written', () => {
    expect(() =>
      applyEdits('a: 1\n', [
        { start: 0, end: 4, text: 'b: 2' },
        { start: 3, end: 4, text: '3' },
      ]),
    ).toThrow('overlapping edits at offset 3');
  });
});
