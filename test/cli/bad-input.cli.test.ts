/**
 * One sentence per bad input: the built CLI's check, fix, baseline, report and language server give
 * the same words and position for the same binary file, broken YAML and ruleset that cannot load,
 * from one place in the code (files.ts readText, keyed.ts parseProblem, spectral.ts rulesetSentence),
 * and no raw bytes or code frames anywhere.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../__helpers__/built';
import { ROOT } from '../__helpers__/in-process';
import { startClient, uriOf } from '../__helpers__/lsp-client';

jest.setTimeout(120_000);

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-bad-input-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CLI = join(ROOT, 'dist/cli.js');
const run = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

/** What each command says of `file` in `cwd`: its standard error (report: the row's reason in its JSON). */
function said(cwd: string, file: string): Record<string, string> {
  const sentences: Record<string, string> = {};
  for (const command of ['check', 'fix', 'baseline']) {
    const result = run(cwd, command, file);
    expect(result.status).toBe(2);
    sentences[command] = result.stderr.split('\n')[0].replace(`spectral-api-conventions ${command}: `, '');
  }
  const report = run(cwd, 'report', '-f', 'json', file);
  const api = (JSON.parse(report.stdout) as { apis: { reason?: string }[] }).apis[0];
  sentences.report = api.reason ?? '';
  return sentences;
}

test('a binary file: "not UTF-8" with the first bad byte, no bytes echoed', () => {
  const cwd = join(dir, 'binary');
  mkdirSync(cwd);
  writeFileSync(
    join(cwd, 'api.yaml'),
    Buffer.from([0x6f, 0x70, 0x65, 0x6e, 0x61, 0x70, 0x69, 0x3a, 0x20, 0xd0, 0x00, 0x7f]),
  );
  const sentence = 'api.yaml is not UTF-8: byte 9 (0xd0) is not valid UTF-8; save it as UTF-8 first';
  expect(said(cwd, 'api.yaml')).toEqual({ check: sentence, fix: sentence, baseline: sentence, report: sentence });
});

test('broken YAML: Spectral’s parser’s words at its line and column, in every command and in the editor', async () => {
  const cwd = join(dir, 'broken');
  mkdirSync(cwd);
  const text =
    'openapi: 3.0.3\ninfo:\n  title: x\n  version: 1\npaths:\n  /a:\n    get:\n      responses: {\n        "200": x\n';
  writeFileSync(join(cwd, 'api.yaml'), text);
  const sentence = 'api.yaml:10:1: Unexpected end of the stream within a flow collection';
  expect(said(cwd, 'api.yaml')).toEqual({
    check: sentence,
    fix: `${sentence}; the file is untouched`,
    baseline: sentence,
    report: sentence,
  });
  const client = await startClient(cwd);
  try {
    client.open(join(cwd, 'api.yaml'), text);
    const [diagnostic] = await client.diagnosticsFor(uriOf(join(cwd, 'api.yaml')), d => d.length > 0);
    expect([diagnostic.range.start, diagnostic.message]).toEqual([
      { line: 9, character: 0 },
      'Unexpected end of the stream within a flow collection',
    ]);
  } finally {
    await client.stop();
  }
});

test('a ruleset whose extends is not installed: what is missing and how to install it, once', async () => {
  const cwd = join(dir, 'ruleset');
  mkdirSync(cwd);
  writeFileSync(join(cwd, '.spectral.yaml'), 'extends: ["spectral-api-conventions"]\n');
  const text = 'openapi: 3.1.0\ninfo: {title: x, version: "1"}\npaths: {}\n';
  writeFileSync(join(cwd, 'api.yaml'), text);
  const sentence =
    'cannot load the ruleset .spectral.yaml: it names spectral-api-conventions, which is not installed where the ruleset is (npm install --save-dev spectral-api-conventions)';
  for (const command of ['check', 'fix', 'baseline']) {
    const result = run(cwd, command, 'api.yaml');
    expect([result.status, result.stderr]).toEqual([2, `spectral-api-conventions ${command}: ${sentence}\n`]);
  }
  const report = run(cwd, 'report', '-f', 'json', 'api.yaml');
  expect(report.stderr).toBe('');
  expect((JSON.parse(report.stdout) as { apis: { reason?: string }[] }).apis[0].reason).toBe(
    `api.yaml could not be linted: ${sentence}`,
  );
  const client = await startClient(cwd);
  try {
    client.open(join(cwd, 'api.yaml'), text);
    // Within the test's time (about a second here).
    for (let waited = 0; client.messages.length === 0 && waited < 100_000; waited += 50)
      await new Promise(resolve => setTimeout(resolve, 50));
    expect(client.messages).toEqual([`spectral-api-conventions: ${sentence}`]);
  } finally {
    await client.stop();
  }
});
