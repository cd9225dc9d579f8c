/**
 * The language server (`spectral-api-conventions lsp`, cli/lsp/) through the protocol, as an editor
 * speaks it: the built CLI in a child process, a JSON-RPC client (vscode-jsonrpc). Diagnostics as
 * `spectral lint` gives them, quick fixes whose edits equal what `fix --rule <id>` writes, disabled
 * actions with fix's reason, fix-all, hover, versions, the diagnostics setting, a document that does
 * not parse.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parse } from 'yaml';
import type { CodeAction, Diagnostic, Hover, TextEdit } from 'vscode-languageserver-protocol';
import { LspClient, startClient, uriOf } from '../../__helpers__/lsp-client';
import { ROOT } from '../../__helpers__/in-process';

jest.setTimeout(120_000);

const ORDERS = `openapi: 3.0.3
info:
  title: Orders
  version: 1.0.0
servers:
  - url: https://api.example.com/shop/orders/v1
paths:
  /orders/{id}:
    get:
      operationId: getOrder
      parameters:
        - name: id
          in: path
          required: true
          schema:
            type: string
      responses:
        '200':
          description: The order.
          content:
            application/json:
              schema:
                type: object
        # Not found: the order id is unknown.
        '404':
          description: No such order.
          content:
            application/problem+json:
              schema:
                $ref: '#/components/schemas/Problem'
              example:
                type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5
                title: Not found
                status: 404
                detail: No order 42.
                instance: /orders/42
components:
  schemas:
    Problem:
      type: object
      required: [status, title, detail, type, instance]
      properties:
        type:
          type: string
          format: uri
        title:
          type: string
        status:
          type: integer
        detail:
          type: string
        instance:
          type: string
`;

const PAGES = 'https://github.com/spectral-api-conventions/spectral-api-conventions/blob/main/docs/rules';

let root: string;
let client: LspClient;
const file = (name: string): string => join(root, name);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-lsp-'));
  mkdirSync(join(root, 'registry'));
  copyFileSync(join(ROOT, 'registry/problem-details.yaml'), join(root, 'registry/problem-details.yaml'));
  client = await startClient(root);
});

afterAll(async () => {
  await client?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** Opens a document written to disk with this text, and waits for its first diagnostics. */
async function opened(name: string, text: string): Promise<Diagnostic[]> {
  writeFileSync(file(name), text);
  client.open(file(name), text);
  return client.diagnosticsFor(uriOf(file(name)));
}

const actionsAt = (name: string, diagnostic: Diagnostic, only?: string[]): Promise<CodeAction[]> =>
  client.connection.sendRequest('textDocument/codeAction', {
    textDocument: { uri: uriOf(file(name)) },
    range: diagnostic.range,
    context: { diagnostics: [diagnostic], ...(only === undefined ? {} : { only }) },
  });

const resolved = (action: CodeAction): Promise<CodeAction> =>
  client.connection.sendRequest('codeAction/resolve', action);

/** The text after an action's edit (one document, its version checked). */
function applied(text: string, action: CodeAction, name: string, version: number): string {
  const change = action.edit?.documentChanges?.[0] as {
    textDocument: { uri: string; version: number };
    edits: TextEdit[];
  };
  expect(change.textDocument).toEqual({ uri: uriOf(file(name)), version });
  return TextDocument.applyEdits(TextDocument.create(uriOf(file(name)), 'yaml', version, text), change.edits);
}

/** What the built CLI's fix writes for a copy of the text. */
function fixWrites(text: string, args: string[]): string {
  const copy = file(`fix-copy-${args.join('-').replace(/[^a-z-]/g, '')}.yaml`);
  writeFileSync(copy, text);
  const run = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'fix', ...args, copy], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(run.status === 0 || run.status === 1 ? '' : run.stderr).toBe('');
  return readFileSync(copy, 'utf8');
}

