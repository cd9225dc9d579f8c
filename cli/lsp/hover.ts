/** Hover on a finding: what each rule there checks, its § of the conventions, whether a quick fix exists, its page. */
import type { Hover, Position } from 'vscode-languageserver';
import { isRuleId, ruleMeta } from '../../manifest';
import type { LintFinding } from '../shared/spectral';
import type { LintReport } from './engine';

type Range = NonNullable<LintFinding['range']>;

const before = (a: Range['start'], b: Range['start']): boolean =>
  a.line < b.line || (a.line === b.line && a.character < b.character);
const contains = (range: Range, at: Position): boolean => !before(at, range.start) && !before(range.end, at);

export function hoverAt(lint: LintReport | undefined, position: Position | undefined): Hover | null {
  if (lint === undefined || position === undefined) return null;
  const here = lint.findings.filter(
    f => isRuleId(f.rule) && f.source === lint.file && f.range !== undefined && contains(f.range, position),
  );
  if (here.length === 0) return null;
  // The innermost finding first: the one the cursor is on, before the operation's around it.
  const size = (f: LintFinding): number => {
    const { start, end } = f.range!;
    return (end.line - start.line) * 10_000 + end.character - start.character;
  };
  here.sort((a, b) => size(a) - size(b));
  const text = [...new Set(here.map(f => f.rule))]
    .map(rule => {
      const meta = ruleMeta(rule as Parameters<typeof ruleMeta>[0]);
      const page = lint.pages.get(rule);
      const fix =
        meta.fix.class === 'none'
          ? 'No quick fix.'
          : meta.fix.class === 'safe'
            ? 'Quick fix: safe.'
            : 'Quick fix: changes the contract.';
      return `**${rule}** (${meta.conventions} of the conventions): ${meta.description} ${fix}${page === undefined ? '' : `\n\n[${rule}](${page})`}`;
    })
    .join('\n\n---\n\n');
  return { contents: { kind: 'markdown', value: text } };
}
