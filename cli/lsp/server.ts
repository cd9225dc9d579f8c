/**
 * The language server (`spectral-api-conventions lsp`): our rules' findings as diagnostics, quick
 * fixes made by the fix engine, and hover, for the YAML and JSON OpenAPI documents an editor opens.
 * A workspace's other rules (its own, spectral:oas) stay Spectral's extension's job. docs/editors.md.
 *
 * This file wires the parts to the protocol: settings.ts (what the client can do, what the user
 * set), scheduler.ts (when each document is linted), publisher.ts (what each file is shown),
 * actions.ts (quick fixes and fix-all), hover.ts, and the engine (engine.ts, in a thread of its own).
 */
import {
  CodeAction,
  CodeActionKind,
  Connection,
  InitializeParams,
  MessageType,
  ShowMessageNotification,
  TextDocumentSyncKind,
  TextDocuments,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { FIX_ALL_KIND, codeActions, resolveAction } from './actions';
import type { Engine, LintReport } from './engine';
import { hoverAt } from './hover';
import { DiagnosticsPublisher } from './publisher';
import { DEBOUNCE_MS, LintScheduler, Progress, fileOf } from './scheduler';
import { Settings } from './settings';

/** Makes the engine for a workspace root (in a thread of its own, or in this one for tests). */
export type EngineFactory = (root: string | undefined) => Engine & { onRestart?: () => void };

export function startServer(connection: Connection, makeEngine: EngineFactory): void {
  const documents = new TextDocuments(TextDocument);
  const settings = new Settings();
  const publisher = new DiagnosticsPublisher(params => void connection.sendDiagnostics(params));
  /** Each open document's last lint, for actions and hover. */
  const lints = new Map<string, LintReport>();
  let engine: Engine | undefined;
  let scheduler: LintScheduler | undefined;
  /** The failures already shown to the user. */
  const shown = new Set<string>();

  const progress = (message: string): Progress => {
    let ended = false;
    let reporter: { done(): void } | undefined;
    // A client without window.workDoneProgress gets a reporter that sends nothing.
    connection.window
      .createWorkDoneProgress()
      .then(created => {
        if (ended) return;
        reporter = created;
        created.begin('spectral-api-conventions', undefined, message);
      })
      .catch(() => undefined);
    return {
      done: () => {
        ended = true;
        reporter?.done();
      },
    };
  };

  connection.onInitialize((params: InitializeParams) => {
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
    const made = makeEngine(folder === undefined || folder === null ? undefined : fileOf(folder));
    engine = made;
    settings.initialize(params);
    const lintScheduler = new LintScheduler(made, {
      current: uri => documents.get(uri),
      linted: (uri, lint) => {
        lints.set(uri, lint);
        publisher.publish(uri, lint, settings.publishing);
      },
      failed: (uri, error) => {
        connection.console.error(`spectral-api-conventions: cannot lint ${fileOf(uri) ?? uri}: ${error.message}`);
        // Shown once (a ruleset that cannot load fails every lint): the sentence every command gives.
        if (!shown.has(error.message)) {
          shown.add(error.message);
          void connection.sendNotification(ShowMessageNotification.type, {
            type: MessageType.Error,
            message: `spectral-api-conventions: ${error.message}`,
          });
        }
      },
      progress,
      note: message => connection.console.info(`spectral-api-conventions: ${message}`),
    });
    scheduler = lintScheduler;
    // The engine's thread was ended (a stale lint of another document): what it kept is linted again.
    made.onRestart = () => {
      for (const document of documents.all()) lintScheduler.schedule(document.uri, 0);
    };
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
    if (settings.change(change.settings))
      for (const [uri, lint] of lints) publisher.publish(uri, lint, settings.publishing);
  });

  documents.onDidOpen(({ document }) => scheduler?.schedule(document.uri, 0));
  // Until the new text is linted, the last lint (of an older version) still answers hover, and no quick fix.
  documents.onDidChangeContent(({ document }) => scheduler?.schedule(document.uri, DEBOUNCE_MS));
  documents.onDidClose(({ document }) => {
    scheduler?.close(document.uri);
    lints.delete(document.uri);
    const file = fileOf(document.uri);
    if (file !== undefined) engine?.forget(file).catch(() => undefined);
    publisher.clear(document.uri);
  });

  const context = () => ({ engine: engine!, documents, lints, settings });

  connection.onCodeAction((params, token) =>
    engine === undefined ? [] : codeActions(context(), params, token, connection),
  );
  connection.onCodeActionResolve((action: CodeAction, token) =>
    engine === undefined ? action : resolveAction(context(), action, token, connection),
  );
  connection.onHover(params => hoverAt(lints.get(params.textDocument.uri), params.position));
  connection.onShutdown(async () => {
    await engine?.close();
  });

  documents.listen(connection);
  connection.listen();
}
