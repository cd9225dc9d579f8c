/**
 * A document's text and the edits made to it. An edit is computed from the offsets of the parsed
 * tree (jsonc-parser's for JSON, the `yaml` package's for YAML) and replaces or inserts a few
 * characters; the file is never re-serialised, so comments, key order, quoting, indentation, flow or
 * block style, line endings and a trailing newline (or its absence) stay as they were.
 */
import { Node as JsonNode, ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import {
  Alias,
  Document as YamlDocument,
  Node as YamlNode,
  Pair,
  Scalar,
  YAMLMap,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseDocument,
  stringify,
  visit,
} from 'yaml';
import { Dict, JsonPath, isObject } from '../../functions/lib/json';

/** What a fix changes, in terms of the document's data. */
export type Op =
  /** Replace the scalar at `path`. */
  | { kind: 'set'; path: JsonPath; value: string | number }
  /** Rename the last key of `path`, keeping its place. */
  | { kind: 'rename'; path: JsonPath; key: string }
  /** Add the entry `key: value` to the map at `path` (created, with its missing parents, if absent). */
  | { kind: 'add'; path: JsonPath; key: string; value: unknown };

export interface Edit {
  start: number;
  end: number;
  text: string;
  /** Depth of the map an insertion goes into: at one offset, the deeper map's entries come first. */
  depth?: number;
}

export class ParseFailure extends Error {}

/** Whether a text is JSON rather than YAML: what it starts with. */
export const looksLikeJson = (text: string): boolean => /^\uFEFF?\s*[{[]/.test(text);

/** Where a new response code goes among its siblings: in numeric order, ranges after their codes, default last. */
function rank(key: string): number {
  if (/^[1-5]\d\d$/.test(key)) return Number(key);
  if (/^[1-5]XX$/i.test(key)) return Number(key[0]) * 100 + 99.5;
  if (key === 'default') return 1000;
  return Infinity;
}

/** The index of the sibling a new key goes before, or -1 for the end. */
function insertBefore(keys: string[], key: string): number {
  const r = rank(key);
  if (r === Infinity) return -1;
  return keys.findIndex(k => rank(k) > r);
}

/** A source text that computes text edits for ops; `skip` says why an op cannot be made. */
export interface Source {
  readonly format: 'json' | 'yaml';
  readonly text: string;
  /** The document's data, parsed from the text by the same parser that checks the result. */
  readonly data: unknown;
  /** Text edits for the ops; an op that cannot be made is returned with the reason instead. */
  edit(ops: Op[]): { edits: Edit[]; skipped: { op: Op; reason: string }[] };
  /** Gets ready to edit at these ops' places (JSON: one scan for all of them). */
  prepare?(ops: Op[]): void;
}

export interface Range {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

/** A source for a text; `data`, when given, is the text already parsed by `parseData`. */
export function openSource(text: string, file: string, data?: unknown): Source {
  return looksLikeJson(text) ? new JsonSource(text, file, data) : new YamlSource(text, file, data);
}

/** Parses a text to plain data the way `openSource` does (for checking the result of edits). */
export function parseData(text: string, format: 'json' | 'yaml', file: string): unknown {
  return format === 'json' ? parseJson(text, file) : yamlData(parseYaml(text, file));
}

const lineCol = (text: string, offset: number): string => {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
};

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    const errors: ParseError[] = [];
    parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
    const first = errors[0];
    const where = first ? `${lineCol(text, first.offset)}: ${printParseErrorCode(first.error)}` : 'invalid JSON';
    throw new ParseFailure(`${file}: cannot parse JSON (${where})`);
  }
}

function parseYaml(text: string, file: string): YamlDocument.Parsed {
  const doc = parseDocument(text, { merge: true, prettyErrors: true, uniqueKeys: false, strict: false });
  if (doc.errors.length > 0) {
    throw new ParseFailure(`${file}: cannot parse YAML (${doc.errors[0].message.split('\n')[0]})`);
  }
  return doc;
}

const yamlData = (doc: YamlDocument.Parsed): unknown => doc.toJS({ maxAliasCount: -1 });

/** The text's line ending: CRLF when it uses any, else LF. */
const lineEnding = (text: string): string => (text.includes('\r\n') ? '\r\n' : '\n');

const lineStart = (text: string, offset: number): number => text.lastIndexOf('\n', offset - 1) + 1;

/** The offset just after the line that holds `offset` (the text's length on the last line). */
function afterLine(text: string, offset: number): number {
  if (offset > 0 && text[offset - 1] === '\n') return offset;
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl + 1;
}

/** Inserts whole lines at `at`, the start of a line or the end of the text. */
function insertLines(text: string, at: number, lines: string[], eol: string): Edit {
  if (at === text.length && text.length > 0 && !text.endsWith('\n')) {
    return { start: at, end: at, text: eol + lines.join(eol) };
  }
  return { start: at, end: at, text: lines.join(eol) + eol };
}

// ---------------------------------------------------------------------------------------------
// JSON

export class JsonSource implements Source {
  readonly format = 'json';
  readonly data: unknown;
  private tree: JsonNode | undefined;
  private readonly keys = new WeakMap<JsonNode, Map<string, JsonNode>>();

  private eol: string | undefined;

  constructor(
    readonly text: string,
    private readonly file: string,
    data?: unknown,
  ) {
    this.data = data === undefined ? parseJson(text, file) : data;
  }

  /** The paths whose nodes the tree holds (with their children); the rest of the text is skipped. */
  private readonly wanted: Trie = new Map();

  /** The tree for the wanted paths, built when first needed after they grew. */
  private root(): JsonNode {
    if (this.tree === undefined) this.tree = partialTree(this.text, this.wanted);
    return this.tree;
  }

  /** Makes the tree hold the nodes of these ops' paths (one scan of the text for all of them). */
  prepare(ops: Op[]): void {
    let grew = false;
    for (const op of ops) {
      let trie = this.wanted;
      for (const key of op.path) {
        let next = trie.get(String(key));
        if (next === undefined) {
          trie.set(String(key), (next = new Map()));
          grew = true;
        }
        trie = next;
      }
    }
    if (grew) this.tree = undefined;
  }

  /** The property node (key and value) of `key` in an object node. */
  private property(object: JsonNode, key: string): JsonNode | undefined {
    let map = this.keys.get(object);
    if (map === undefined) {
      map = new Map();
      for (const property of object.children ?? []) {
        const k = property.children?.[0]?.value;
        if (typeof k === 'string' && !map.has(k)) map.set(k, property);
      }
      this.keys.set(object, map);
    }
    return map.get(key);
  }

  /** The value node at a path, and the property node holding it. */
  private locate(path: JsonPath): { node: JsonNode; property?: JsonNode } | undefined {
    let node = this.root();
    let property: JsonNode | undefined;
    for (const key of path) {
      if (node.type === 'object') {
        property = this.property(node, String(key));
        const value = property?.children?.[1];
        if (value === undefined) return undefined;
        node = value;
      } else if (node.type === 'array' && /^\d+$/.test(String(key))) {
        const item = node.children?.[Number(key)];
        if (item === undefined) return undefined;
        node = item;
        property = undefined;
      } else return undefined;
    }
    return { node, property };
  }

  private lineStarts: number[] | undefined;

  private position(offset: number): { line: number; character: number } {
    if (this.lineStarts === undefined) {
      const starts = [0];
      for (let i = this.text.indexOf('\n'); i >= 0; i = this.text.indexOf('\n', i + 1)) starts.push(i + 1);
      this.lineStarts = starts;
    }
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - starts[lo] };
  }

  /**
   * Where a path's value is written, for Spectral's findings. The fix never shows a finding's place, so
   * only the document's own range is computed (for findings at the root); others get the start.
   */
  range(path: JsonPath): Range {
    const end = path.length === 0 ? this.position(this.text.length) : { line: 0, character: 0 };
    return { start: { line: 0, character: 0 }, end };
  }

  /** The indentation of the line an offset is on. */
  private indentAt(offset: number): string {
    const start = lineStart(this.text, offset);
    return /^[ \t]*/.exec(this.text.slice(start, offset))![0];
  }

  private indentUnit(): string {
    const root = this.root();
    const first = root.children?.[0];
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
        const key = at.property?.children?.[0];
        if (key === undefined) skipped.push({ op, reason: 'not found in the text' });
        else edits.push({ start: key.offset, end: key.offset + key.length, text: JSON.stringify(op.key) });
      }
    }
    for (const { path, entries } of adds.values()) {
      const at = this.locate(path);
      if (at === undefined || at.node.type !== 'object') {
        for (const { op } of entries) skipped.push({ op, reason: 'not found in the text' });
        continue;
      }
      const made = this.addEntries(
        at.node,
        entries.map(e => e.op as Op & { kind: 'add' }),
        eol,
      );
      edits.push(...made.map(e => ({ ...e, depth: path.length })));
    }
    return { edits, skipped };
  }

  private addEntries(object: JsonNode, ops: (Op & { kind: 'add' })[], eol: string): Edit[] {
    const properties = object.children ?? [];
    const text = this.text;
    const unit = this.indentUnit();
    if (properties.length === 0) {
      // `{}`: written out anew, on lines of their own unless the document is minified.
      const indent = this.indentAt(object.offset);
      const inner = unit === '' ? '' : indent + unit;
      const nl = unit === '' ? '' : eol;
      const body = ops.map(op => inner + this.render(op.key, op.value, inner, unit, ': ', eol)).join(`,${nl}`);
      const sep = unit === '' ? ':' : ': ';
      const rendered =
        unit === ''
          ? `{${ops.map(op => this.render(op.key, op.value, '', '', sep, eol)).join(',')}}`
          : `{${nl}${body}${nl}${indent}}`;
      return [{ start: object.offset, end: object.offset + object.length, text: rendered }];
    }
    const first = properties[0];
    const multiline = text.slice(object.offset + 1, first.offset).includes('\n');
    const indent = multiline ? this.indentAt(first.offset) : '';
    const keyNode = first.children?.[0];
    const valueNode = first.children?.[1];
    const sep = keyNode && valueNode ? text.slice(keyNode.offset + keyNode.length, valueNode.offset) : ': ';
    // The text between two entries; for a lone entry, as the document writes its colons.
    const gap =
      properties.length > 1
        ? text.slice(properties[0].offset + properties[0].length, properties[1].offset)
        : multiline
          ? `,${eol}${indent}`
          : sep.endsWith(' ')
            ? ', '
            : ',';
    const keys = properties.map(p => String(p.children?.[0]?.value));
    const edits: Edit[] = [];
    for (const op of [...ops].sort((a, b) => rank(a.key) - rank(b.key))) {
      const entry = this.render(op.key, op.value, indent, multiline ? unit : '', sep, eol, gap);
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

  /**
   * `"key": value`: on lines of their own, indented from `indent` by `unit` per level; on one line
   * (unit empty) with the separators the siblings use (`":"` or `": "`, `","` or `", "`).
   */
  private render(
    key: string,
    value: unknown,
    indent: string,
    unit: string,
    sep: string,
    eol: string,
    comma = ',',
  ): string {
    const json =
      unit === ''
        ? inlineJson(value, sep.trim() === ':' ? sep.trimStart() : ':', comma.trim() === ',' ? comma.trimStart() : ',')
        : JSON.stringify(value, null, unit).replace(/\n/g, eol + indent);
    return `${JSON.stringify(key)}${sep}${json}`;
  }
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

/** jsonc-parser's Node, as this scanner builds it. */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Built = Mutable<JsonNode> & { children?: Built[] };

const QUOTE = 34;
const BACKSLASH = 92;

/** The offset after the string that starts (with its quote) at `start`. */
function skipString(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return text.length;
    let backslashes = 0;
    for (let b = quote - 1; text.charCodeAt(b) === BACKSLASH; b--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}

/** The offset after the JSON value that starts at `start` (the text is known to be valid JSON). */
function skipValue(text: string, start: number): number {
  const first = text.charCodeAt(start);
  if (first === QUOTE) return skipString(text, start);
  if (first !== 123 && first !== 91) {
    let at = start;
    while (at < text.length && !/[,}\]\s]/.test(text[at])) at++;
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

function skipSpace(text: string, at: number): number {
  while (at < text.length && /[\s\uFEFF]/.test(text[at])) at++;
  return at;
}

/**
 * jsonc-parser's node tree, for the wanted paths only: the nodes on them and their children, every other
 * value one node whose extent is skipped over. One scan, without a node per value of a 13 MB document.
 */
function partialTree(text: string, wanted: Trie): JsonNode {
  const valueAt = (start: number, trie: Trie | undefined, parent: JsonNode | undefined): Built => {
    const c = text.charCodeAt(start);
    const type = c === 123 ? 'object' : c === 91 ? 'array' : c === QUOTE ? 'string' : 'number';
    const node = { type, offset: start, length: 0, parent } as Built;
    if (trie === undefined || (type !== 'object' && type !== 'array')) {
      node.length = skipValue(text, start) - start;
      if (type === 'string' && trie !== undefined) node.value = JSON.parse(text.slice(start, start + node.length));
      return node;
    }
    node.children = [];
    let at = skipSpace(text, start + 1);
    let index = 0;
    while (text.charCodeAt(at) !== 125 && text.charCodeAt(at) !== 93) {
      if (type === 'object') {
        const keyEnd = skipString(text, at);
        const key = JSON.parse(text.slice(at, keyEnd)) as string;
        const property = { type: 'property', offset: at, length: 0, parent: node } as Built;
        const keyNode = { type: 'string', value: key, offset: at, length: keyEnd - at, parent: property } as Built;
        const colon = skipSpace(text, keyEnd);
        const value = valueAt(skipSpace(text, colon + 1), trie.get(key), property);
        property.colonOffset = colon;
        property.length = value.offset + value.length - at;
        property.children = [keyNode, value];
        node.children.push(property);
        at = skipSpace(text, value.offset + value.length);
      } else {
        const item = valueAt(at, trie.get(String(index++)), node);
        node.children.push(item);
        at = skipSpace(text, item.offset + item.length);
      }
      if (text.charCodeAt(at) === 44) at = skipSpace(text, at + 1);
    }
    node.length = at + 1 - start;
    return node;
  };
  return valueAt(skipSpace(text, 0), wanted, undefined);
}

// ---------------------------------------------------------------------------------------------
// YAML

type Located = { node: YamlNode; pair?: Pair } | { reason: string };

class YamlSource implements Source {
  readonly format = 'yaml';
  readonly data: unknown;
  private readonly doc: YamlDocument.Parsed;
  /** Anchors that some alias uses: a node under one is shared by every place the alias appears. */
  private readonly aliased = new Set<string>();

  private eol: string | undefined;

  constructor(
    readonly text: string,
    file: string,
    data?: unknown,
  ) {
    this.doc = parseYaml(text, file);
    this.data = data === undefined ? yamlData(this.doc) : data;
    visit(this.doc, {
      Alias: (_key, node: Alias) => {
        this.aliased.add(node.source);
      },
    });
  }

  private locate(path: JsonPath): Located {
    let node: unknown = this.doc.contents;
    let pair: Pair | undefined;
    const check = (n: unknown): string | undefined => {
      if (isAlias(n)) return `written through the YAML alias *${n.source}; edit its anchor by hand`;
      const anchor = (n as { anchor?: string } | null)?.anchor;
      if (anchor && this.aliased.has(anchor))
        return `inside the YAML anchor &${anchor}, which is used elsewhere too; edit it by hand`;
      return undefined;
    };
    for (const key of path) {
      const problem = check(node);
      if (problem) return { reason: problem };
      if (isMap(node)) {
        pair = node.items.find(p => keyText(p.key) === String(key));
        if (pair === undefined) return { reason: 'not found in the text (a YAML merge key?)' };
        node = pair.value;
      } else if (isSeq(node) && /^\d+$/.test(String(key))) {
        node = node.items[Number(key)];
        pair = undefined;
      } else return { reason: 'not found in the text' };
    }
    const problem = check(node);
    if (problem) return { reason: problem };
    if (node === null || node === undefined) return { reason: 'not found in the text' };
    return { node: node as YamlNode, pair };
  }

  /** Whether double or single quotes are the document's habit for `$ref`s (else for strings). */
  private singleQuotes: boolean | undefined;
  private unit: number | undefined;

  private prefersSingleQuotes(): boolean {
    return (this.singleQuotes ??= this.countQuotes());
  }

  private countQuotes(): boolean {
    let single = 0;
    let double = 0;
    let refSingle = 0;
    let refDouble = 0;
    visit(this.doc, {
      Pair: (_key, pair) => {
        const value = pair.value;
        if (!isScalar(value)) return;
        const isRef = isScalar(pair.key) && pair.key.value === '$ref';
        if (value.type === 'QUOTE_SINGLE') {
          single++;
          if (isRef) refSingle++;
        } else if (value.type === 'QUOTE_DOUBLE') {
          double++;
          if (isRef) refDouble++;
        }
      },
    });
    if (refSingle + refDouble > 0) return refSingle >= refDouble;
    return single >= double;
  }

  private indentUnit(): number {
    return (this.unit ??= this.measureIndent());
  }

  private measureIndent(): number {
    let unit = 0;
    visit(this.doc, {
      Map: (_key, map) => {
        if (unit > 0 || map.flow) return undefined;
        for (const pair of map.items) {
          if (
            isMap(pair.value) &&
            !pair.value.flow &&
            pair.value.items.length > 0 &&
            pair.key &&
            pair.value.items[0].key
          ) {
            const outer = column(this.text, (pair.key as YamlNode).range![0]);
            const inner = column(this.text, (pair.value.items[0].key as YamlNode).range![0]);
            if (inner > outer) {
              unit = inner - outer;
              return visit.BREAK;
            }
          }
        }
        return undefined;
      },
    });
    return unit || 2;
  }

  edit(ops: Op[]): { edits: Edit[]; skipped: { op: Op; reason: string }[] } {
    const edits: Edit[] = [];
    const skipped: { op: Op; reason: string }[] = [];
    const eol = (this.eol ??= lineEnding(this.text));
    const adds = new Map<string, (Op & { kind: 'add' })[]>();
    for (const op of ops) {
      if (op.kind === 'add') {
        const key = JSON.stringify(op.path);
        adds.set(key, [...(adds.get(key) ?? []), op]);
        continue;
      }
      const at = this.locate(op.path);
      if ('reason' in at) {
        skipped.push({ op, reason: at.reason });
        continue;
      }
      const target = op.kind === 'set' ? at.node : at.pair?.key;
      if (!isScalar(target) || target.range === undefined || target.range === null) {
        skipped.push({ op, reason: 'not a plain value in the text' });
        continue;
      }
      const rendered = scalarLike(op.kind === 'set' ? op.value : op.key, target.type);
      if (rendered === undefined) {
        skipped.push({ op, reason: 'written as a block scalar; edit it by hand' });
        continue;
      }
      edits.push({ start: target.range[0], end: target.range[1], text: rendered });
    }
    if (adds.size > 0) {
      const single = this.prefersSingleQuotes();
      const unit = this.indentUnit();
      for (const group of adds.values()) {
        const at = this.locate(group[0].path);
        if ('reason' in at) {
          for (const op of group) skipped.push({ op, reason: at.reason });
        } else if (!isMap(at.node)) {
          for (const op of group) skipped.push({ op, reason: 'not a map in the text' });
        } else {
          const made = this.addEntries(at.node, group, eol, single, unit);
          if (typeof made === 'string') for (const op of group) skipped.push({ op, reason: made });
          else edits.push(...made.map(e => ({ ...e, depth: group[0].path.length })));
        }
      }
    }
    return { edits, skipped };
  }

  private addEntries(
    map: YAMLMap,
    ops: (Op & { kind: 'add' })[],
    eol: string,
    single: boolean,
    unit: number,
  ): Edit[] | string {
    const text = this.text;
    const items = map.items as Pair<YamlNode, YamlNode | null>[];
    const keys = items.map(p => keyText(p.key));
    const sibling = items[0];
    // Keys are written like the siblings' (the first status-code-like one for a new code).
    const model = items.find(item => /^\d+$/.test(keyText(item.key)) === /^\d+$/.test(ops[0].key)) ?? sibling;
    const keyType = isScalar(model?.key) ? model.key.type : undefined;
    const options = { indent: unit, lineWidth: 0, minContentWidth: 0, singleQuote: single };
    const sorted = [...ops].sort((a, b) => rank(a.key) - rank(b.key));
    if (map.flow || items.length === 0) {
      if (map.range === undefined || map.range === null) return 'not found in the text';
      const padding = items.length === 0 || /^\{\s/.test(text.slice(map.range[0]));
      const entry = (op: Op & { kind: 'add' }): string =>
        `${keyLike(op.key, keyType, single)}: ${stringify(op.value, { ...options, collectionStyle: 'flow', flowCollectionPadding: padding }).replace(/\n$/, '')}`;
      if (items.length === 0) {
        const inner = sorted.map(entry).join(', ');
        return [{ start: map.range[0], end: map.range[1], text: padding ? `{ ${inner} }` : `{${inner}}` }];
      }
      return sorted.map(op => {
        const before = insertBefore(keys, op.key);
        if (before >= 0) {
          const at = (items[before].key as YamlNode).range![0];
          return { start: at, end: at, text: `${entry(op)}, ` };
        }
        const last = items[items.length - 1];
        const end = ((last.value ?? last.key) as YamlNode).range![1];
        return { start: end, end, text: `, ${entry(op)}` };
      });
    }
    // A block map: new lines at the siblings' column.
    const firstKey = sibling.key as YamlNode;
    const indent = ' '.repeat(column(text, firstKey.range![0]));
    // Flow values when every sibling whose value is a map writes it as a flow map.
    const edits: Edit[] = [];
    for (const op of sorted) {
      // A map value is written as its neighbour writes one: the entry it follows (or precedes, first).
      const at = insertBefore(keys, op.key);
      const neighbour = items[at < 0 ? items.length - 1 : Math.max(0, at - 1)];
      const near = isMap(neighbour.value) ? neighbour.value : items.map(item => item.value).find(isMap);
      const valueFlow = near?.flow === true;
      const valuePadding = valueFlow && near?.range ? /^\{\s/.test(text.slice(near.range[0])) : true;
      let value: string[];
      if (valueFlow || !isObject(op.value)) {
        value = [
          ` ${stringify(op.value, { ...options, collectionStyle: valueFlow ? 'flow' : 'any', flowCollectionPadding: valuePadding }).replace(/\n$/, '')}`,
        ];
        if (value[0].includes('\n')) return 'the value does not fit on one line';
      } else {
        value = [
          '',
          ...stringify(op.value, options)
            .replace(/\n$/, '')
            .split('\n')
            .map(line => (line === '' ? line : ' '.repeat(unit) + indent + line)),
        ];
      }
      const lines = [`${indent}${keyLike(op.key, keyType, single)}:${value[0]}`, ...value.slice(1)];
      const before = insertBefore(keys, op.key);
      if (before >= 0) {
        const key = items[before].key as YamlNode;
        let at = lineStart(text, key.range![0]);
        if (text.slice(at, key.range![0]).trim() !== '') return 'the next entry does not start its line';
        // Comment lines just above the next entry belong to it: the new entry goes above them.
        for (let prev = lineStart(text, at - 1); at > 0; prev = lineStart(text, at - 1)) {
          const line = text.slice(prev, at).replace(/\r?\n$/, '');
          if (!line.trimStart().startsWith('#') || !line.startsWith(indent)) break;
          at = prev;
        }
        edits.push(insertLines(text, at, lines, eol));
      } else {
        const last = items[items.length - 1];
        const end = ((last.value ?? last.key) as YamlNode).range![1];
        edits.push(insertLines(text, afterLine(text, end), lines, eol));
      }
    }
    return edits.map(e => ({ ...e, text: e.text.replace(/\r?\n/g, eol) }));
  }
}

const column = (text: string, offset: number): number => offset - lineStart(text, offset);

function keyText(key: unknown): string {
  if (isScalar(key)) return String(key.value);
  if (isPair(key)) return '';
  return String(key);
}

/** A plain scalar is safe when it reads back as the same string. */
function plainSafe(value: string): boolean {
  if (value === '' || /^[\s]|[\s]$/.test(value) || /[\n\r\t]/.test(value)) return false;
  try {
    const doc = parseDocument(`k: ${value}\n`);
    return doc.errors.length === 0 && (doc.contents as YAMLMap).get('k') === value;
  } catch {
    return false;
  }
}

/** A value written in the given scalar style, or undefined for block scalars. */
function scalarLike(value: string | number, type: Scalar.Type | undefined): string | undefined {
  if (typeof value === 'number') return String(value);
  switch (type) {
    case 'QUOTE_DOUBLE':
      return JSON.stringify(value);
    case 'QUOTE_SINGLE':
      return `'${value.replace(/'/g, "''")}'`;
    case 'BLOCK_FOLDED':
    case 'BLOCK_LITERAL':
      return undefined;
    default:
      return plainSafe(value) ? value : `'${value.replace(/'/g, "''")}'`;
  }
}

/** A new key written like its sibling's key: `'400'`, `"400"` or `400`. */
function keyLike(key: string, type: Scalar.Type | undefined, single: boolean): string {
  const quoted = single ? `'${key.replace(/'/g, "''")}'` : JSON.stringify(key);
  if (type === 'QUOTE_DOUBLE') return JSON.stringify(key);
  if (type === 'QUOTE_SINGLE') return `'${key.replace(/'/g, "''")}'`;
  // A plain 400 is a number, which Spectral refuses as a key: only a plain sibling of that kind makes it plain.
  if (/^\d+$/.test(key)) return type === 'PLAIN' ? key : quoted;
  return plainSafe(key) ? key : quoted;
}

/** Applies text edits in one pass; edits at one offset keep their order. Overlapping edits are a bug. */
export function applyEdits(text: string, edits: Edit[]): string {
  const sorted = edits
    .map((e, i) => ({ ...e, i }))
    .sort((a, b) => a.start - b.start || (b.depth ?? 0) - (a.depth ?? 0) || a.i - b.i);
  const parts: string[] = [];
  let at = 0;
  for (const e of sorted) {
    if (e.start < at) throw new Error(`overlapping edits at offset ${e.start}`);
    parts.push(text.slice(at, e.start), e.text);
    at = e.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/**
 * The ops applied to plain data: what the edited text must parse to. Only the containers on the ops'
 * paths are copied; the rest is shared with `data`, which is left as it was.
 */
export function applyOps(data: unknown, ops: Op[]): unknown {
  const root = { value: shallow(data) };
  const copied = new Set<unknown>([root.value]);
  /** The container at `path` in the copy, copied (and created) on the way. */
  const reach = (path: JsonPath, create: boolean): Dict => {
    let node = root.value as Dict;
    for (const key of path) {
      const k = String(key);
      let child = node[k];
      if (child === undefined && create) child = {};
      if (!copied.has(child)) {
        child = shallow(child);
        copied.add(child);
      }
      node[k] = child;
      node = child as Dict;
    }
    return node;
  };
  for (const op of ops) {
    if (op.kind === 'add') {
      insertOrdered(reach(op.path, true), op.key, op.value);
      continue;
    }
    const parent = reach(op.path.slice(0, -1), false);
    const last = String(op.path[op.path.length - 1]);
    if (op.kind === 'set') parent[last] = op.value;
    else {
      const entries = Object.entries(parent).map(([k, v]): [string, unknown] => [k === last ? op.key : k, v]);
      for (const k of Object.keys(parent)) delete parent[k];
      for (const [k, v] of entries) parent[k] = v;
    }
  }
  return root.value;
}

/** Adds a key where the text edits put it: before the first sibling of a higher rank, else last. */
function insertOrdered(map: Dict, key: string, value: unknown): void {
  const keys = Object.keys(map);
  const before = insertBefore(keys, key);
  if (before < 0) {
    map[key] = value;
    return;
  }
  const entries = Object.entries(map);
  for (const k of keys) delete map[k];
  entries.splice(before, 0, [key, value]);
  for (const [k, v] of entries) map[k] = v;
}

/**
 * Whether the edited text's data is the intended data. JSON texts compare as serialised (key order
 * included, since applyOps puts keys where the edits put them): fast on large documents. Otherwise,
 * or when that differs, a deep comparison without key order.
 */
export function sameAsIntended(got: unknown, expected: unknown, format: 'json' | 'yaml'): boolean {
  if (format === 'json' && JSON.stringify(got) === JSON.stringify(expected)) return true;
  return sameData(got, expected);
}

const shallow = (value: unknown): unknown =>
  Array.isArray(value) ? [...value] : isObject(value) ? { ...value } : value;

export function getAt(root: unknown, path: JsonPath): unknown {
  let node = root;
  for (const key of path) {
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node)) node = Object.prototype.hasOwnProperty.call(node, key) ? node[String(key)] : undefined;
    else return undefined;
  }
  return node;
}

/** Deep equality of plain data (key order aside). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') {
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => sameData(v, bb[i]));
  }
  const ka = Object.keys(a as Dict);
  const kb = Object.keys(b as Dict);
  if (ka.length !== kb.length) return false;
  return ka.every(k => Object.prototype.hasOwnProperty.call(b, k) && sameData((a as Dict)[k], (b as Dict)[k]));
}

/**
 * Adds whose map does not exist yet become an add of the nearest existing parent, holding the rest:
 * `add components/responses NotFound` without `components` is `add / components {responses: {NotFound}}`.
 * Adds of one new map are merged.
 */
export function normalizeAdds(data: unknown, ops: Op[]): Op[] {
  const out: Op[] = [];
  const created = new Map<string, Op & { kind: 'add' }>();
  const direct = new Set<string>();
  for (const op of ops) {
    if (op.kind !== 'add') {
      out.push(op);
      continue;
    }
    let depth = op.path.length;
    while (depth > 0 && !isObject(getAt(data, op.path.slice(0, depth)))) depth--;
    if (depth === op.path.length) {
      const id = JSON.stringify([...op.path, op.key]);
      if (getAt(data, [...op.path, op.key]) === undefined && !direct.has(id)) out.push(op);
      direct.add(id);
      continue;
    }
    const path = op.path.slice(0, depth);
    const key = String(op.path[depth]);
    let value: Dict = { [op.key]: op.value };
    for (const k of op.path.slice(depth + 1).reverse()) value = { [String(k)]: value };
    const id = JSON.stringify([...path, key]);
    const existing = created.get(id);
    if (existing === undefined) {
      const add = { kind: 'add' as const, path, key, value };
      created.set(id, add);
      out.push(add);
    } else mergeInto(existing.value as Dict, value);
  }
  return out;
}

function mergeInto(target: Dict, source: Dict): void {
  for (const [k, v] of Object.entries(source)) {
    if (isObject(target[k]) && isObject(v)) mergeInto(target[k] as Dict, v);
    else if (target[k] === undefined) target[k] = v;
  }
}
