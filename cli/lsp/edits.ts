/**
 * The fix engine's edits as the protocol's TextEdits: the engine's own minimal edits when one round
 * made them, else the changed runs of lines between the text before and after (never the whole
 * document unless every line changed).
 */
import type { TextEdit } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { type Edit, editScript } from '../fix-engine';

/** TextEdits on `before` for the engine's edits of one round (offsets into `before`). */
function roundTextEdits(before: string, edits: Edit[]): TextEdit[] {
  const document = TextDocument.create('file:///before', 'yaml', 0, before);
  // The order applyEdits applies them in: at one offset, the deeper map's insertion first.
  return [...edits]
    .sort((a, b) => a.start - b.start || (b.depth ?? 0) - (a.depth ?? 0))
    .map(e => ({ range: { start: document.positionAt(e.start), end: document.positionAt(e.end) }, newText: e.text }));
}

/** TextEdits on `before` that make `after`: one per run of changed lines. */
function diffTextEdits(before: string, after: string): TextEdit[] {
  const script = editScript(before, after);
  const edits: TextEdit[] = [];
  for (let k = 0; k < script.length;) {
    if (script[k].kind === ' ') {
      k++;
      continue;
    }
    const first = script[k].a;
    let removed = 0;
    const added: string[] = [];
    for (; k < script.length && script[k].kind !== ' '; k++) {
      if (script[k].kind === '-') removed++;
      else added.push(script[k].text);
    }
    edits.push({
      range: { start: { line: first, character: 0 }, end: { line: first + removed, character: 0 } },
      newText: added.join(''),
    });
  }
  return edits;
}

/** The text edits for a fix: the engine's own when it took one round, else a line diff. */
export function textEditsFor(result: { before: string; after: string; edits: Edit[][] }): TextEdit[] {
  if (result.before === result.after) return [];
  return result.edits.length === 1
    ? roundTextEdits(result.before, result.edits[0])
    : diffTextEdits(result.before, result.after);
}
