/**
 * JSON texts: parsed with JSON.parse, edited at the offsets of a partial tree that one scan of the text
 * builds along the edited paths only.
 */
import { ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import { JsonPath, isObject } from '../../functions/lib/json';
import { Op, insertBefore, rank } from './ops';
import { Edit, ParseFailure, Range, Source, excerptOf, lineColumn, lineEnding, lineStart } from './text';

export function parseJson(text: string, file: string): unknown {
  // Without its byte order mark, which jsonc-parser would report as the error (and editors do not count).
  const body = text.replace(/^\uFEFF/, '');
  try {
    return JSON.parse(body);
  } catch {
    const errors: ParseError[] = [];
    parseTree(body, errors, { disallowComments: true, allowTrailingComma: false });
    const first = errors[0];
    if (first === undefined) throw new ParseFailure(`${file}: cannot parse JSON`);
    const { line, column } = lineColumn(body, first.offset);
    throw new ParseFailure(
      `${file}: cannot parse JSON at line ${line}, column ${column}: ${printParseErrorCode(first.error)}`,
      excerptOf(body, line, column),
    );
  }
}

export class JsonSource implements Source {
  readonly format = 'json';
  readonly data: unknown;
  private tree: Value | undefined;

  private eol: string | undefined;

  constructor(
    readonly text: string,
    private readonly file: string,
    data?: unknown,
  ) {
    this.data = data === undefined ? parseJson(text, file) : data;
  }

  /** The paths whose values the tree holds (with their entries); the rest of the text is skipped. */
  private readonly wanted: Trie = new Map();

  /** The tree for the wanted paths, built when first needed after they grew. */
  private root(): Value {
    return (this.tree ??= partialTree(this.text, this.wanted));
  }

  /** Makes the tree hold the values of these ops' paths (one scan of the text for all of them). */
  prepare(ops: Op[]): void {
    for (const op of ops) {
      let trie = this.wanted;
      for (const key of op.path) {
        let next = trie.get(String(key));
        if (next === undefined) {
          trie.set(String(key), (next = new Map<string, Trie>()));
          this.tree = undefined;
        }
        trie = next;
      }
    }
  }

  /** The value at a path, and the property holding it (none for an array item or the document). */
  private locate(path: JsonPath): { node: Value; property?: Property } | undefined {
    let node = this.root();
    let property: Property | undefined;
    for (const key of path) {
      if (node.keys !== undefined) {
        property = node.keys.get(String(key));
        if (property === undefined) return undefined;
        node = property.value;
      } else if (node.items !== undefined && /^\d+$/.test(String(key))) {
        const item = node.items[Number(key)];
        if (item === undefined) return undefined;
        node = item;
        property = undefined;
      } else return undefined;
    }
    return { node, property };
  }

  /** Where the text ends (0-based line and character), computed when first asked for. */
  private end: { line: number; character: number } | undefined;

  /**
   * Where a path's value is written, for Spectral's findings. The fix never shows a finding's place, so
   * only the document's own range is computed (for findings at the root); others get the start.
   */
  range(path: JsonPath): Range {
    const end = path.length === 0 ? (this.end ??= endOf(this.text)) : { line: 0, character: 0 };
    return { start: { line: 0, character: 0 }, end };
  }

  /** The indentation of the line an offset is on. */
  private indentAt(offset: number): string {
    const start = lineStart(this.text, offset);
    return /^[ \t]*/.exec(this.text.slice(start, offset))![0];
  }

  /** What the document indents a level by: as its first entry, none if that is on the line of the `{` or `[`. */
  private indentUnit(): string {
    const root = this.root();
    const first = root.properties?.[0] ?? root.items?.[0];
    if (first === undefined) return '  ';
    const between = this.text.slice(root.offset + 1, first.offset);
    if (!between.includes('\n')) return '';
    return this.indentAt(first.offset) || '  ';
  }

  edit(ops: Op[]): { edits: Edit[]; skipped: { op: Op; reason: string }[] } {
    this.prepare(ops);
    const edits: Edit[] = [];
    const skipped: { op: Op; reason: string }[] = [];
    const eol = (this.eol ??= lineEnding(this.text));
    const adds = new Map<string, { path: JsonPath; entries: { op: Op & { kind: 'add' } }[] }>();
    for (const op of ops) {
      if (op.kind === 'add') {
        const key = JSON.stringify(op.path);
        const group = adds.get(key) ?? { path: op.path, entries: [] };
        group.entries.push({ op });
        adds.set(key, group);
        continue;
      }
      const at = this.locate(op.path);
      if (at === undefined) {
        skipped.push({ op, reason: 'not found in the text' });
      } else if (op.kind === 'set') {
        edits.push({ start: at.node.offset, end: at.node.offset + at.node.length, text: JSON.stringify(op.value) });
      } else {
        const property = at.property;
        if (property === undefined) skipped.push({ op, reason: 'not found in the text' });
        else
          edits.push({
            start: property.offset,
            end: property.offset + property.keyLength,
            text: JSON.stringify(op.key),
          });
      }
    }
    for (const { path, entries } of adds.values()) {
      const object = this.locate(path)?.node;
      if (object?.properties === undefined) {
        for (const { op } of entries) skipped.push({ op, reason: 'not found in the text' });
        continue;
      }
      const made = this.addEntries(
        object,
        object.properties,
        entries.map(e => e.op),
        eol,
      );
      edits.push(...made.map(e => ({ ...e, depth: path.length })));
    }
    return { edits, skipped };
  }

  private addEntries(object: Value, properties: Property[], ops: (Op & { kind: 'add' })[], eol: string): Edit[] {
    const text = this.text;
    const unit = this.indentUnit();
    if (properties.length === 0) {
      // `{}`: written out anew, on lines of their own unless the document is minified.
      let rendered: string;
      if (unit === '') {
        rendered = `{${ops.map(op => inlineEntry(op.key, op.value, ':', ',')).join(',')}}`;
      } else {
        const indent = this.indentAt(object.offset);
        const inner = indent + unit;
        const lines = ops.map(op => inner + blockEntry(op.key, op.value, ': ', inner, unit, eol));
        rendered = `{${eol}${lines.join(`,${eol}`)}${eol}${indent}}`;
      }
      return [{ start: object.offset, end: object.offset + object.length, text: rendered }];
    }
    const first = properties[0];
    const multiline = text.slice(object.offset + 1, first.offset).includes('\n');
    const indent = this.indentAt(first.offset);
    const sep = text.slice(first.offset + first.keyLength, first.value.offset);
    const between = properties.length > 1 ? text.slice(first.offset + first.length, properties[1].offset) : '';
    // A comma on one line (between new entries, and inside new one-line values): as between the first
    // two entries if they are on one line, else spaced as the document's colons are.
    const comma = between !== '' && !between.includes('\n') ? between.trimStart() : sep.endsWith(' ') ? ', ' : ',';
    // The text between two entries; for a lone entry, a line break or the comma.
    const gap = between !== '' ? between : multiline ? `,${eol}${indent}` : comma;
    const keys = properties.map(p => p.key);
    const edits: Edit[] = [];
    for (const op of [...ops].sort((a, b) => rank(a.key) - rank(b.key))) {
      const entry =
        multiline && unit !== ''
          ? blockEntry(op.key, op.value, sep, indent, unit, eol)
          : inlineEntry(op.key, op.value, sep, comma);
      const before = insertBefore(keys, op.key);
      if (before >= 0) {
        edits.push({ start: properties[before].offset, end: properties[before].offset, text: entry + gap });
      } else {
        const last = properties[properties.length - 1];
        edits.push({ start: last.offset + last.length, end: last.offset + last.length, text: gap + entry });
      }
    }
    return edits;
  }
}

/** `"key": value` on lines of their own, indented from `indent` by `unit` per level. */
function blockEntry(key: string, value: unknown, sep: string, indent: string, unit: string, eol: string): string {
  return `${JSON.stringify(key)}${sep}${JSON.stringify(value, null, unit).replace(/\n/g, eol + indent)}`;
}

/**
 * `"key": value` on one line, with the separators of the siblings: `sep` between their keys and values
 * (inside the value without the spaces before, which only the siblings' own alignment has), `comma`.
 */
function inlineEntry(key: string, value: unknown, sep: string, comma: string): string {
  return `${JSON.stringify(key)}${sep}${inlineJson(value, sep.trimStart(), comma)}`;
}

/** The 0-based line and character just after a text's last character (lineColumn is 1-based). */
function endOf(text: string): { line: number; character: number } {
  const { line, column } = lineColumn(text, text.length);
  return { line: line - 1, character: column - 1 };
}

/** JSON on one line with the given separators. */
function inlineJson(value: unknown, colon: string, comma: string): string {
  if (Array.isArray(value)) return `[${value.map(v => inlineJson(v, colon, comma)).join(comma)}]`;
  if (isObject(value)) {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}${colon}${inlineJson(v, colon, comma)}`)
      .join(comma)}}`;
  }
  return JSON.stringify(value);
}