describe('diagnostics', () => {
  // JSON is read without Spectral's YAML parser (cli/shared/json-ranges.ts): the same ranges all the same.
  test.each([
    ['orders.yaml', ORDERS],
    ['orders.json', `${JSON.stringify(parse(ORDERS), null, 2)}\n`],
    ['orders.min.json', JSON.stringify(parse(ORDERS))],
    ['orders.crlf.json', JSON.stringify(parse(ORDERS), null, 4).replace(/\n/g, '\r\n')],
    // Tabs: Spectral's parser warns of them, so the server reads the text with it.
    ['orders.tabs.json', JSON.stringify(parse(ORDERS), null, '\t')],
  ])('%s: the findings spectral lint gives: range, severity, code, the rule page', async (name, text) => {
    const diagnostics = await opened(name, text);
    const spectral = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/@stoplight/spectral-cli/dist/index.js'),
        'lint',
        '-r',
        join(ROOT, 'dist/ruleset.js'),
        '-f',
        'json',
        '-q',
        file(name),
      ],
      { cwd: root, encoding: 'utf8' },
    );
    const expected = (
      JSON.parse(spectral.stdout) as { code: string; range: Diagnostic['range']; severity: number; message: string }[]
    ).map(f => ({
      range: f.range,
      severity: f.severity + 1,
      code: f.code,
      // Spectral's parser findings have no page of ours.
      ...(f.code === 'parser' ? {} : { codeDescription: { href: `${PAGES}/${f.code}.md` } }),
      source: 'spectral-api-conventions',
      message: f.message,
    }));
    expect(
      expected
        .map(d => d.code)
        .filter(code => code !== 'parser')
        .sort(),
    ).toEqual(['error-responses-required', 'problem-example-instance', 'problem-example-title']);
    const order = (a: object, b: object) => JSON.stringify(a).localeCompare(JSON.stringify(b));
    expect([...diagnostics].sort(order)).toEqual(expected.sort(order));
  });

  test('updated as the user types: the last publication is of the newest version, versions never go back', async () => {
    const name = 'typing.yaml';
    await opened(name, ORDERS);
    const uri = uriOf(file(name));
    const fixedTitle = ORDERS.replace('title: Not found', 'title: Not Found');
    for (let version = 2; version <= 6; version++)
      client.change(file(name), version % 2 === 0 ? fixedTitle : ORDERS, version);
    const last = await client.diagnosticsFor(
      uri,
      () => client.publications.filter(p => p.uri === uri).at(-1)?.version === 6,
    );
    expect(last.map(d => d.code)).not.toContain('problem-example-title');
    const versions = client.publications.filter(p => p.uri === uri).map(p => p.version ?? 0);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });
});

