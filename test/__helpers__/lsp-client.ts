/**
 * A real language-server client for the protocol tests: the built CLI's `lsp` in a child process,
 * spoken to over stdio with vscode-jsonrpc, as an editor speaks to it (or the server in this process,
 * over in-memory streams). It keeps the last
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
import { PassThrough } from 'node:stream';
import { createConnection } from 'vscode-languageserver/node';
import { LocalEngine } from '../../cli/lsp/engine';
import { startServer } from '../../cli/lsp/server';
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
  /** The server's log (window/logMessage). */
  logs: string[];
  /** Progress the server reported: `create` when it asked for a token, then each `$/progress` value's kind. */
  progress: { token: unknown; kind: string; message?: string }[];
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
  window: { workDoneProgress: true },
};

interface ClientOptions {
  initializationOptions?: unknown;
  capabilities?: ClientCapabilities;
}

/** The built CLI's server in a child process, over its stdio. */
export function startClient(root: string, options: ClientOptions = {}): Promise<LspClient> {
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
  return connected(connection, root, options, process.pid, async () => {
    await connection.sendRequest('shutdown');
    await connection.sendNotification('exit');
    await new Promise(resolve => child.once('exit', resolve));
    connection.dispose();
  });
}

/**
 * The server in this process (server.ts with the engine in this thread), over in-memory streams: the
 * same protocol, for the tests of its parts. The `exit` notification is not sent (it ends the process).
 */
export function startInProcess(root: string, options: ClientOptions = {}): Promise<LspClient> {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const server = createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  startServer(server, folder => new LocalEngine(folder));
  const connection = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  return connected(connection, root, options, null, async () => {
    await connection.sendRequest('shutdown');
    connection.dispose();
    server.dispose();
  });
}

async function connected(
  connection: MessageConnection,
  root: string,
  options: ClientOptions,
  processId: number | null,
  stop: () => Promise<void>,
): Promise<LspClient> {
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
  const logs: string[] = [];
  connection.onNotification('window/logMessage', (params: { message: string }) => logs.push(params.message));
  const progress: LspClient['progress'] = [];
  connection.onRequest('window/workDoneProgress/create', (params: { token: unknown }) => {
    progress.push({ token: params.token, kind: 'create' });
    return null;
  });
  connection.onNotification('$/progress', (params: { token: unknown; value: { kind: string; message?: string } }) =>
    progress.push({ token: params.token, kind: params.value.kind, message: params.value.message }),
  );
  connection.listen();
  await connection.sendRequest('initialize', {
    processId,
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
    logs,
    progress,
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
    stop,
  };
}
