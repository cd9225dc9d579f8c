/**
 * The built Redocly CLI plugin (dist/redocly.js) gives the findings Spectral gives: both engines, for
 * real, on every fixture, every golden document and documents with `$ref` cycles, through
 * scripts/redocly-parity.mjs (which compares rule, file, JSON pointer, message and line) as
 * `npm run test:redocly-corpus` runs it on the corpus. The adapter's own behaviour, case by case,
 * is test/redocly/adapter.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { putFiles } from '../__helpers__/in-process';
import { CYCLES } from '../__helpers__/cycles';
import { FIXTURES } from '../__helpers__/spectral';
import { MULTI_FILE } from '../__helpers__/multi-file';

const ROOT = resolve(__dirname, '../..');
const GOLDEN = join(ROOT, 'test/cli/fix/golden');

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-cycles-'));
  for (const [name, text] of Object.entries(CYCLES)) writeFileSync(join(folder, name), text);
  for (const [name, files] of Object.entries(MULTI_FILE)) putFiles(join(folder, name), files);
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const documents = (): string[] => [
  ...readdirSync(FIXTURES)
    .filter(name => /\.(ya?ml|json)$/.test(name))
    .map(name => join(FIXTURES, name)),
  ...readdirSync(join(FIXTURES, 'registry-single')).map(name => join(FIXTURES, 'registry-single', name)),
  ...readdirSync(GOLDEN)
    .filter(name => /\.before\.(ya?ml|json)$/.test(name))
    .map(name => join(GOLDEN, name)),
  // Multi-file descriptions: linted from their roots, findings about the other files included.
  ...Object.keys(MULTI_FILE).map(name => join(folder, name, 'openapi.yaml')),
  join(FIXTURES, 'multi-file/dependency-track/openapi.yaml'),
  join(FIXTURES, 'multi-file/digitalocean/DigitalOcean-public.v2.yaml'),
  // Last: Redocly ends its run at cycles-registry.yaml, which is not a description of its own.
  ...Object.keys(CYCLES).map(name => join(folder, name)),
];

interface Difference {
  document: string;
  spectral: unknown;
  redocly: unknown;
}

test('redocly lint with the plugin gives every finding spectral lint gives, at the same place, and no other', () => {
  const files = documents();
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts/redocly-parity.mjs'), '--json', ...files], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const report = JSON.parse(run.stdout) as { documents: number; findings: number; differences: Difference[] };
  expect(report.documents).toBe(files.length);
  // A comparison that compares nothing could not fail: the documents hold findings of every rule.
  expect(report.findings).toBeGreaterThan(80);
  expect(report.differences).toEqual([]);
});
