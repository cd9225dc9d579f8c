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

/** A text that does not parse; `excerpt` shows the offending line. */
export class ParseFailure extends Error {
  constructor(
    message: string,
    readonly excerpt?: string,
  ) {
    super(message);
  }
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

/** The 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/** The line ending most of the text's lines use (LF on a tie): one odd CRLF line does not make new lines CRLF. */
export function lineEnding(text: string): string {
  let lf = 0;
  let crlf = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
    // At offset 0, charCodeAt(-1) is NaN: an LF line.
    if (text.charCodeAt(at - 1) === 13) crlf++;
    else lf++;
  }
  return crlf > lf ? '\r\n' : '\n';
}

/** The line of a parse error as shown under the message: at most 120 characters around the column (1-based); none for a blank line. */
export function excerptOf(text: string, line: number, column: number): string | undefined {
  const shown = (text.split(/\r?\n/)[line - 1] ?? '').replace(/^\uFEFF/, '');
  const start = Math.max(0, column - 60);
  const part = shown.slice(start, start + 120);
  if (part.trim() === '') return undefined;
  return `  ${start > 0 ? '…' : ''}${part}${start + 120 < shown.length ? '…' : ''}`;
}

export const lineStart = (text: string, offset: number): number => text.lastIndexOf('\n', offset - 1) + 1;

/** The offset just after the line that holds `offset` (the text's length on the last line). */
export function afterLine(text: string, offset: number): number {
  if (text[offset - 1] === '\n') return offset; // text[-1] is undefined
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
  // Array.prototype.sort is stable (ES2019): edits that tie keep their order.
  const sorted = [...edits].sort((a, b) => a.start - b.start || (b.depth ?? 0) - (a.depth ?? 0));
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