type Trie = Map<string, Trie>;

/** A value of the text as the scan builds it: where it is written; on a wanted path, its entries too. */
interface Value {
  offset: number;
  length: number;
  /** An object's properties, in the text's order. */
  properties?: Property[];
  /** An object's properties by key (the last, for a key written twice, as in JSON.parse's data; fix refuses such a text). */
  keys?: Map<string, Property>;
  /** An array's items. */
  items?: Value[];
}

/** An object's entry, from its key's opening quote to the end of its value. */
interface Property {
  offset: number;
  length: number;
  key: string;
  /** The length of the key as written, quotes included. */
  keyLength: number;
  value: Value;
}

const QUOTE = 34;
const BACKSLASH = 92;
const COLON = 58;

/** The offset after the string that starts (with its quote) at `start`. */
function skipString(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return text.length;
    // Escaped by an odd number of backslashes before it.
    let escaped = false;
    for (let b = quote - 1; text.charCodeAt(b) === BACKSLASH; b--) escaped = !escaped;
    if (!escaped) return quote + 1;
    at = quote + 1;
  }
}

/** The offset after the JSON value that starts at `start` (the text is known to be valid JSON). */
function skipValue(text: string, start: number): number {
  const first = text.charCodeAt(start);
  if (first === QUOTE) return skipString(text, start);
  if (first !== 123 && first !== 91) {
    // A number, true, false or null: the characters they are written with.
    let at = start;
    while (/[\w.+-]/.test(text.charAt(at))) at++;
    return at;
  }
  let depth = 0;
  for (let at = start; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (c === QUOTE) at = skipString(text, at) - 1;
    else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      depth--;
      if (depth === 0) return at + 1;
    }
  }
  return text.length;
}

