/**
 * Diagnostics as the client receives them: our findings (and the parser's: a document that does not
 * parse cleanly is checked by no rule) of each open document's last lint, sent to the file each is
 * in. A finding of another file of a multi-file description goes to that file, which gets the union
 * of what every open document found in it, once each, and is cleared when none finds anything there.
 */
import { pathToFileURL } from 'node:url';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver';
import { isRuleId } from '../../manifest';
import type { LintFinding } from '../shared/spectral';
import type { LintReport } from './engine';

type Range = Diagnostic['range'];
const NOWHERE: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** A finding as a diagnostic: its range, severity, rule id with its page, and message. */
export function diagnosticOf(lint: LintReport, finding: LintFinding): Diagnostic {
  const href = lint.pages.get(finding.rule);
  return {
    range: finding.range ?? NOWHERE,
    severity: (finding.severity + 1) as Diagnostic['severity'],
    code: finding.rule,
    ...(href === undefined ? {} : { codeDescription: { href } }),
    source: 'spectral-api-conventions',
    message: finding.message,
  };
}

export class DiagnosticsPublisher {
  /** What each open document published to each file (its own, and the others of a multi-file description). */
  private readonly published = new Map<string, Map<string, Diagnostic[]>>();

  constructor(private readonly send: (params: PublishDiagnosticsParams) => void) {}

  /** Publishes a document's lint (`undefined`, or `publishing` false: nothing) to every file it has findings in. */
  publish(uri: string, lint: LintReport | undefined, publishing: boolean): void {
    const byTarget = new Map<string, Diagnostic[]>([[uri, []]]);
    if (publishing && lint !== undefined)
      for (const finding of lint.findings) {
        if (!isRuleId(finding.rule) && finding.rule !== 'parser') continue;
        const target = finding.source === lint.file ? uri : pathToFileURL(finding.source).href;
        let diagnostics = byTarget.get(target);
        if (diagnostics === undefined) byTarget.set(target, (diagnostics = []));
        diagnostics.push(diagnosticOf(lint, finding));
      }
    this.sendUnion(uri, byTarget, lint?.version);
  }

  /** Withdraws what a closed document published. */
  clear(uri: string): void {
    this.sendUnion(uri, new Map());
    this.published.delete(uri);
  }

  /** Sends each target file the union of what every open document published to it. */
  private sendUnion(origin: string, byTarget: Map<string, Diagnostic[]>, version?: number): void {
    // The files this document publishes to now, and those it published to before (to clear them).
    const previous = this.published.get(origin);
    const targets = new Set([...byTarget.keys(), ...(previous?.keys() ?? [])]);
    this.published.set(origin, byTarget);
    for (const target of targets) {
      const seen = new Set<string>();
      const all: Diagnostic[] = [];
      for (const map of this.published.values())
        for (const d of map.get(target) ?? []) {
          const key = JSON.stringify([d.code, d.range, d.message]);
          if (seen.has(key)) continue;
          seen.add(key);
          all.push(d);
        }
      this.send({ uri: target, diagnostics: all, ...(target === origin && version !== undefined ? { version } : {}) });
    }
  }
}
