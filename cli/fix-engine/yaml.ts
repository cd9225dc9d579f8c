/**
 * YAML texts: parsed with the `yaml` package (merge keys on, duplicate keys allowed as Spectral
 * allows them), edited at the offsets of its tree, new entries written like their siblings.
 */
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
  ToStringOptions,
  visit,
} from 'yaml';
import { JsonPath, isObject } from '../../functions/lib/json';
import { Op, insertBefore, rank } from './ops';
import { Edit, ParseFailure, Source, afterLine, excerptOf, insertLines, lineEnding, lineStart } from './text';

export function parseYaml(text: string, file: string): YamlDocument.Parsed {
  const doc = parseDocument(text, { merge: true, prettyErrors: true, uniqueKeys: false, strict: false });
  if (doc.errors.length > 0) {
    const error = doc.errors[0];
    const at = error.linePos?.[0];
    // The yaml package's message ends with " at line L, column C:" and a picture of the line; we say it our way.
    const reason = error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    throw new ParseFailure(
      at === undefined
        ? `${file}: cannot parse YAML: ${reason}`
        : `${file}: cannot parse YAML at line ${at.line}, column ${at.col}: ${reason}`,
      at === undefined ? undefined : excerptOf(text, at.line, at.col),
    );
  }
  return doc;
}

export const yamlData = (doc: YamlDocument.Parsed): unknown => doc.toJS({ maxAliasCount: -1 });

// YAML

type Located = { node: YamlNode; pair?: Pair } | { reason: string };

export class YamlSource implements Source {
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

  /**
   * The document's quoting habits: whether single or double quotes are its habit for `$ref`s (else
   * for strings), and how most of its `$ref`s are written when most are quoted (a new `$ref` is
   * then quoted so even where it need not be: `'./common.yaml#/…'`).
   */
  private quotes: { single: boolean; refs: RefStyle } | undefined;
  private unit: number | undefined;

  private prefersSingleQuotes(): boolean {
    return (this.quotes ??= this.countQuotes()).single;
  }

  private refStyle(): RefStyle {
    return (this.quotes ??= this.countQuotes()).refs;
  }

  private countQuotes(): { single: boolean; refs: RefStyle } {
    let single = 0;
    let double = 0;
    let refSingle = 0;
    let refDouble = 0;
    let refPlain = 0;
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
        } else if (isRef) refPlain++;
      },
    });
    const refs: RefStyle =
      refSingle + refDouble <= refPlain ? undefined : refSingle >= refDouble ? 'QUOTE_SINGLE' : 'QUOTE_DOUBLE';
    return { single: refSingle + refDouble > 0 ? refSingle >= refDouble : single >= double, refs };
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
      if (target.type === 'BLOCK_FOLDED' || target.type === 'BLOCK_LITERAL') {
        skipped.push({
          op,
          reason: `written as a block scalar (${target.type === 'BLOCK_FOLDED' ? '>' : '|'}); edit it by hand`,
        });
        continue;
      }
      if (target.tag !== undefined) {
        skipped.push({ op, reason: `written with the YAML tag ${target.tag}; edit it by hand` });
        continue;
      }
      const rendered = scalarLike(op.kind === 'set' ? op.value : op.key, target.type);
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
    const model = items.find(item => /^\d+$/.test(keyText(item.key)) === /^\d+$/.test(ops[0].key));
    // A new code beside `default:` alone has no code to copy: it is quoted (a plain 400 is a number).
    const keyType = isScalar(model?.key)
      ? model.key.type
      : /^\d+$/.test(ops[0].key) || !isScalar(sibling?.key)
        ? undefined
        : sibling.key.type;
    const options = { indent: unit, lineWidth: 0, minContentWidth: 0, singleQuote: single };
    const refs = this.refStyle();
    const sorted = [...ops].sort((a, b) => rank(a.key) - rank(b.key));
    if (map.flow || items.length === 0) {
      if (map.range === undefined || map.range === null) return 'not found in the text';
      const padding = items.length === 0 || /^\{\s/.test(text.slice(map.range[0]));
      const entry = (op: Op & { kind: 'add' }): string =>
        `${keyLike(op.key, keyType, single)}: ${render(op.value, { ...options, collectionStyle: 'flow', flowCollectionPadding: padding }, refs).replace(/\n$/, '')}`;
      if (items.length === 0) {
        const inner = sorted.map(entry).join(', ');
        return [{ start: map.range[0], end: map.range[1], text: padding ? `{ ${inner} }` : `{${inner}}` }];
      }
      return sorted.map(op => {
        const before = insertBefore(keys, op.key);
        if (before >= 0) {
          const at = items[before].key.range![0];
          return { start: at, end: at, text: `${entry(op)}, ` };
        }
        const last = items[items.length - 1];
        const end = (last.value ?? last.key).range![1];
        return { start: end, end, text: `, ${entry(op)}` };
      });
    }
    // A block map: new lines at the siblings' column.
    const firstKey = sibling.key;
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
          ` ${render(op.value, { ...options, collectionStyle: valueFlow ? 'flow' : 'any', flowCollectionPadding: valuePadding }, refs).replace(/\n$/, '')}`,
        ];
        if (value[0].includes('\n')) return 'the value does not fit on one line';
      } else {
        value = [
          '',
          ...render(op.value, options, refs)
            .replace(/\n$/, '')
            .split('\n')
            .map(line => (line === '' ? line : ' '.repeat(unit) + indent + line)),
        ];
      }
      const lines = [`${indent}${keyLike(op.key, keyType, single)}:${value[0]}`, ...value.slice(1)];
      const before = insertBefore(keys, op.key);
      if (before >= 0) {
        const key = items[before].key;
        let at = lineBegin(text, key.range![0]);
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
        const end = (last.value ?? last.key).range![1];
        edits.push(insertLines(text, afterLine(text, end), lines, eol));
      }
    }
    return edits.map(e => ({ ...e, text: e.text.replace(/\r?\n/g, eol) }));
  }
}

/** Where the line holding an offset begins: after the byte order mark that may open the text. */
function lineBegin(text: string, offset: number): number {
  const start = lineStart(text, offset);
  return start === 0 && text.startsWith('\uFEFF') ? 1 : start;
}

/** The column of an offset; a byte order mark opening the text takes none. */
const column = (text: string, offset: number): number => offset - lineBegin(text, offset);

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

/** A value written in the given (flow) scalar style. */
function scalarLike(value: string | number, type: Scalar.Type | undefined): string {
  if (typeof value === 'number') return String(value);
  switch (type) {
    case 'QUOTE_DOUBLE':
      return JSON.stringify(value);
    case 'QUOTE_SINGLE':
      return `'${value.replace(/'/g, "''")}'`;
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

/** How new `$ref` values are written: quoted as most of the document's are, or as YAML chooses. */
type RefStyle = 'QUOTE_SINGLE' | 'QUOTE_DOUBLE' | undefined;

/** A value as YAML text, its `$ref` values quoted in the document's way when it has one. */
function render(value: unknown, options: ToStringOptions, refs: RefStyle): string {
  if (refs === undefined) return stringify(value, options);
  const doc = new YamlDocument(value);
  visit(doc, {
    Pair: (_key, pair) => {
      if (isScalar(pair.key) && pair.key.value === '$ref' && isScalar(pair.value)) pair.value.type = refs;
    },
  });
  return doc.toString(options);
}
