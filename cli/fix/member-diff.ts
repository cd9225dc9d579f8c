/**
 * `fix --dry-run` for a text whose changed lines are too long to read (minified JSON: the whole
 * description on one line, a unified diff would show one 100 kB line replaced by another). The two
 * texts are parsed (jsonc-parser's tree for JSON, the `yaml` package's for YAML) and walked side by
 * side: members are matched by key, so each edit fix made is found where it is, whatever the layout,
 * and shown on its own: the JSON pointer of the changed member, the old and the new text, and an
 * excerpt of the line around it. Fix only adds members, sets values and renames keys; removals are
 * shown too, so that no difference is ever left out.
 */
import { Node as JsonNode, ParseError, applyEdits, format, parseTree } from 'jsonc-parser';
import { Node as YamlNode, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import { lineColumn, looksLikeJson } from '../fix-engine';
import { escapeToken } from '../../functions/lib/pointer';

/** A parsed value with its place in the text: [start, end) of the value itself. */
interface Tree {
  start: number;
  end: number;
  /** An object's members (in text order); absent for arrays and scalars. */
  members?: Member[];
  /** An array's items; absent for objects and scalars. */
  items?: Tree[];
}

interface Member {
  key: string;
  /** The key's own text, as written (quotes included). */
  keyStart: number;
  keyEnd: number;
  value: Tree;
}

/** One difference between the two texts, at the member or value it concerns. */
export interface MemberEdit {
  kind: 'added' | 'removed' | 'changed' | 'renamed';
  /** RFC 6901 pointer of the member (for a rename, under its old key; for an addition, its new one). */
  pointer: string;
  /** What was written before and after; '' for the side that does not have it. */
  old: string;
  new: string;
  /** Where the edit is in the text before (for the line and column). */
  offset: number;
  /** The edit as the fixed text has it: the text around it, and the removed and added characters. */
  excerpt: { left: string; removed: string; added: string; right: string; at: number };
}

/** A changed line longer than this is not shown whole (diff.ts); nor is a JSON value, which is laid out instead. */
export const LONG_LINE = 300;

/** Characters of context on each side of an edit, and of an edit's own text in the excerpt. */
const CONTEXT = 30;
const SHOWN = 40;

function jsonTree(node: JsonNode): Tree {
  const tree: Tree = { start: node.offset, end: node.offset + node.length };
  if (node.type === 'object')
    tree.members = (node.children ?? [])
      .filter(p => p.children !== undefined && p.children.length === 2)
      .map(p => {
        const [key, value] = p.children!;
        return {
          key: String(key.value),
          keyStart: key.offset,
          keyEnd: key.offset + key.length,
          value: jsonTree(value),
        };
      });
  else if (node.type === 'array') tree.items = (node.children ?? []).map(jsonTree);
  return tree;
}

function yamlTree(text: string, node: unknown, at: number): Tree {
  const range = (node as YamlNode | null)?.range;
  // A key without a value (`key:`) has a null value: an empty value where the key ends.
  const tree: Tree = range ? { start: range[0], end: range[1] } : { start: at, end: at };
  // A block collection's range takes in the line break after it; the value ends at its last character.
  while (tree.end > tree.start && /\s/.test(text[tree.end - 1])) tree.end--;
  if (isMap(node))
    tree.members = node.items.flatMap(pair => {
      const key = pair.key as YamlNode | null;
      if (!key?.range) return [];
      const name = isScalar(key) ? String(key.value) : String(key);
      return [
        { key: name, keyStart: key.range[0], keyEnd: key.range[1], value: yamlTree(text, pair.value, key.range[1]) },
      ];
    });
  else if (isSeq(node)) tree.items = node.items.map(item => yamlTree(text, item, tree.start));
  return tree;
}

/** The text's tree, or undefined when it does not parse (the unified diff then shows it). */
function treeOf(text: string, json: boolean): Tree | undefined {
  if (json) {
    const errors: ParseError[] = [];
    const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
    return root === undefined || errors.length > 0 ? undefined : jsonTree(root);
  }
  const doc = parseDocument(text, { uniqueKeys: false, strict: false });
  return doc.errors.length > 0 || doc.contents === null ? undefined : yamlTree(text, doc.contents, 0);
}

/**
 * A YAML text of several lines with the indentation of its first line, as in the file: its other
 * lines have theirs. (JSON's long texts are laid out anew by formatMemberEdits.)
 */
function indented(text: string, start: number, shown: string, json: boolean): string {
  if (json || !shown.includes('\n')) return shown;
  const indent = text.slice(text.lastIndexOf('\n', start - 1) + 1, start);
  return /^[ \t]*$/.test(indent) ? indent + shown : shown;
}

const escape = escapeToken;

/**
 * The differences of two texts by member, in the order of the text; undefined when either does not
 * parse or the walk finds no difference (a change of layout alone).
 */
export function memberEdits(before: string, after: string, json: boolean): MemberEdit[] | undefined {
  const a = treeOf(before, json);
  const b = treeOf(after, json);
  if (a === undefined || b === undefined) return undefined;
  const edits: MemberEdit[] = [];

  /**
   * An edit of [bs, be) of the text before into [as, ae) of the text after; [shownAt, shownEnd) is the
   * member as the edit's new text shows it (an added member without the comma or line break before it).
   */
  const edit = (
    kind: MemberEdit['kind'],
    pointer: string,
    [bs, be]: [number, number],
    [as, ae]: [number, number],
    [shownAt, shownEnd]: [number, number] = [as, ae],
  ): void => {
    let old = before.slice(bs, be);
    let added = after.slice(as, ae);
    // The excerpt shows only the characters that differ (a renamed "application/json" keeps "application/").
    let common = 0;
    while (common < old.length && common < added.length && old[common] === added[common]) common++;
    let tail = 0;
    while (
      tail < old.length - common &&
      tail < added.length - common &&
      old[old.length - 1 - tail] === added[added.length - 1 - tail]
    )
      tail++;
    old = old.slice(common, old.length - tail);
    added = added.slice(common, added.length - tail);
    edits.push({
      kind,
      pointer,
      old: kind === 'added' ? '' : indented(before, bs, before.slice(bs, be), json),
      new: kind === 'removed' ? '' : indented(after, shownAt, after.slice(shownAt, shownEnd), json),
      offset: bs + common,
      excerpt: {
        left: after.slice(Math.max(0, as + common - CONTEXT), as + common),
        removed: old,
        added,
        right: after.slice(ae - tail, ae - tail + CONTEXT),
        at: as + common,
      },
    });
  };

  const walk = (x: Tree, y: Tree, pointer: string): void => {
    if (before.slice(x.start, x.end) === after.slice(y.start, y.end)) return;
    if (x.members !== undefined && y.members !== undefined) members(x, y, pointer);
    else if (x.items !== undefined && y.items !== undefined) items(x, y, pointer);
    else edit('changed', pointer, [x.start, x.end], [y.start, y.end]);
  };

  const members = (x: Tree, y: Tree, pointer: string): void => {
    const olds = x.members!;
    const news = y.members!;
    const byKey = new Map<string, number>();
    olds.forEach((m, i) => (byKey.has(m.key) ? undefined : byKey.set(m.key, i)));
    // Each new member's old one: the member of the same key, else (a rename) the unmatched old member
    // right after the old one of the member before it, unless the next new member is that one's.
    const match = news.map(m => byKey.get(m.key));
    const used = new Set(match.filter((i): i is number => i !== undefined));
    const renamed = new Set<number>();
    let previous = -1;
    news.forEach((_, j) => {
      if (match[j] === undefined) {
        const candidate = previous + 1;
        if (candidate >= olds.length || used.has(candidate) || match[j + 1] === candidate) return;
        match[j] = candidate;
        used.add(candidate);
        renamed.add(j);
      }
      previous = match[j]!;
    });
    const empty = x.start + 1;
    // Removed members are shown where they were, before the next member that is still there.
    let next = 0;
    let point = olds.length > 0 ? olds[0].keyStart : empty;
    let afterPoint = news.length > 0 ? news[0].keyStart : y.start + 1;
    const removedUpTo = (limit: number): void => {
      for (; next < limit; next++) {
        if (used.has(next)) continue;
        const m = olds[next];
        const start = next > 0 ? olds[next - 1].value.end : m.keyStart;
        edit('removed', `${pointer}/${escape(m.key)}`, [start, m.value.end], [afterPoint, afterPoint]);
      }
    };
    news.forEach((m, j) => {
      const i = match[j];
      const path = `${pointer}/${escape(m.key)}`;
      if (i === undefined) {
        // Added: with the comma or line break before it, or (the first member) after it.
        const span: [number, number] =
          j > 0 ? [news[j - 1].value.end, m.value.end] : [m.keyStart, news[1]?.keyStart ?? m.value.end];
        edit('added', path, [point, point], span, [m.keyStart, m.value.end]);
        afterPoint = m.value.end;
        return;
      }
      removedUpTo(i);
      next = Math.max(next, i + 1);
      const old = olds[i];
      if (renamed.has(j))
        edit('renamed', `${pointer}/${escape(old.key)}`, [old.keyStart, old.keyEnd], [m.keyStart, m.keyEnd]);
      walk(old.value, m.value, path);
      point = old.value.end;
      afterPoint = m.value.end;
    });
    removedUpTo(olds.length);
  };

  const items = (x: Tree, y: Tree, pointer: string): void => {
    const olds = x.items!;
    const news = y.items!;
    const same = (i: number, j: number): boolean =>
      before.slice(olds[i].start, olds[i].end) === after.slice(news[j].start, news[j].end);
    let head = 0;
    while (head < olds.length && head < news.length && same(head, head)) head++;
    let tail = 0;
    while (
      tail < olds.length - head &&
      tail < news.length - head &&
      same(olds.length - 1 - tail, news.length - 1 - tail)
    )
      tail++;
    const paired = Math.min(olds.length, news.length) - head - tail;
    for (let k = head; k < head + paired; k++) walk(olds[k], news[k], `${pointer}/${k}`);
    const afterPoint = head + paired > 0 ? news[head + paired - 1].end : y.start + 1;
    for (let k = head + paired; k < olds.length - tail; k++) {
      const start = k > 0 ? olds[k - 1].end : olds[k].start;
      edit('removed', `${pointer}/${k}`, [start, olds[k].end], [afterPoint, afterPoint]);
    }
    const point = head + paired > 0 ? olds[head + paired - 1].end : (olds[0]?.start ?? x.start + 1);
    for (let k = head + paired; k < news.length - tail; k++) {
      const span: [number, number] =
        k > 0 ? [news[k - 1].end, news[k].end] : [news[k].start, news[k + 1]?.start ?? news[k].end];
      edit('added', `${pointer}/${k}`, [point, point], span, [news[k].start, news[k].end]);
    }
  };

  walk(a, b, '');
  return edits.length > 0 ? edits : undefined;
}

/** Newlines and tabs as escapes, so that the excerpt stays on one line. */
const visible = (text: string): string => text.replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/\t/g, '\\t');

