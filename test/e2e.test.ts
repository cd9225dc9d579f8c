/**
 * End to end, as a user installs and runs it: `npm pack` the package, install the tarball with
 * the Spectral CLI into an empty folder, `extends` it by name from a .spectral.yaml, and run the
 * real `spectral lint` on the fixtures.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CONFORMING, DEFECTS, sorted } from './__helpers__/expected';
import { FIXTURES } from './__helpers__/spectral';

const ROOT = resolve(__dirname, '..');
const cliVersion = require('@stoplight/spectral-cli/package.json').version as string;

let project: string;

interface CliFinding {
  code: string;
  path: string[];
  message: string;
  severity: number;
  source: string;
}

function spectral(...args: string[]): { findings: CliFinding[]; status: number | null; stderr: string } {
  const run = spawnSync(join(project, 'node_modules/.bin/spectral'), ['lint', '-f', 'json', '--quiet', ...args], { cwd: project, encoding: 'utf8' });
  const out = run.stdout.trim();
  return { findings: out ? JSON.parse(out) : [], status: run.status, stderr: run.stderr };
}

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-e2e-'));
  const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', project], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n').pop()!;
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'e2e', private: true }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', join(project, packed), `@stoplight/spectral-cli@${cliVersion}`], { cwd: project, stdio: 'pipe' });
  writeFileSync(join(project, '.spectral.yaml'), 'extends: ["spectral-api-conventions"]\n');
}, 300_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('spectral lint with the installed package', () => {
  test('the tarball ships the bundled ruleset, its types, the docs and the registry', () => {
    const installed = join(project, 'node_modules/spectral-api-conventions');
    expect(readdirSync(join(installed, 'dist'))).toEqual(expect.arrayContaining(['ruleset.js', 'ruleset.d.ts']));
    expect(readdirSync(join(installed, 'docs/rules')).length).toBeGreaterThanOrEqual(26);
    expect(readdirSync(join(installed, 'registry'))).toContain('problem-details.yaml');
  });

  test.each(CONFORMING)('%s lints with zero findings', name => {
    const { findings, status, stderr } = spectral(join(FIXTURES, name));
    expect(stderr).toBe('');
    expect(findings).toEqual([]);
    expect(status).toBe(0);
  });

  test('the defects document gives each rule its finding at its known place, and nothing else', () => {
    const { findings, status } = spectral(join(FIXTURES, 'defects.yaml'));
    expect(sorted(findings.map(f => [f.code, f.path.join('.')] as [string, string]))).toEqual(sorted(DEFECTS));
    expect(findings.every(f => f.source === join(FIXTURES, 'defects.yaml'))).toBe(true);
    expect(status).toBe(1);
  });
});
