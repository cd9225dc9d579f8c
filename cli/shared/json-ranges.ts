/**
 * A JSON text as `spectral lint` reads it, without its YAML parser: the data (`JSON.parse`) and, for
 * any path, the range Spectral's YAML parser gives it (@stoplight/yaml's getLocationForJsonPath,
 * closest node), to the character. `spectral lint` parses JSON as YAML; on a large description that
 * is most of a lint (GitHub's 13 MB: about 3 s of parsing against 0.3 s here, measured 27 November
 * 2026), and the language server lints on every edit.
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

/**
 * Where each object and array of the text opens and closes, in the order they open (so `opens` is
 * sorted): all that is kept of the scan. A tree of every node with its offsets held five times the
 * parsed data (Microsoft Graph's beta description: 360 MB beside 73 MB, measured 27 November 2026);
 * the paths asked for are few, and are found by reading the text again from the root with this
 * index, remembering the members of each collection read.
 */
interface Brackets {
  opens: Int32Array;
  closes: Int32Array;
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

const isSpace = (c: number): boolean => c === SPACE || c === LF || c === CR || c === TAB;

/** Thrown inside the scanner for a text that is not plain JSON; never leaves this module. */
const NOT_PLAIN = new Error('not plain JSON');

/** The first offset at or after `at` that is not white space (or the text's length). */
function skipSpaceFrom(text: string, at: number): number {
  while (isSpace(text.charCodeAt(at))) at++;
  return at;
}

/** The offset past a number, `true`, `false` or `null` starting at `at`: where a delimiter or white space is. */
function pastScalar(text: string, at: number): number {
  for (; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isSpace(c)) break;
  }
  return at;
}

/** From `at`, the offset past the first unescaped `"` (a string's end), or -1. */
function pastQuote(text: string, at: number): number {
  for (let from = at; ;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    from = quote + 1;
    if (backslashes % 2 === 0) return from;
  }
}

/** A key as JSON.parse reads it, from its token (quotes included). */
const memberName = (token: string): string =>
  token.includes('\\') ? (JSON.parse(token) as string) : token.slice(1, -1);

/** The brackets of a JSON text, in one pass; throws NOT_PLAIN where the text is not one JSON object or array that both parsers read alike. */
function scan(text: string): Brackets {
  const length = text.length;
  let at = 0;
  let opens = new Int32Array(1024);
  let closes = new Int32Array(1024);
  let count = 0;
  const skipSpace = (): void => {
    at = skipSpaceFrom(text, at);
  };
  /** At a `"`: moves past the string. */
  const string = (): void => {
    at = pastQuote(text, at + 1);
    if (at < 0) throw NOT_PLAIN;
  };
  /** Notes a container opening at `at`; returns its index, to close. */
  const open = (): number => {
    if (count === opens.length) {
      const grown = new Int32Array(count * 2);
      grown.set(opens);
      opens = grown;
      const grownCloses = new Int32Array(count * 2);
      grownCloses.set(closes);
      closes = grownCloses;
    }
    opens[count] = at;
    return count++;
  };
  const value = (): void => {
    skipSpace();
    const c = text.charCodeAt(at);
    if (c === OPEN_BRACE) return object();
    if (c === OPEN_BRACKET) return array();
    if (c === QUOTE) return string();
    const start = at;
    at = pastScalar(text, at);
    if (at === start) throw NOT_PLAIN;
  };
  const object = (): void => {
    const index = open();
    at++;
    skipSpace();
    if (text.charCodeAt(at) === CLOSE_BRACE) {
      closes[index] = at++;
      return;
    }
    const seen = new Set<string>();
    for (;;) {
      skipSpace();
      if (text.charCodeAt(at) !== QUOTE) throw NOT_PLAIN;
      const keyStart = at;
      string();
      const key = memberName(text.slice(keyStart, at));
      if (key === '__proto__' || seen.has(key)) throw NOT_PLAIN;
      seen.add(key);
      skipSpace();
      if (text.charCodeAt(at++) !== COLON) throw NOT_PLAIN;
      value();
      skipSpace();
      const next = text.charCodeAt(at++);
      if (next === COMMA) continue;
      if (next !== CLOSE_BRACE) throw NOT_PLAIN;
      closes[index] = at - 1;
      return;
    }
  };
  const array = (): void => {
    const index = open();
    at++;
    skipSpace();
    if (text.charCodeAt(at) === CLOSE_BRACKET) {
      closes[index] = at++;
      return;
    }
    for (;;) {
      value();
      skipSpace();
      const next = text.charCodeAt(at++);
      if (next === COMMA) continue;
      if (next !== CLOSE_BRACKET) throw NOT_PLAIN;
      closes[index] = at - 1;
      return;
    }
  };
  skipSpace();
  const first = text.charCodeAt(at);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) throw NOT_PLAIN;
  value();
  skipSpace();
  if (at !== length) throw NOT_PLAIN;
  return { opens: opens.subarray(0, count), closes: closes.subarray(0, count) };
}

