/**
 * Status codes written as YAML numbers (`400:` for `'400':`, as HMCTS's opal-fines-service writes
 * them) through the real `spectral lint` and through `redocly lint` with the plugin: Spectral's
 * `parser` error stands, and our rules still judge the document (docs/design.md, "Behaviour every
 * rule shares"); a number key that spells no status still stops them.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureBuilt } from './__helpers__/built';
import { parseFindings } from './__helpers__/json';

const ROOT = resolve(__dirname, '..');

/** MajorCreditor.yaml of opal-fines-service, shortened: '200' quoted, the error codes not. */
const HMCTS = `openapi: 3.1.1
info: { description: Opal Fines Service - Major Creditor, version: v0.0.1, title: Opal Fines Service }
paths:
  /major-creditor-accounts/{id}/header-summary:
    get:
      operationId: getMajorCreditorAccountHeaderSummary
      parameters:
        - { in: path, name: id, schema: { type: integer, format: int64 }, required: true }
      responses:
        '200':
          description: OK
        400:
          description: Bad request
          content:
            application/problem+json:
              schema: { type: object, properties: { status: { type: integer } } }
        500:
          description: Internal server error
`;

const HEX = `openapi: 3.1.0
info: { title: Orders, version: 1.0.0 }
paths:
  /orders:
    get:
      responses:
        '200': { description: OK }
        0x190: { description: Bad Request }
`;

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-number-keys-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules/spectral-api-conventions'), 'dir');
  writeFileSync(join(dir, '.spectral.yaml'), 'extends: ["spectral-api-conventions"]\n');
  writeFileSync(join(dir, 'hmcts.yaml'), HMCTS);
  writeFileSync(join(dir, 'hex.yaml'), HEX);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lint = (file: string) => {
  const run = spawnSync(join(ROOT, 'node_modules/.bin/spectral'), ['lint', '-f', 'json', '--quiet', file], {
    cwd: dir,
    encoding: 'utf8',
  });
  return parseFindings(run.stdout.trim()).map(({ code, path }) => `${code} ${path.join('.')}`);
};

test('spectral lint: `400:` and `500:` are one parser error each, and our rules judge the document', () => {
  const at = 'paths./major-creditor-accounts/{id}/header-summary.get.responses';
  expect(lint('hmcts.yaml').sort()).toEqual(
    [
      `parser ${at}.400`,
      `parser ${at}.500`,
      `error-responses-required ${at}`,
      `error-response-examples ${at}.400`,
      `error-response-problem-media-type ${at}.500`,
      `problem-details-schema ${at}.400.content.application/problem+json.schema.properties`,
      `problem-details-schema ${at}.400.content.application/problem+json.schema`,
      'path-version-segment paths./major-creditor-accounts/{id}/header-summary',
    ].sort(),
  );
});

test('spectral lint: a number key that spells no status (`0x190:`) still stops our rules', () => {
  expect(lint('hex.yaml')).toEqual(['parser paths./orders.get.responses.0x190']);
});

test('redocly lint with the plugin gives the same findings on the document with number keys', () => {
  const run = spawnSync(
    process.execPath,
    [join(ROOT, 'scripts/redocly-parity.mjs'), '--json', join(dir, 'hmcts.yaml')],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  const report = JSON.parse(run.stdout) as { findings: number; differences: unknown[] };
  expect(report.findings).toBeGreaterThan(0);
  expect(report.differences).toEqual([]);
}, 300_000);