describe('quick fixes', () => {
  test('listed with a title saying what they do; the safe one preferred; fix-all only when asked for source actions', async () => {
    const diagnostics = await opened('titles.yaml', ORDERS);
    const title = diagnostics.find(d => d.code === 'problem-example-title')!;
    const actions = await actionsAt('titles.yaml', title, ['quickfix']);
    expect(actions.map(a => [a.title, a.kind, a.isPreferred, a.disabled, a.edit])).toEqual([
      [
        'Add the 400 and 500 responses, with the components BadRequest, InternalServerError and ProblemDetails (changes the contract)',
        'quickfix',
        false,
        undefined,
        undefined,
      ],
      ['Set title to "Not Found"', 'quickfix', true, undefined, undefined],
    ]);
    const source = await actionsAt('titles.yaml', title, ['source.fixAll']);
    expect(source.map(a => [a.title, a.kind])).toEqual([
      ['Fix all safe spectral-api-conventions findings', 'source.fixAll.spectral-api-conventions'],
    ]);
  });

  test('offered anywhere on the diagnostic’s line: at column 0 and past its end, where editors ask from', async () => {
    const diagnostics = await opened('lines.yaml', ORDERS);
    const title = diagnostics.find(d => d.code === 'problem-example-title')!;
    const line = title.range.start.line;
    for (const character of [0, title.range.end.character + 5]) {
      const cursor = { line, character };
      const actions = await actionsAt('lines.yaml', { ...title, range: { start: cursor, end: cursor } }, ['quickfix']);
      expect(actions.map(a => a.title)).toContain('Set title to "Not Found"');
    }
    // A line without a finding gets none of that finding's actions.
    const elsewhere = { line: 0, character: 0 };
    const none = await actionsAt('lines.yaml', { ...title, range: { start: elsewhere, end: elsewhere } }, ['quickfix']);
    expect(none.map(a => a.title)).not.toContain('Set title to "Not Found"');
  });

  test('where fix refuses, the action is disabled with its reason', async () => {
    const diagnostics = await opened('refused.yaml', ORDERS);
    const instance = diagnostics.find(d => d.code === 'problem-example-instance')!;
    const actions = await actionsAt('refused.yaml', {
      ...instance,
      range: { start: instance.range.start, end: instance.range.start },
    });
    expect(actions.find(a => a.disabled !== undefined)).toEqual({
      title: 'Fix problem-example-instance',
      kind: 'quickfix',
      diagnostics: [expect.objectContaining({ code: 'problem-example-instance' })],
      disabled: { reason: 'more than the method’s case is wrong; a person writes the instance' },
    });
  });

  test('a quick fix edits a few characters, keeping the comment, and equals what fix --rule writes', async () => {
    const diagnostics = await opened('one.yaml', ORDERS);
    const title = diagnostics.find(d => d.code === 'problem-example-title')!;
    const action = await resolved(
      (await actionsAt('one.yaml', title)).find(a => a.title === 'Set title to "Not Found"')!,
    );
    const change = action.edit?.documentChanges?.[0] as { edits: TextEdit[] };
    expect(change.edits).toEqual([
      { range: { start: { line: 32, character: 23 }, end: { line: 32, character: 32 } }, newText: 'Not Found' },
    ]);
    expect(applied(ORDERS, action, 'one.yaml', 1)).toBe(fixWrites(ORDERS, ['--rule', 'problem-example-title']));
  });

  test('fix-all applies every safe fix, as fix does', async () => {
    const diagnostics = await opened('all.yaml', ORDERS);
    const [fixAll] = await actionsAt('all.yaml', diagnostics[0], ['source.fixAll']);
    expect(applied(ORDERS, await resolved(fixAll), 'all.yaml', 1)).toBe(fixWrites(ORDERS, []));
  });
});

describe('hover', () => {
  test('on a finding: what the rule checks, its §, whether a quick fix exists, the page', async () => {
    const diagnostics = await opened('hover.yaml', ORDERS);
    const title = diagnostics.find(d => d.code === 'problem-example-title')!;
    const hover: Hover = await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: uriOf(file('hover.yaml')) },
      position: title.range.start,
    });
    expect(hover.contents).toEqual({
      kind: 'markdown',
      value: [
        "**problem-example-title** (§7.2 of the conventions): A problem example's title is the reason phrase of its status. Quick fix: safe.",
        '',
        `[problem-example-title](${PAGES}/problem-example-title.md)`,
        '',
        '---',
        '',
        '**error-responses-required** (§7.1 of the conventions): Every operation defines the 400, 404 and 500 Problem Details responses. Quick fix: changes the contract.',
        '',
        `[error-responses-required](${PAGES}/error-responses-required.md)`,
      ].join('\n'),
    });
    const nothing: Hover | null = await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: uriOf(file('hover.yaml')) },
      position: { line: 0, character: 0 },
    });
    expect(nothing).toBeNull();
  });
});

describe('a document that does not parse cleanly', () => {
  test('the parser’s finding is shown (no rule checks it then), no fix is offered, and the server goes on', async () => {
    const broken = ORDERS.replace("        '200':\n", "        '200':\n          description: twice\n");
    const diagnostics = await opened('broken.yaml', broken);
    expect(diagnostics.map(d => [d.code, d.message, d.range.start.line])).toEqual([
      ['parser', 'Duplicate key: description', 19],
    ]);
    expect(await actionsAt('broken.yaml', diagnostics[0])).toEqual([]);
    expect((await opened('after-broken.yaml', ORDERS)).length).toBe(3);
  });
});

