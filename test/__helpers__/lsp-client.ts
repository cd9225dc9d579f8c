/**
 * A real language-server client for the protocol tests: the built CLI's `lsp` in a child process,
 * spoken to over stdio with vscode-jsonrpc, as an editor speaks to it. It keeps the last
 * diagnostics published for each file and lets a test wait for the ones it expects.
 */
import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import {
  MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  createMessageConnection,
} from 'vscode-jsonrpc/node';
import type { ClientCapabilities, Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { join, resolve } from 'node:path';
import { ensureBuilt } from './built';

export const uriOf = (file: string): string => pathToFileURL(file).href;

export interface LspClient {
  connection: MessageConnection;
  /** The last diagnostics published for a file's URI. */
  diagnostics: Map<string, Diagnostic[]>;
  /** Every publication, in order. */
  publications: PublishDiagnosticsParams[];
  /** Waits until the file's last publication satisfies `ok` (no time limit of its own: jest's is the test's). */
  diagnosticsFor(uri: string, ok?: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]>;
  open(file: string, text: string, version?: number): void;
  change(file: string, text: string, version: number): void;
  /** Messages the server showed the user (window/showMessage). */
  messages: string[];
  stop(): Promise<void>;
}

const CAPABILITIES: ClientCapabilities = {
  textDocument: {
    codeAction: {
      resolveSupport: { properties: ['edit'] },
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source.fixAll'] } },
      disabledSupport: true,
    },
    hover: { contentFormat: ['markdown'] },
    publishDiagnostics: { codeDescriptionSupport: true },
  },
  workspace: { workspaceEdit: { documentChanges: true } },
};

export async function startClient(
  root: string,
  options: { initializationOptions?: unknown; capabilities?: ClientCapabilities } = {},
): Promise<LspClient> {
  ensureBuilt();
  const cli = join(resolve(__dirname, '../..'), 'dist/cli.js');
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    // As vscode-languageclient starts a Node server: with the client's process id.
    [cli, 'lsp', '--stdio', `--clientProcessId=${process.pid}`],
    { cwd: root },
  );
  const connection = createMessageConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  const diagnostics = new Map<string, Diagnostic[]>();
  const publications: PublishDiagnosticsParams[] = [];
  const messages: string[] = [];
  let waiters: (() => void)[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    diagnostics.set(params.uri, params.diagnostics);
    publications.push(params);
    const now = waiters;
    waiters = [];
    now.forEach(w => w());
  });
  connection.onNotification('window/showMessage', (params: { message: string }) => messages.push(params.message));
  connection.onNotification('window/logMessage', () => undefined);
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: uriOf(root),
    workspaceFolders: [{ uri: uriOf(root), name: 'api' }],
    capabilities: options.capabilities ?? CAPABILITIES,
    initializationOptions: options.initializationOptions,
  });
  await connection.sendNotification('initialized', {});
  const diagnosticsFor = async (uri: string, ok: (d: Diagnostic[]) => boolean = () => true): Promise<Diagnostic[]> => {
    for (;;) {
      const got = diagnostics.get(uri);
      if (got !== undefined && ok(got)) return got;
      await new Promise<void>(resolve => waiters.push(resolve));
    }
  };
  return {
    connection,
    diagnostics,
    publications,
    messages,
    diagnosticsFor,
    open: (file, text, version = 1) =>
      void connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri: uriOf(file), languageId: file.endsWith('.json') ? 'json' : 'yaml', version, text },
      }),
    change: (file, text, version) =>
      void connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: uriOf(file), version },
        contentChanges: [{ text }],
      }),
    stop: async () => {
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      await new Promise(resolve => child.once('exit', resolve));
      connection.dispose();
    },
  };
}
