/**
 * A unified diff of two versions of a file (`--dry-run`), from the fix engine's edit script, or,
 * for a minified description's long lines, each edit by JSON pointer (member-diff.ts).
 */

import { editScript, looksLikeJson } from '../fix-engine';
import { LONG_LINE, formatMemberEdits, memberEdits } from './member-diff';

const CONTEXT = 3;

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