/** A long text as its start and end. */
const shortened = (text: string): string =>
  text.length <= SHOWN ? text : `${text.slice(0, SHOWN / 2)}…${text.slice(text.length - SHOWN / 2 + 5)}`;

/**
 * An old or new text as lines with a prefix. A long JSON text is laid out two spaces a level by
 * jsonc-parser's formatter, which moves only whitespace: every token is shown as it is written.
 */
function shownLines(prefix: string, text: string, json: boolean): string[] {
  const laidOut =
    json && text.length > LONG_LINE
      ? applyEdits(text, format(text, undefined, { tabSize: 2, insertSpaces: true, eol: '\n' }))
      : text;
  return laidOut.split(/\r?\n/).map(line => `${prefix}${line}\n`);
}

/**
 * The edits as `--dry-run` prints them for long lines: a header per edit with its pointer, what
 * happened and where (line and column in the file as it is), the old text (-) and the new (+), and
 * an excerpt of the fixed text in wdiff's notation: `[-removed-]{+added+}` with the characters
 * around them (… where the text goes on).
 */
export function formatMemberEdits(before: string, after: string, edits: MemberEdit[], name: string): string {
  const json = looksLikeJson(before);
  const out = [`--- a/${name}\n`, `+++ b/${name}\n`];
  for (const e of edits) {
    const { line, column } = lineColumn(before, e.offset);
    out.push(`@@ ${e.pointer} ${e.kind} at line ${line}, column ${column} @@\n`);
    if (e.old !== '') out.push(...shownLines('-', e.old, json));
    if (e.new !== '') out.push(...shownLines('+', e.new, json));
    const { left, removed, added, right } = e.excerpt;
    out.push(
      [
        ' ',
        e.excerpt.at > left.length ? '…' : '',
        visible(left),
        removed.length > 0 ? `[-${visible(shortened(removed))}-]` : '',
        added.length > 0 ? `{+${visible(shortened(added))}+}` : '',
        visible(right),
        e.excerpt.at + added.length + right.length < after.length ? '…' : '',
        '\n',
      ].join(''),
    );
  }
  return out.join('');
}
