// The VS Code client of `spectral-api-conventions lsp`: it starts the server that the workspace has
// installed (so the findings and fixes are those of the version its CI runs), for YAML and JSON
// documents, and keeps the server's diagnostics setting in step with VS Code's. Everything else
// (quick fixes, fix-all, hover) is the language server's; this file only connects the two.
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const vscode = require('vscode');
const { DidChangeConfigurationNotification, LanguageClient } = require('vscode-languageclient/node');

const SPECTRAL_EXTENSION = 'stoplight.spectral';

/** @type {LanguageClient | undefined} */
let client;

/** The server's entry: the workspace's installed package first, else the serverPath setting. */
function serverModule() {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const installed = folder && join(folder, 'node_modules/spectral-api-conventions/dist/cli.js');
  if (installed && existsSync(installed)) return installed;
  const configured = vscode.workspace.getConfiguration('spectralApiConventions').get('serverPath');
  return configured || undefined;
}

/**
 * Whether the server publishes diagnostics. Unset, it does unless Spectral's extension is installed:
 * that extension already shows these findings (the workspace's ruleset extends this package), and
 * showing each twice would only be noise; the quick fixes and hover are ours either way.
 */
function diagnosticsWanted() {
  const value = vscode.workspace.getConfiguration('spectralApiConventions').get('diagnostics');
  return typeof value === 'boolean' ? value : vscode.extensions.getExtension(SPECTRAL_EXTENSION) === undefined;
}

function sendDiagnosticsSetting() {
  if (!client?.isRunning()) return;
  void client.sendNotification(DidChangeConfigurationNotification.type, {
    settings: { spectralApiConventions: { diagnostics: diagnosticsWanted() } },
  });
}

/** @param {import('vscode').ExtensionContext} context */
async function activate(context) {
  const entry = serverModule();
  if (entry === undefined) {
    // Any workspace with a YAML or JSON file activates the extension: no pop-up where there is no API.
    vscode.window.setStatusBarMessage(
      'spectral-api-conventions: not installed in this workspace, and spectralApiConventions.serverPath is not set',
      15_000,
    );
    return;
  }
  // Run by the editor's own Node.js (Electron's, as Node.js, in VS Code desktop), with exactly the
  // arguments `lsp --stdio`: the client's module form would append --clientProcessId=<pid>, which the
  // server's command line refuses.
  const server = {
    command: process.execPath,
    args: [entry, 'lsp', '--stdio'],
    options: { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } },
  };
  client = new LanguageClient(
    'spectralApiConventions',
    'Spectral API Conventions',
    { run: server, debug: server },
    {
      documentSelector: [
        { scheme: 'file', language: 'yaml' },
        { scheme: 'file', language: 'json' },
      ],
      initializationOptions: { diagnostics: diagnosticsWanted() },
    },
  );
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(change => {
      if (change.affectsConfiguration('spectralApiConventions.diagnostics')) sendDiagnosticsSetting();
    }),
    // Spectral's extension installed or removed while this one runs: the unset default follows it.
    vscode.extensions.onDidChange(sendDiagnosticsSetting),
  );
  await client.start();
}

function deactivate() {
  return client?.stop();
}

module.exports = { activate, deactivate };