describe('every fixable rule: quick fixes, one finding at a time, write what fix --rule writes', () => {
  const DEFECTS = readFileSync(join(ROOT, 'fixtures/defects.yaml'), 'utf8');
  // fixtures/defects.yaml has a finding of every rule; where fix cannot fix it there, a document that it can.
  const FIXABLE: [string, string, string][] = [
    ['problem-example-members', 'a status written as a string', ORDERS.replace('status: 404', "status: '404'")],
    ['problem-example-title', 'fixtures/defects.yaml', DEFECTS],
    ['problem-example-type', 'fixtures/defects.yaml', DEFECTS],
    [
      'problem-example-instance',
      'a method in lower case',
      ORDERS.replace('instance: /orders/42', 'instance: get /orders/42'),
    ],
    ['error-responses-required', 'fixtures/defects.yaml', DEFECTS],
    ['error-responses-secured', 'fixtures/defects.yaml', DEFECTS],
    ['error-response-examples', 'fixtures/defects.yaml', DEFECTS],
    ['error-response-problem-media-type', 'fixtures/defects.yaml', DEFECTS],
    ['list-filter-extensible-enum', 'fixtures/defects.yaml', DEFECTS],
  ];
  test.each(FIXABLE)('%s on %s', async (rule, _document, before) => {
    const name = `quick-${rule}.yaml`;
    let text = before;
    let version = 1;
    let diagnostics = await opened(name, text);
    let quickFixes = 0;
    for (;;) {
      const finding = diagnostics.find(d => d.code === rule);
      const actions = finding === undefined ? [] : await actionsAt(name, finding, ['quickfix']);
      const action = actions.find(a => a.diagnostics?.[0]?.code === rule && a.disabled === undefined);
      if (action === undefined) break;
      text = applied(text, await resolved(action), name, version);
      quickFixes++;
      client.change(file(name), text, ++version);
      const uri = uriOf(file(name));
      diagnostics = await client.diagnosticsFor(
        uri,
        () => client.publications.filter(p => p.uri === uri).at(-1)?.version === version,
      );
    }
    expect(quickFixes).toBeGreaterThan(0);
    expect(text).toBe(fixWrites(before, ['--unsafe', '--rule', rule]));
  });
});

describe('beside Spectral’s VS Code extension: diagnostics off', () => {
  test('nothing is published, and quick fixes and hover still answer for our findings', async () => {
    const quiet = await startClient(root, { initializationOptions: { diagnostics: false } });
    try {
      writeFileSync(file('quiet.yaml'), ORDERS);
      quiet.open(file('quiet.yaml'), ORDERS);
      expect(await quiet.diagnosticsFor(uriOf(file('quiet.yaml')))).toEqual([]);
      // The extension's diagnostic for the title, as Spectral's extension shows it (line 33, the title's value).
      const range = { start: { line: 32, character: 23 }, end: { line: 32, character: 32 } };
      const actions: CodeAction[] = await quiet.connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri: uriOf(file('quiet.yaml')) },
        range,
        context: { diagnostics: [], only: ['quickfix'] },
      });
      expect(actions.map(a => a.title)).toContain('Set title to "Not Found"');
      await quiet.connection.sendNotification('workspace/didChangeConfiguration', {
        settings: { spectralApiConventions: { diagnostics: true } },
      });
      const shown = await quiet.diagnosticsFor(uriOf(file('quiet.yaml')), d => d.length > 0);
      expect(shown.map(d => d.code).sort()).toEqual([
        'error-responses-required',
        'problem-example-instance',
        'problem-example-title',
      ]);
    } finally {
      await quiet.stop();
    }
  });
});