/** Reads a text's values by offset, with the scan's brackets; remembers the members of the collections it was asked about. */
class Reader {
  private readonly members = new Map<number, Map<string, number>>();
  private readonly items = new Map<number, number[]>();

  constructor(
    private readonly text: string,
    private readonly brackets: Brackets,
  ) {}

  /** The first offset at or after `at` that is not white space. */
  skip(at: number): number {
    return skipSpaceFrom(this.text, at);
  }

  /** The offset of the bracket closing the collection that opens at `open`. */
  close(open: number): number {
    const { opens, closes } = this.brackets;
    let low = 0;
    let high = opens.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (opens[middle] < open) low = middle + 1;
      else high = middle;
    }
    return closes[low];
  }

  /** The offset past the value starting at `at`. */
  end(at: number): number {
    const c = this.text.charCodeAt(at);
    if (c === OPEN_BRACE || c === OPEN_BRACKET) return this.close(at) + 1;
    if (c === QUOTE) return pastQuote(this.text, at + 1);
    return pastScalar(this.text, at);
  }

  /** Each member of the object opening at `open`: its key, and the offset past the key. */
  membersOf(open: number): Map<string, number> {
    let found = this.members.get(open);
    if (found !== undefined) return found;
    found = new Map();
    const close = this.close(open);
    let at = this.skip(open + 1);
    while (at < close) {
      const keyEnd = pastQuote(this.text, at + 1);
      found.set(memberName(this.text.slice(at, keyEnd)), keyEnd);
      // Past the colon, the value and the comma to the next key.
      at = this.skip(this.skip(this.end(this.skip(this.skip(keyEnd) + 1))) + 1);
    }
    this.members.set(open, found);
    return found;
  }

  /** Where each item of the array opening at `open` starts. */
  itemsOf(open: number): number[] {
    let found = this.items.get(open);
    if (found !== undefined) return found;
    found = [];
    const close = this.close(open);
    for (let at = this.skip(open + 1); at < close; at = this.skip(this.skip(this.end(at)) + 1)) found.push(at);
    this.items.set(open, found);
    return found;
  }

  /** Where a value ends for Spectral: a non-empty collection where its last member or item ends, recursively. */
  spectralEnd(at: number): number {
    let end = this.end(at);
    for (;;) {
      const c = this.text.charCodeAt(end - 1);
      if (c !== CLOSE_BRACE && c !== CLOSE_BRACKET) return end;
      // The last member's value ends just before the closing bracket; an empty collection has its own opening bracket there.
      let last = end - 2;
      while (isSpace(this.text.charCodeAt(last))) last--;
      const d = this.text.charCodeAt(last);
      if (d === OPEN_BRACE || d === OPEN_BRACKET) return end;
      end = last + 1;
    }
  }
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
  let brackets: Brackets;
  let data: unknown;
  try {
    brackets = scan(text);
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const reader = new Reader(text, brackets);
  const root = reader.skip(0);
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
        const c = text.charCodeAt(node);
        if (c === OPEN_BRACE) {
          const end = typeof segment === 'string' ? reader.membersOf(node).get(segment) : undefined;
          if (end === undefined) break;
          keyEnd = end;
          node = reader.skip(reader.skip(end) + 1);
        } else if (c === OPEN_BRACKET) {
          const item = reader.itemsOf(node)[Number(segment)] as number | undefined;
          if (item === undefined || !Number.isInteger(Number(segment))) break;
          keyEnd = -1;
          node = item;
        } else break;
      }
      const c = text.charCodeAt(node);
      const collection = c === OPEN_BRACE || c === OPEN_BRACKET;
      const start = keyEnd >= 0 && collection ? keyEnd + 1 : node === root && starts[0] === node ? 0 : node;
      return { start: position(start), end: position(reader.spectralEnd(node)) };
    },
  };
}
