/**
 * `spectral-api-conventions lsp`: the language server over stdio (server.ts). The editor starts it;
 * it lints the documents the editor opens with the workspace's ruleset and offers quick fixes.
 */
import { StreamMessageReader, StreamMessageWriter, createConnection } from 'vscode-languageserver/node';
import type { Command } from '../main';
import { UsageError } from '../shared/errors';
import { EngineThread } from './engine-thread';
import { startServer } from './server';

const USAGE = `usage: spectral-api-conventions lsp [--stdio]

A language server over stdio for the YAML and JSON OpenAPI documents an editor opens: our rules'
findings as diagnostics (with the ruleset spectral lint would use in the workspace's root folder; a
.spectral.js there is run, as spectral lint runs it), quick fixes made by fix's engine, and hover.
Set diagnostics to false (initializationOptions or the setting spectralApiConventions.diagnostics)
beside Spectral's VS Code extension, so that no finding shows twice. See docs/editors.md.`;

async function run(args: string[]): Promise<number> {
  if (args.includes('-h') || args.includes('--help')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  // --clientProcessId=<pid> is what vscode-languageclient adds to a Node server's arguments: the
  // initialize request carries the same process id, which the connection watches.
  const unknown = args.filter(a => a !== '--stdio' && !/^--clientProcessId(=\d+)?$/.test(a));
  if (unknown.length > 0) throw new UsageError(`unknown option ${unknown[0]}`);
  const connection = createConnection(new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
  // Output to stdout would break the protocol: what Spectral or a ruleset prints goes to the editor's log.
  console.log = (...parts: unknown[]) => connection.console.log(parts.map(String).join(' '));
  console.warn = (...parts: unknown[]) => connection.console.warn(parts.map(String).join(' '));
  startServer(connection, root => new EngineThread(root));
  // The server runs until the editor ends it (exit notification, or stdin closed).
  return new Promise<number>(done => {
    connection.onExit(() => done(0));
    process.stdin.on('close', () => done(0));
  });
}

const command: Command = {
  summary: 'a language server: diagnostics, quick fixes and hover in editors (docs/editors.md)',
  usage: USAGE,
  run,
};
export default command;