/** The offset of the first character from `at` on that is not JSON's whitespace or a byte order mark. */
function skipSpace(text: string, at: number): number {
  while (/[ \t\r\n\uFEFF]/.test(text.charAt(at))) at++;
  return at;
}

/**
 * The tree of the wanted paths: the values on them and their entries, every other value one node whose
 * extent is skipped over. One scan, without a node per value of a 13 MB document.
 */
function partialTree(text: string, wanted: Trie): Value {
  const scanValue = (start: number, trie: Trie | undefined): Value => {
    const c = text.charCodeAt(start);
    if (trie === undefined || (c !== 123 && c !== 91)) return { offset: start, length: skipValue(text, start) - start };
    const properties: Property[] = [];
    const keys = new Map<string, Property>();
    const items: Value[] = [];
    let at = skipSpace(text, start + 1);
    while (text.charCodeAt(at) !== 125 && text.charCodeAt(at) !== 93) {
      let end: number;
      if (c === 123) {
        const keyEnd = skipString(text, at);
        const key = JSON.parse(text.slice(at, keyEnd)) as string;
        const value = scanValue(skipSpace(text, skipSpace(text, keyEnd) + 1), trie.get(key));
        end = value.offset + value.length;
        const property = { offset: at, length: end - at, key, keyLength: keyEnd - at, value };
        properties.push(property);
        keys.set(key, property);
      } else {
        const item = scanValue(at, trie.get(String(items.length)));
        end = item.offset + item.length;
        items.push(item);
      }
      at = skipSpace(text, end);
      if (text.charCodeAt(at) === 44) at = skipSpace(text, at + 1);
    }
    const length = at + 1 - start;
    return c === 123 ? { offset: start, length, properties, keys } : { offset: start, length, items };
  };
  return scanValue(skipSpace(text, 0), wanted);
}

/**
 * The first key that an object of a (valid) JSON text has twice: JSON.parse keeps the last one
 * silently, Spectral's parser reports it and checks nothing, so fix refuses such a text.
 */
export function duplicateKey(text: string): { key: string; offset: number; path: string[] } | undefined {
  /** The objects and arrays the scan is in: an object's keys so far and its current one, an array's current index. */
  const stack: ({ keys: Set<string>; key: string } | { index: number })[] = [];
  for (let at = 0; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (c === QUOTE) {
      const end = skipString(text, at);
      const top = stack[stack.length - 1];
      // A key is a string its colon follows.
      if (text.charCodeAt(skipSpace(text, end)) === COLON && 'keys' in top) {
        const key = JSON.parse(text.slice(at, end)) as string;
        if (top.keys.has(key)) {
          const path = stack.slice(0, -1).map(level => ('keys' in level ? level.key : String(level.index)));
          return { key, offset: at, path: [...path, key] };
        }
        top.keys.add(key);
        top.key = key;
      }
      at = end - 1;
    } else if (c === 123) stack.push({ keys: new Set(), key: '' });
    else if (c === 91) stack.push({ index: 0 });
    else if (c === 125 || c === 93) stack.pop();
    else if (c === 44) {
      const top = stack[stack.length - 1];
      if ('index' in top) top.index++;
    }
  }
  return undefined;
}
