/**
 * The language server (`spectral-api-conventions lsp`): our rules' findings as diagnostics, quick
 * fixes made by the fix engine, and hover, for the YAML and JSON OpenAPI documents an editor opens.
 * A workspace's other rules (its own, spectral:oas) stay Spectral's extension's job. docs/editors.md.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CodeAction,
  CodeActionKind,
  Connection,
  Diagnostic,
  Hover,
  InitializeParams,
  TextDocumentSyncKind,
  TextDocuments,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { isRuleId, ruleMeta } from '../../manifest';
import type { LintFinding } from '../shared/spectral';
import { ActionData, FIX_ALL_KIND, fixAllAction, listActions, resolveEdits } from './actions';
import { DocumentLint, Workspace } from './workspace';

/** How long the server waits after a change before linting: typing stays fast. */
const DEBOUNCE_MS = 75;

type Range = Diagnostic['range'];
const NOWHERE: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

const before = (a: Range['start'], b: Range['start']): boolean =>
  a.line < b.line || (a.line === b.line && a.character < b.character);
const intersects = (a: Range, b: Range): boolean => !before(a.end, b.start) && !before(b.end, a.start);
/**
 * Whether two ranges share a line: quick fixes are offered for the diagnostics on the lines asked
 * about, as vscode-eslint offers them, since editors ask from where the cursor is (Neovim's
 * `vim.lsp.buf.code_action()` from column 0, Emacs at the end of the line), and a YAML finding at
 * `responses:` starts after the colon, past where a cursor can stand on its line.
 */
const sharesLine = (a: Range, b: Range): boolean => a.start.line <= b.end.line && b.start.line <= a.end.line;

const fileOf = (uri: string): string | undefined => (uri.startsWith('file:') ? fileURLToPath(uri) : undefined);

/** Whether the server's diagnostics are wanted: `diagnostics: false` leaves them to Spectral's extension. */
function diagnosticsSetting(settings: unknown, fallback: boolean): boolean {
  const value = (settings as { spectralApiConventions?: { diagnostics?: unknown } } | null)?.spectralApiConventions
    ?.diagnostics;
  return typeof value === 'boolean' ? value : fallback;
}

