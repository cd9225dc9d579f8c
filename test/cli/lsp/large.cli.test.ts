/**
 * The language server on a large description, through stdio as an editor runs it (the built CLI in
 * a child process): progress shown while it lints, and a lint whose text went stale ended at once
 * (its thread ended), the newest text's diagnostics published and no older one's.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../__helpers__/in-process';
import { LspClient, startClient, uriOf } from '../../__helpers__/lsp-client';

jest.setTimeout(300_000);

let root: string;
let client: LspClient;
let text: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-lsp-large-'));
  // 1,500 conforming operations with shared components: 2 MB of JSON (scripts/synthetic.mjs), over
  // LONG_LINT_BYTES (cli/lsp/scheduler.ts), so that its progress shows at once.
  text = spawnSync(process.execPath, ['scripts/synthetic.mjs', '1500'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  }).stdout;
  expect(text.length).toBeGreaterThan(2_000_000);
  writeFileSync(join(root, 'large.json'), text);
  client = await startClient(root);
});

afterAll(async () => {
  await client?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** Waits until `ok` holds of what the client has received (jest's time limit is the test's). */
async function until(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise(resolve => setTimeout(resolve, 20));
}

test('progress at once; an edit during the lint ends it, and only the newest version is published', async () => {
  const file = join(root, 'large.json');
  const uri = uriOf(file);
  client.open(file, text);
  // The server asks for a token, then begins: "Linting large.json".
  await until(() => client.progress.some(p => p.kind === 'begin'));
  const [create, begin] = client.progress;
  expect(create.kind).toBe('create');
  expect(begin).toEqual({ token: create.token, kind: 'begin', message: 'Linting large.json' });
  // An edit while version 1 is linted: one wrong problem title.
  const edited = text.replace('"title": "Not Found"', '"title": "Not found"');
  expect(edited).not.toBe(text);
  client.change(file, edited, 2);
  const diagnostics = await client.diagnosticsFor(uri, () => client.publications.some(p => p.uri === uri));
  expect(client.publications.filter(p => p.uri === uri).map(p => p.version)).toEqual([2]);
  expect(diagnostics.map(d => [d.code, d.message])).toEqual([
    ['problem-example-title', '404 example title is "Not found"; expected "Not Found"'],
  ]);
  expect(client.logs).toContain(
    'spectral-api-conventions: the lint of large.json (version 1) was ended: the text changed',
  );
  // Every progress begun was ended.
  await until(() => client.progress.filter(p => p.kind === 'end').length === 2);
  expect(client.progress.map(p => p.kind)).toEqual(['create', 'begin', 'end', 'create', 'begin', 'end']);
});
