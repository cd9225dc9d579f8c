/**
 * The language server's parts (cli/lsp/: the publisher, the scheduler, the settings, the actions)
 * through the protocol, in this process: server.ts over in-memory streams, with the engine in this
 * thread (engine.ts), spoken to by a real JSON-RPC client. The behaviours the stdio suite
 * (protocol.cli.test.ts) does not reach: another file of a multi-file description, closing, settings
 * of others, fix-all with unsafe fixes only, a fix of several rounds, stale lints.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { ensureBuilt } from '../../__helpers__/built';
import { LspClient, startInProcess, uriOf } from '../../__helpers__/lsp-client';

jest.setTimeout(60_000);

let root: string;
let client: LspClient;
const file = (name: string): string => join(root, name);

beforeAll(async () => {
  // The engine lints with this package's built ruleset (the folder has none of its own).
  ensureBuilt();
  root = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-lsp-parts-'));
  client = await startInProcess(root);
});

afterAll(async () => {
  await client?.stop();
  rmSync(root, { recursive: true, force: true });
});

const operation = (errors: string): string => `      responses:
        '200':
          description: OK
${errors}`;

const api = (title: string, errors: string): string => `openapi: 3.0.3
info:
  title: ${title}
  version: 1.0.0
servers:
  - url: https://api.example.com/shop/orders/v1
paths:
  /orders:
    get:
${operation(errors)}`;

/**
 * Errors as a shared file gives them: one response for 400, 404 and 500, with a key written twice
 * (our findings of a shared component are at its use, in the root, named "In errors.yaml#/Error";
 * the parser's are in the file).
 */
const SHARED_ERRORS = `        '400':
          $ref: './errors.yaml#/Error'
        '404':
          $ref: './errors.yaml#/Error'
        '500':
          $ref: './errors.yaml#/Error'
`;
const ERRORS_FILE = `Error:
  description: An error.
  description: Twice.
  content:
    application/problem+json:
      schema:
        type: object
`;

/** A 404 with a problem example whose title is "Not found" (expected "Not Found"), its status written as given. */
const notFound = (status: string): string => `        '404':
          description: Not found.
          content:
            application/problem+json:
              example:
                type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5
                title: Not found
                status: ${status}
                detail: No such order.
                instance: GET /orders
`;

const codes = (diagnostics: Diagnostic[]): string[] => diagnostics.map(d => String(d.code)).sort();

function write(name: string, text: string): string {
  writeFileSync(file(name), text);
  return uriOf(file(name));
}

describe('diagnostics of another file of a multi-file description', () => {
  test('published to that file, once for two documents that use it, and withdrawn when the last closes', async () => {
    const errors = write('errors.yaml', ERRORS_FILE);
    const first = write('first.yaml', api('First', SHARED_ERRORS));
    const second = write('second.yaml', api('Second', SHARED_ERRORS));
    client.open(file('first.yaml'), api('First', SHARED_ERRORS));
    const inErrors = await client.diagnosticsFor(errors, d => d.length > 0);
    expect(inErrors.map(d => [d.code, d.message, d.range.start])).toEqual([
      ['parser', 'Duplicate key: description: description', { line: 2, character: 2 }],
    ]);
    expect(client.diagnostics.get(first)!.map(d => d.message)).toContain(
      'In errors.yaml#/Error: Error response has no example; expected at least one example of its Problem Details body',
    );
    client.open(file('second.yaml'), api('Second', SHARED_ERRORS));
    await client.diagnosticsFor(second);
    // The union of both documents' findings there: the same finding once.
    expect(codes(client.diagnostics.get(errors)!)).toEqual(['parser']);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: first } });
    // The second still uses it: still there.
    await client.diagnosticsFor(first, d => d.length === 0);
    expect(codes(client.diagnostics.get(errors)!)).toEqual(['parser']);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: second } });
    await client.diagnosticsFor(errors, d => d.length === 0);
    expect(client.diagnostics.get(second)).toEqual([]);
  });
});

