/**
 * A document's text and the edits made to it. An edit is computed from the offsets of the parsed
 * tree (jsonc-parser's for JSON, the `yaml` package's for YAML) and replaces or inserts a few
 * characters; the file is never re-serialised, so comments, key order, quoting, indentation, flow or
 * block style, line endings and a trailing newline (or its absence) stay as they were. This module
 * holds what both formats share: the Source interface, edits, and line helpers.
 */
import { Op } from './ops';

export interface Edit {
  start: number;
  end: number;
  text: string;
  /** Depth of the map an insertion goes into: at one offset, the deeper map's entries come first. */
  depth?: number;
}

export class ParseFailure extends Error {}

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

export const lineCol = (text: string, offset: number): string => {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
};

/** The text's line ending: CRLF when it uses any, else LF. */
export const lineEnding = (text: string): string => (text.includes('\r\n') ? '\r\n' : '\n');

export const lineStart = (text: string, offset: number): number => text.lastIndexOf('\n', offset - 1) + 1;

/** The offset just after the line that holds `offset` (the text's length on the last line). */
export function afterLine(text: string, offset: number): number {
  if (offset > 0 && text[offset - 1] === '\n') return offset;
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl + 1;
}

/** Inserts whole lines at `at`, the start of a line or the end of the text. */
export function insertLines(text: string, at: number, lines: string[], eol: string): Edit {
  if (at === text.length && text.length > 0 && !text.endsWith('\n')) {
    return { start: at, end: at, text: eol + lines.join(eol) };
  }
  return { start: at, end: at, text: lines.join(eol) + eol };
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
