/**
 * A JSON text as `spectral lint` reads it, without its YAML parser: the data (`JSON.parse`) and, for
 * any path, the range Spectral's YAML parser gives it (@stoplight/yaml's getLocationForJsonPath,
 * closest node), to the character. `spectral lint` parses JSON as YAML; on a large description that
 * is most of a lint (GitHub's 13 MB: about 3 s of parsing against 0.6 s here), and the language
 * server lints on every edit.
 *
 * Only for a text that both parsers read alike and on which Spectral's parser has nothing to say: a
 * JSON object or array with no key twice (Spectral's parser says "duplicate key", which stops our
 * rules), no `__proto__` key (which YAML drops), no tab (Spectral warns "Using tabs can lead to
 * unpredictable results") and none of the characters YAML also takes for line breaks (U+0085,
 * U+2028, U+2029). Anything else is left to Spectral's parser (`undefined`).
 *
 * Spectral's ranges, as its parser computes them for JSON: a string, number, `true`, `false` or
 * `null` spans its token; an object or array that is a member's value starts one character after
 * the member's key (where the `:` usually is), an item or the root at its bracket; a non-empty
 * object or array ends where its last member or item ends (recursively), an empty one after its
 * closing bracket. A path that leaves the document is placed at the last node it reaches. Lines
 * count `\n` only.
 */
import type { JsonPath } from '../../functions/lib/json';

interface Position {
  line: number;
  character: number;
}
interface Range {
  start: Position;
  end: Position;
}
export interface PlainJson {
  data: unknown;
  range: (path: JsonPath) => Range;
}

/** A scalar (`members` and `items` undefined), an object (`members`) or an array (`items`), with its offsets. */
interface Node {
  start: number;
  end: number;
  keys?: string[];
  keyEnds?: number[];
  members?: Node[];
  items?: Node[];
}

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const QUOTE = 34;
const COMMA = 44;
const COLON = 58;
const OPEN_BRACKET = 91;
const BACKSLASH = 92;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;

/** Thrown inside the scanner for a text that is not plain JSON; never leaves this module. */
const NOT_PLAIN = new Error('not plain JSON');

/** The tree of a JSON text's nodes with their offsets, in one pass; throws NOT_PLAIN where the text is not one JSON value. */
function scan(text: string): Node {
  const length = text.length;
  let at = 0;
  const skipSpace = (): void => {
    for (; at < length; at++) {
      const c = text.charCodeAt(at);
      if (c !== SPACE && c !== LF && c !== CR && c !== TAB) return;
    }
  };
  /** At a `"`: moves past the string, returns where it started. */
  const string = (): number => {
    const start = at;
    for (let from = at + 1; ;) {
      const quote = text.indexOf('"', from);
      if (quote < 0) throw NOT_PLAIN;
      let backslashes = 0;
      while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
      from = quote + 1;
      if (backslashes % 2 === 0) {
        at = from;
        return start;
      }
    }
  };
  const value = (): Node => {
    skipSpace();
    const c = text.charCodeAt(at);
    if (c === OPEN_BRACE) return object();
    if (c === OPEN_BRACKET) return array();
    if (c === QUOTE) return { start: string(), end: at };
    const start = at;
    for (; at < length; at++) {
      const d = text.charCodeAt(at);
      if (d === COMMA || d === CLOSE_BRACE || d === CLOSE_BRACKET || d === SPACE || d === LF || d === CR || d === TAB)
        break;
    }
    if (at === start) throw NOT_PLAIN;
    return { start, end: at };
  };
  const object = (): Node => {
    const node: Node = { start: at, end: at, keys: [], keyEnds: [], members: [] };
    const seen = new Set<string>();
    at++;
    skipSpace();
    if (text.charCodeAt(at) === CLOSE_BRACE) {
      node.end = ++at;
      return node;
    }
    for (;;) {
      skipSpace();
      if (text.charCodeAt(at) !== QUOTE) throw NOT_PLAIN;
      const keyStart = string();
      const written = text.slice(keyStart + 1, at - 1);
      const key = written.includes('\\') ? (JSON.parse(text.slice(keyStart, at)) as string) : written;
      if (key === '__proto__' || seen.has(key)) throw NOT_PLAIN;
      seen.add(key);
      node.keys!.push(key);
      node.keyEnds!.push(at);
      skipSpace();
      if (text.charCodeAt(at++) !== COLON) throw NOT_PLAIN;
      node.members!.push(value());
      skipSpace();
      const next = text.charCodeAt(at++);
      if (next === COMMA) continue;
      if (next !== CLOSE_BRACE) throw NOT_PLAIN;
      node.end = at;
      return node;
    }
  };
  const array = (): Node => {
    const node: Node = { start: at, end: at, items: [] };
    at++;
    skipSpace();
    if (text.charCodeAt(at) === CLOSE_BRACKET) {
      node.end = ++at;
      return node;
    }
    for (;;) {
      node.items!.push(value());
      skipSpace();
      const next = text.charCodeAt(at++);
      if (next === COMMA) continue;
      if (next !== CLOSE_BRACKET) throw NOT_PLAIN;
      node.end = at;
      return node;
    }
  };
  const root = value();
  skipSpace();
  if (at !== length || (root.members === undefined && root.items === undefined)) throw NOT_PLAIN;
  return root;
}

/** Where a node ends for Spectral: a non-empty collection where its last member or item ends. */
function endOf(node: Node): number {
  let last: Node | undefined = node;
  let end = node.end;
  while (last !== undefined) {
    end = last.end;
    const children: Node[] | undefined = last.members ?? last.items;
    last = children !== undefined && children.length > 0 ? children[children.length - 1] : undefined;
  }
  return end;
}

/** The offsets where each line after the first starts, and one past the text's end (@stoplight/yaml's line map). */
function lineStarts(text: string): number[] {
  const starts: number[] = [];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  starts.push(text.length + 1);
  return starts;
}

/** The text read as `spectral lint` reads it, or undefined where only Spectral's parser reads it so. */
export function plainJson(text: string): PlainJson | undefined {
  if (/[\t\u0085\u2028\u2029]/.test(text)) return undefined;
  let root: Node;
  let data: unknown;
  try {
    root = scan(text);
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const starts = lineStarts(text);
  const position = (offset: number): Position => {
    // The number of line starts at or before the offset (the last entry is past the text).
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (starts[middle] <= offset) low = middle + 1;
      else high = middle;
    }
    return { line: low, character: offset - (low === 0 ? 0 : starts[low - 1]) };
  };
  return {
    data,
    range: (path: JsonPath): Range => {
      let node = root;
      let keyEnd = -1;
      for (const segment of path) {
        if (node.members !== undefined) {
          const index = typeof segment === 'string' ? node.keys!.lastIndexOf(segment) : -1;
          if (index < 0) break;
          keyEnd = node.keyEnds![index];
          node = node.members[index];
        } else if (node.items !== undefined) {
          const item = node.items[Number(segment)] as Node | undefined;
          if (item === undefined || !Number.isInteger(Number(segment))) break;
          keyEnd = -1;
          node = item;
        } else break;
      }
      const start =
        keyEnd >= 0 && node.members === undefined && node.items === undefined
          ? node.start
          : keyEnd >= 0
            ? keyEnd + 1
            : node === root && starts[0] === node.start
              ? 0
              : node.start;
      return { start: position(start), end: position(endOf(node)) };
    },
  };
}
