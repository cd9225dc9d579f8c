/** What fix did to a file, per rule: fixed, left and why (the table fix prints). */

import type { RuleSummary } from '../fix-engine';

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map(r => r[c].length)));
  return rows
    .map(r =>
      r
        .map((cell, c) => cell.padEnd(widths[c]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** `<name>: N fixed, N left` and a table per rule. */
export function formatSummary(result: { summary: Map<string, RuleSummary> }, name: string): string {
  const rows = [...result.summary.entries()].sort(([a], [b]) => a.localeCompare(b));
  const fixed = rows.reduce((n, [, s]) => n + s.fixed, 0);
  const left = rows.reduce((n, [, s]) => n + s.left, 0);
  const lines = [`${name}: ${fixed} fixed, ${left} left`];
  if (rows.length > 0) {
    lines.push(
      table([
        ['rule', 'fixed', 'left', 'why left'],
        ...rows.map(([rule, s]) => [
          rule,
          String(s.fixed),
          String(s.left),
          [...s.reasons.entries()].map(([reason, n]) => (s.reasons.size > 1 ? `${reason} (${n})` : reason)).join('; '),
        ]),
      ]),
    );
  }
  return lines.join('\n');
}
