/**
 * Quick fixes: for each of our findings on the lines asked about that `fix` can fix, a code action
 * titled by what it does, listed cheaply from the last lint by the engine's planner, its edits
 * computed when chosen by the fix engine for that finding alone (with the guard), on the text the
 * editor holds. Where fix would refuse, the action is disabled with the reason. Fix-all makes every
 * safe fix, as `fix` does.
 */
import {
  CancellationToken,
  CodeAction,
  CodeActionKind,
  CodeActionParams,
  Connection,
  Diagnostic,
  TextDocuments,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { isRuleId } from '../../manifest';
import type { Engine, LintReport } from './engine';
import { diagnosticOf } from './publisher';
import type { Settings } from './settings';
import { fileOf } from './scheduler';

export const FIX_ALL_KIND = 'source.fixAll.spectral-api-conventions';

/** What a code action carries to its resolve: the document, the version it was listed on, the finding. */
interface ActionData {
  uri: string;
  version: number;
  /** findingKey of the finding, or undefined for fix-all. */
  key?: string;
}

export interface ActionContext {
  engine: Engine;
  documents: TextDocuments<TextDocument>;
  lints: Map<string, LintReport>;
  settings: Settings;
}

type Range = Diagnostic['range'];
/**
 * Whether two ranges share a line: quick fixes are offered for the diagnostics on the lines asked
 * about, as vscode-eslint offers them, since editors ask from where the cursor is (Neovim's
 * `vim.lsp.buf.code_action()` from column 0, Emacs at the end of the line), and a YAML finding at
 * `responses:` starts after the colon, past where a cursor can stand on its line.
 */
const sharesLine = (a: Range, b: Range): boolean => a.start.line <= b.end.line && b.start.line <= a.end.line;

/** An AbortSignal that follows the request's cancellation. */
function signalOf(token: CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  else token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

export async function codeActions(
  context: ActionContext,
  params: CodeActionParams,
  token: CancellationToken,
  connection: Connection,
): Promise<CodeAction[]> {
  const { engine, documents, lints, settings } = context;
  const uri = params.textDocument.uri;
  const lint = lints.get(uri);
  const document = documents.get(uri);
  // A malformed request gets no actions, not an exception; a lint of an older text lists none.
  if (lint === undefined || document === undefined || lint.version !== document.version) return [];
  if (params.range?.start === undefined) return [];
  const only = params.context.only;
  const wants = (kind: string): boolean => only === undefined || only.some(k => kind === k || kind.startsWith(`${k}.`));
  const indexes: number[] = [];
  if (wants(CodeActionKind.QuickFix))
    lint.findings.forEach((f, i) => {
      if (isRuleId(f.rule) && f.source === lint.file && f.range !== undefined && sharesLine(f.range, params.range))
        indexes.push(i);
    });
  const list = await engine.listFixes(lint.file, lint.version, indexes, wants(FIX_ALL_KIND), signalOf(token));
  if (list === undefined) return [];
  const actions: CodeAction[] = list.fixes.map((fix): CodeAction => {
    const diagnostics = [diagnosticOf(lint, lint.findings[fix.index])];
    if ('disabled' in fix)
      return { title: fix.title, kind: 'quickfix', diagnostics, disabled: { reason: fix.disabled } };
    const data: ActionData = { uri, version: lint.version, key: fix.key };
    return { title: fix.title, kind: 'quickfix', diagnostics, isPreferred: fix.preferred, data };
  });
  if (list.fixAll) {
    const data: ActionData = { uri, version: lint.version };
    actions.push({ title: 'Fix all safe spectral-api-conventions findings', kind: FIX_ALL_KIND, data });
  }
  // A client that cannot resolve an action's edit gets it now.
  if (settings.resolveSupport) return actions;
  const resolved: CodeAction[] = [];
  for (const action of actions)
    resolved.push(action.disabled === undefined ? await resolveAction(context, action, token, connection) : action);
  return resolved;
}

/** The edit of an action, tied to the version of the text it was computed on. */
const workspaceEdit = (settings: Settings, uri: string, version: number, edits: TextEdit[]): WorkspaceEdit =>
  settings.versionedEdits
    ? { documentChanges: [{ textDocument: { uri, version }, edits }] }
    : { changes: { [uri]: edits } };

/** An action with its edit on the text the editor holds now, or as it was with a message saying why there is none. */
export async function resolveAction(
  { engine, documents, settings }: ActionContext,
  action: CodeAction,
  token: CancellationToken,
  connection: Connection,
): Promise<CodeAction> {
  const data = action.data as ActionData | undefined;
  const document = data === undefined ? undefined : documents.get(data.uri);
  const file = document === undefined ? undefined : fileOf(document.uri);
  if (data === undefined || document === undefined || file === undefined) return action;
  const version = document.version;
  const result = await engine.fixEdits(file, document.getText(), data.key, signalOf(token));
  if ('reason' in result) {
    void connection.window.showInformationMessage(`spectral-api-conventions: ${result.reason}`);
    return action;
  }
  return { ...action, edit: workspaceEdit(settings, document.uri, version, result.edits) };
}