describe('settings', () => {
  test('a change that does not mention ours leaves diagnostics published; diagnostics: false withdraws them', async () => {
    const uri = write('settings.yaml', api('Settings', ''));
    client.open(file('settings.yaml'), api('Settings', ''));
    const shown = await client.diagnosticsFor(uri, d => d.length > 0);
    const before = client.publications.length;
    await client.connection.sendNotification('workspace/didChangeConfiguration', {
      settings: { yaml: { validate: false } },
    });
    await client.connection.sendNotification('workspace/didChangeConfiguration', {
      settings: { spectralApiConventions: { diagnostics: false } },
    });
    await client.diagnosticsFor(uri, d => d.length === 0);
    // The first change published nothing: the next publication is the second's, which withdrew them.
    expect(
      client.publications
        .slice(before)
        .filter(p => p.uri === uri)
        .map(p => p.diagnostics.length),
    ).toEqual([0]);
    await client.connection.sendNotification('workspace/didChangeConfiguration', {
      settings: { spectralApiConventions: { diagnostics: true } },
    });
    expect(await client.diagnosticsFor(uri, d => d.length > 0)).toEqual(shown);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  });
});

const actionsOn = (uri: string, line: number, only?: string[]): Promise<CodeAction[]> =>
  client.connection.sendRequest('textDocument/codeAction', {
    textDocument: { uri },
    range: { start: { line, character: 0 }, end: { line, character: 0 } },
    context: { diagnostics: [], ...(only === undefined ? {} : { only }) },
  });

function applied(uri: string, text: string, action: CodeAction, version: number): string {
  const change = action.edit?.documentChanges?.[0] as { textDocument: { version: number }; edits: TextEdit[] };
  expect(change.textDocument.version).toBe(version);
  return TextDocument.applyEdits(TextDocument.create(uri, 'yaml', version, text), change.edits);
}

describe('fix-all', () => {
  test('not offered when only unsafe fixes exist (error-responses-required adds to the contract)', async () => {
    const text = api('Unsafe', '');
    const uri = write('unsafe.yaml', text);
    client.open(file('unsafe.yaml'), text);
    const diagnostics = await client.diagnosticsFor(uri, d => d.length > 0);
    expect(codes(diagnostics)).toContain('error-responses-required');
    const responses = diagnostics.find(d => d.code === 'error-responses-required')!.range.start.line;
    const actions = await actionsOn(uri, responses);
    expect(actions.map(a => a.kind)).toEqual(['quickfix']);
    expect(actions[0].isPreferred).toBe(false);
    expect(await actionsOn(uri, responses, ['source.fixAll'])).toEqual([]);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  });

  test('a fix of several rounds: a status written as a string made a number, then its title checked and fixed', async () => {
    const text = api('Rounds', notFound("'404'"));
    const uri = write('rounds.yaml', text);
    client.open(file('rounds.yaml'), text);
    const diagnostics = await client.diagnosticsFor(uri, d => d.length > 0);
    // The title is not judged while the status is a string.
    expect(codes(diagnostics)).toContain('problem-example-members');
    expect(codes(diagnostics)).not.toContain('problem-example-title');
    const [fixAll] = await actionsOn(uri, 0, ['source.fixAll']);
    const after = applied(uri, text, await client.connection.sendRequest('codeAction/resolve', fixAll), 1);
    expect(after).toContain('                title: Not Found\n                status: 404\n');
    expect(after.replace('title: Not Found', 'title: Not found').replace('status: 404', "status: '404'")).toBe(text);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  });
});

describe('a lint of an older text', () => {
  test('lists no quick fix; a fix chosen after an edit is computed on the text the editor holds', async () => {
    const text = api('Stale', notFound('404'));
    const uri = write('stale.yaml', text);
    client.open(file('stale.yaml'), text);
    const diagnostics = await client.diagnosticsFor(uri, d => d.length > 0);
    const title = diagnostics.find(d => d.code === 'problem-example-title')!;
    const action = (await actionsOn(uri, title.range.start.line, ['quickfix'])).find(
      a => a.diagnostics?.[0].code === 'problem-example-title',
    )!;
    expect(action.title).toMatch(/Not Found/);
    // An edit above the finding: the lint in hand is of version 1, the editor holds version 2.
    const edited = text.replace('  title: Stale', '  title: Stale\n  description: Orders.');
    client.change(file('stale.yaml'), edited, 2);
    expect(await actionsOn(uri, title.range.start.line, ['quickfix'])).toEqual([]);
    const resolved: CodeAction = await client.connection.sendRequest('codeAction/resolve', action);
    expect(applied(uri, edited, resolved, 2)).toBe(edited.replace('title: Not found', 'title: Not Found'));
    await client.diagnosticsFor(uri, () => client.publications.at(-1)?.version === 2);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  });
});
