/**
 * A unified diff of two versions of a file (`--dry-run`). Fixes change a few lines among many (a
 * 400,000-line description with a few thousand added lines), so the lines are matched greedily: equal
 * lines are kept, and at a difference the nearest point where both texts agree again (on three lines
 * in a row) is looked for. Any matching gives a correct patch; this one is short for such changes.
 */

import { LONG_LINE, formatMemberEdits, memberEdits } from './member-diff';
import { looksLikeJson } from './source';

const CONTEXT = 3;
const WINDOW = 2000;

/** A line of an edit script: kept, removed or added, with its index in each text. */
export type Line = { kind: ' ' | '-' | '+'; text: string; a: number; b: number };

/** Splits a text into lines, each with its own line ending. */
function lines(text: string): string[] {
  const out: string[] = [];
  let at = 0;
  for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', at)) {
    out.push(text.slice(at, nl + 1));
    at = nl + 1;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

function agree(a: string[], i: number, b: string[], j: number): boolean {
  for (let k = 0; k < 3; k++) {
    if (i + k >= a.length || j + k >= b.length) return i + k >= a.length && j + k >= b.length;
    if (a[i + k] !== b[j + k]) return false;
  }
  return true;
}

/** The nearest (di, dj) from which the texts agree again; the ends when they never do. */
function resync(a: string[], i: number, b: string[], j: number): [number, number] {
  for (let d = 1; d <= WINDOW; d++) {
    for (let di = 0; di <= d; di++) {
      const dj = d - di;
      if (i + di <= a.length && j + dj <= b.length && agree(a, i + di, b, j + dj)) return [di, dj];
    }
  }
  return [a.length - i, b.length - j];
}

/** The shortest edit script of two small runs of lines (longest common subsequence); all removed, then all added, for large ones. */
function align(a: string[], b: string[]): (' ' | '-' | '+')[] {
  if (a.length === 0 || b.length === 0 || a.length * b.length > 1_000_000) {
    return [...a.map(() => '-' as const), ...b.map(() => '+' as const)];
  }
  const n = a.length;
  const m = b.length;
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let x = n - 1; x >= 0; x--) {
    for (let y = m - 1; y >= 0; y--) {
      lcs[x][y] = a[x] === b[y] ? lcs[x + 1][y + 1] + 1 : Math.max(lcs[x + 1][y], lcs[x][y + 1]);
    }
  }
  const out: (' ' | '-' | '+')[] = [];
  let x = 0;
  let y = 0;
  while (x < n || y < m) {
    if (x < n && y < m && a[x] === b[y]) {
      out.push(' ');
      x++;
      y++;
    } else if (y >= m || (x < n && lcs[x + 1][y] >= lcs[x][y + 1])) {
      out.push('-');
      x++;
    } else {
      out.push('+');
      y++;
    }
  }
  return out;
}

/** The lines of two texts, each kept, removed or added: short for a fix's few changes among many lines. */
export function editScript(before: string, after: string): Line[] {
  const a = lines(before);
  const b = lines(after);
  const script: Line[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      script.push({ kind: ' ', text: a[i], a: i++, b: j++ });
      continue;
    }
    const [di, dj] = resync(a, i, b, j);
    for (const kind of align(a.slice(i, i + di), b.slice(j, j + dj))) {
      if (kind === ' ') script.push({ kind, text: a[i], a: i++, b: j++ });
      else if (kind === '-') script.push({ kind, text: a[i], a: i++, b: j });
      else script.push({ kind, text: b[j], a: i, b: j++ });
    }
  }
  return script;
}

export function unifiedDiff(before: string, after: string, name: string): string {
  if (before === after) return '';
  const script = editScript(before, after);
  const out = [`--- a/${name}\n`, `+++ b/${name}\n`];
  let k = 0;
  while (k < script.length) {
    if (script[k].kind === ' ') {
      k++;
      continue;
    }
    // A hunk: from CONTEXT lines before this change to CONTEXT lines after the last change near it.
    const start = Math.max(0, k - CONTEXT);
    let end = k;
    for (let m = k; m < script.length; m++) {
      if (script[m].kind !== ' ') end = m;
      else if (m - end > 2 * CONTEXT) break;
    }
    const stop = Math.min(script.length, end + CONTEXT + 1);
    const hunk = script.slice(start, stop);
    const oldCount = hunk.filter(l => l.kind !== '+').length;
    const newCount = hunk.filter(l => l.kind !== '-').length;
    const oldStart = oldCount === 0 ? hunk[0].a : hunk[0].a + 1;
    const newStart = newCount === 0 ? hunk[0].b : hunk[0].b + 1;
    out.push(`@@ -${oldStart},${oldCount} +${newStart},${newCount} @@\n`);
    for (const line of hunk) {
      out.push(line.kind + line.text.replace(/\n$/, ''), '\n');
      if (!line.text.endsWith('\n')) out.push('\\ No newline at end of file\n');
    }
    k = stop;
  }
  return out.join('');
}

/**
 * What `fix --dry-run` prints: the unified diff, unless a line it changes (a removed line) is over
 * LONG_LINE characters, a minified description's one line say; then each edit on its own, by JSON
 * pointer (member-diff.ts), whatever the layout. A long line the fix only adds (a flow mapping that
 * grew) is read once and stays in the unified diff: what cannot be done is to compare an old long
 * line with its new one by eye.
 */
export function dryRunDiff(before: string, after: string, name: string): string {
  const diff = unifiedDiff(before, after, name);
  // The first two lines are the diff's header (--- a/name, +++ b/name).
  const long = diff
    .split('\n')
    .slice(2)
    .some(line => line.startsWith('-') && line.length > LONG_LINE + 1);
  if (!long) return diff;
  const edits = memberEdits(before, after, looksLikeJson(before));
  return edits === undefined ? diff : formatMemberEdits(before, after, edits, name);
}