export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  let workspace = new Workspace(undefined);
  let publishing = true;
  let resolveSupport = false;
  let versionedEdits = false;
  /** Each open document's last lint, for actions and hover. */
  const lints = new Map<string, DocumentLint>();
  const timers = new Map<string, NodeJS.Timeout>();
  /** What each open document published to each file (its own, and the others of a multi-file description). */
  const published = new Map<string, Map<string, Diagnostic[]>>();

  const diagnosticOf = (lint: DocumentLint, finding: LintFinding): Diagnostic => {
    const href = lint.pages.get(finding.rule);
    return {
      range: finding.range ?? NOWHERE,
      severity: (finding.severity + 1) as Diagnostic['severity'],
      code: finding.rule,
      ...(href === undefined ? {} : { codeDescription: { href } }),
      source: 'spectral-api-conventions',
      message: finding.message,
    };
  };

  /** Sends each target file the union of what every open document published to it. */
  const publish = (origin: string, byTarget: Map<string, Diagnostic[]>, version?: number): void => {
    // The files this document publishes to now, and those it published to before (to clear them).
    const previous = published.get(origin);
    const targets = new Set([...byTarget.keys(), ...(previous?.keys() ?? [])]);
    published.set(origin, byTarget);
    for (const target of targets) {
      const seen = new Set<string>();
      const all: Diagnostic[] = [];
      for (const map of published.values())
        for (const d of map.get(target) ?? []) {
          const key = JSON.stringify([d.code, d.range, d.message]);
          if (seen.has(key)) continue;
          seen.add(key);
          all.push(d);
        }
      void connection.sendDiagnostics({ uri: target, diagnostics: all, ...(target === origin ? { version } : {}) });
    }
  };

  const publishLint = (uri: string, lint: DocumentLint | undefined): void => {
    const byTarget = new Map<string, Diagnostic[]>([[uri, []]]);
    if (publishing && lint !== undefined)
      for (const finding of lint.findings) {
        // Ours, and the parser's (a document that does not parse cleanly is checked by no rule: say so).
        if (!isRuleId(finding.rule) && finding.rule !== 'parser') continue;
        const target = finding.source === lint.file ? uri : pathToFileURL(finding.source).href;
        let diagnostics = byTarget.get(target);
        if (diagnostics === undefined) byTarget.set(target, (diagnostics = []));
        diagnostics.push(diagnosticOf(lint, finding));
      }
    publish(uri, byTarget, lint?.version);
  };

  const lintNow = async (document: TextDocument): Promise<void> => {
    const file = fileOf(document.uri);
    if (file === undefined) return;
    const { version, uri } = document;
    const text = document.getText();
    // The last lint's resolved document is let go before the next is made (GitHub's holds hundreds of
    // MB): until the new one is in, quick fixes are listed without it (none).
    const previous = lints.get(uri);
    if (previous !== undefined) lints.set(uri, { ...previous, resolved: undefined, stale: true });
    let lint: DocumentLint | undefined;
    try {
      lint = await workspace.lint(file, text, version);
    } catch (error) {
      connection.console.error(`spectral-api-conventions: cannot lint ${file}: ${(error as Error).message}`);
      return;
    }
    // A result computed on an older text is never shown over a newer one.
    if (documents.get(uri)?.version !== version) return;
    lints.set(uri, lint);
    publishLint(uri, lint);
    // The fix engine's copy of the ruleset loads meanwhile, so that the first quick fix need not wait for it.
    workspace.fixer(file, text.length).catch(() => undefined);
  };

  const schedule = (document: TextDocument, delay: number): void => {
    clearTimeout(timers.get(document.uri));
    timers.set(
      document.uri,
      setTimeout(() => {
        timers.delete(document.uri);
        void lintNow(document);
      }, delay),
    );
  };

  connection.onInitialize((params: InitializeParams) => {
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
    workspace = new Workspace(folder === undefined || folder === null ? undefined : fileOf(folder));
    publishing = diagnosticsSetting({ spectralApiConventions: params.initializationOptions as unknown }, true);
    resolveSupport = params.capabilities.textDocument?.codeAction?.resolveSupport?.properties.includes('edit') === true;
    versionedEdits = params.capabilities.workspace?.workspaceEdit?.documentChanges === true;
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND], resolveProvider: true },
        hoverProvider: true,
      },
      serverInfo: { name: 'spectral-api-conventions' },
    };
  });

  connection.onDidChangeConfiguration(change => {
    publishing = diagnosticsSetting(change.settings, publishing);
    for (const [uri, lint] of lints) publishLint(uri, lint);
  });

  documents.onDidOpen(({ document }) => schedule(document, 0));
  documents.onDidChangeContent(({ document }) => schedule(document, DEBOUNCE_MS));
  documents.onDidClose(({ document }) => {
    clearTimeout(timers.get(document.uri));
    lints.delete(document.uri);
    const file = fileOf(document.uri);
    if (file !== undefined) workspace.forget(file);
    publish(document.uri, new Map());
    published.delete(document.uri);
  });

  /** The edit of an action, tied to the version of the text it was computed on. */
  const workspaceEdit = (uri: string, version: number, edits: TextEdit[]): WorkspaceEdit =>
    versionedEdits ? { documentChanges: [{ textDocument: { uri, version }, edits }] } : { changes: { [uri]: edits } };

  const resolve = async (action: CodeAction): Promise<CodeAction> => {
    const data = action.data as ActionData | undefined;
    const document = data === undefined ? undefined : documents.get(data.uri);
    const file = document === undefined ? undefined : fileOf(document.uri);
    if (data === undefined || document === undefined || file === undefined) return action;
    const version = document.version;
    const result = await resolveEdits(workspace, file, document.getText(), data.key);
    if ('reason' in result) {
      void connection.window.showInformationMessage(`spectral-api-conventions: ${result.reason}`);
      return action;
    }
    return { ...action, edit: workspaceEdit(document.uri, version, result.edits) };
  };

  connection.onCodeAction(async params => {
    const uri = params.textDocument.uri;
    const lint = lints.get(uri);
    const document = documents.get(uri);
    // A malformed request gets no actions, not an exception.
    if (lint === undefined || lint.stale === true || document === undefined || params.range?.start === undefined)
      return [];
    const only = params.context.only;
    const wants = (kind: string): boolean =>
      only === undefined || only.some(k => kind === k || kind.startsWith(`${k}.`));
    const actions: CodeAction[] = [];
    if (wants(CodeActionKind.QuickFix)) {
      const shown = lint.findings
        .filter(
          f => isRuleId(f.rule) && f.source === lint.file && f.range !== undefined && sharesLine(f.range, params.range),
        )
        .map(finding => ({ finding, diagnostic: diagnosticOf(lint, finding) }));
      actions.push(...(await listActions(workspace, lint, uri, shown)));
    }
    if (wants(FIX_ALL_KIND)) {
      const fixAll = fixAllAction(lint, uri);
      if (fixAll !== undefined) actions.push(fixAll);
    }
    // A client that cannot resolve an action's edit gets it now.
    if (resolveSupport) return actions;
    const resolved: CodeAction[] = [];
    for (const action of actions) resolved.push(action.disabled === undefined ? await resolve(action) : action);
    return resolved;
  });

  connection.onCodeActionResolve(resolve);

  connection.onHover((params): Hover | null => {
    const lint = lints.get(params.textDocument.uri);
    if (lint === undefined || params.position === undefined) return null;
    const at = { start: params.position, end: params.position };
    const here = lint.findings.filter(
      f => isRuleId(f.rule) && f.source === lint.file && f.range !== undefined && intersects(f.range, at),
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
  });

  documents.listen(connection);
  connection.listen();
}
