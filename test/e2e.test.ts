/**
 * End to end, as a user installs and runs it: `npm pack` the package, install the tarball with
 * the Spectral CLI into an empty folder, `extends` it by name from a .spectral.yaml, and run the
 * real `spectral lint` on the fixtures.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { Ruleset, Spectral } from '@stoplight/spectral-core';
import { migrateRuleset } from '@stoplight/spectral-ruleset-migrator';
import { bundleRuleset } from '@stoplight/spectral-ruleset-bundler';
import { runtime } from '@stoplight/spectral-ruleset-bundler/presets/runtime';
import { commonjs } from '@stoplight/spectral-ruleset-bundler/plugins/commonjs';
import { stdin } from '@stoplight/spectral-ruleset-bundler/plugins/stdin';
import { createHttpAndFileResolver } from '@stoplight/spectral-ref-resolver';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CONFORMING, DEFECTS, sorted } from './__helpers__/expected';
import { DEFAULT_DOCS_URL } from '../ruleset';
import { FIXTURES, fixtureDocument, simplify } from './__helpers__/spectral';

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
  const run = spawnSync(join(project, 'node_modules/.bin/spectral'), ['lint', '-f', 'json', '--quiet', ...args], {
    cwd: project,
    encoding: 'utf8',
  });
  const out = run.stdout.trim();
  return { findings: out ? JSON.parse(out) : [], status: run.status, stderr: run.stderr };
}

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-e2e-'));
  const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', project], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .pop()!;
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'e2e', private: true }));
  execFileSync(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      join(project, packed),
      `@stoplight/spectral-cli@${cliVersion}`,
    ],
    { cwd: project, stdio: 'pipe' },
  );
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

describe('CI recipes', () => {
  test('SARIF for code scanning: every result names its rule, and every rule its documentation page', () => {
    const run = spawnSync(
      join(project, 'node_modules/.bin/spectral'),
      ['lint', '-f', 'sarif', '--quiet', join(FIXTURES, 'defects.yaml')],
      { cwd: project, encoding: 'utf8' },
    );
    const sarif = JSON.parse(run.stdout);
    const [only] = sarif.runs;
    const rules = new Map<string, { helpUri?: string }>(
      only.tool.driver.rules.map((rule: { id: string; helpUri?: string }) => [rule.id, rule]),
    );
    expect(only.results).toHaveLength(DEFECTS.length);
    for (const result of only.results) {
      expect(rules.has(result.ruleId)).toBe(true);
      expect(rules.get(result.ruleId)!.helpUri).toBe(DEFAULT_DOCS_URL.replace('{rule}', result.ruleId));
    }
    expect([...rules.keys()].sort()).toEqual(DEFECTS.map(([code]) => code).sort());
    expect(run.status).toBe(1);
  });

  test('--fail-severity: warnings fail the build only when asked to', () => {
    // Beside fixtures/, so that its relative $refs to ../registry/ resolve; removed afterwards.
    const onlyWarnings = join(FIXTURES, '..', 'test', 'e2e-warnings.tmp.yaml');
    fs.writeFileSync(
      onlyWarnings,
      fs
        .readFileSync(join(FIXTURES, 'openapi-3.1.yaml'), 'utf8')
        .replace('/health:', '/status:')
        .replace('https://api.example.com/clinical/labs/v1', 'https://api.example.com'),
    );
    try {
      const lintWith = (...flags: string[]) =>
        spawnSync(join(project, 'node_modules/.bin/spectral'), ['lint', '--quiet', ...flags, onlyWarnings], {
          cwd: project,
          encoding: 'utf8',
        }).status;
      expect(lintWith()).toBe(0);
      expect(lintWith('--fail-severity', 'warn')).toBe(1);
    } finally {
      fs.rmSync(onlyWarnings, { force: true });
    }
  });

  test('.spectral.js with createRuleset({ strict: true }) turns the required-responses findings into errors', () => {
    const dir = mkdtempSync(join(project, 'strict-'));
    writeFileSync(
      join(dir, '.spectral.js'),
      "const { createRuleset } = require('spectral-api-conventions');\nmodule.exports = createRuleset({ strict: true });\n",
    );
    const run = spawnSync(
      join(project, 'node_modules/.bin/spectral'),
      ['lint', '-r', join(dir, '.spectral.js'), '-f', 'json', '--quiet', join(FIXTURES, 'defects.yaml')],
      { cwd: project, encoding: 'utf8' },
    );
    const findings: CliFinding[] = JSON.parse(run.stdout);
    const severity = (code: string) => findings.find(f => f.code === code)?.severity;
    expect(severity('error-responses-required')).toBe(0);
    expect(severity('error-responses-secured')).toBe(0);
    expect(severity('error-response-examples')).toBe(0);
    expect(severity('list-filter-safe-method')).toBe(0);
    expect(severity('problem-example-title')).toBe(1);
    const defaults = spectral(join(FIXTURES, 'defects.yaml')).findings;
    expect(defaults.find(f => f.code === 'error-responses-required')?.severity).toBe(1);
  });
});

/**
 * The Spectral VS Code extension loads `.spectral.yaml` in its language server with the bundler's
 * `runtime` preset: the migrator turns the YAML into a module, rollup bundles it (CommonJS modules
 * through the commonjs plugin, `@stoplight/spectral-*` from the extension itself, any other bare
 * import from a CDN) into an IIFE that is evaluated. With every fetch refused, our package must load
 * and find exactly what the CLI finds.
 */
describe('loaded as the VS Code extension loads it, offline', () => {
  const fetched: string[] = [];
  const refuse = async (url: unknown) => {
    fetched.push(String(url));
    throw new Error(`network refused: ${String(url)}`);
  };
  let ruleset: Ruleset;
  const realFetch = globalThis.fetch;

  beforeAll(async () => {
    globalThis.fetch = refuse as typeof fetch;
    const rulesetFile = join(project, '.spectral.yaml');
    const io = { fs, fetch: refuse as unknown as typeof fetch };
    const migrated = await migrateRuleset(rulesetFile, { format: 'esm', fs, fetch: io.fetch });
    const input = join(project, '.spectral.js');
    const code = await bundleRuleset(input, {
      target: 'runtime',
      format: 'iife',
      plugins: [stdin(migrated, input), ...runtime(io), commonjs()],
    });
    ruleset = new Ruleset(Function(`return ${code}`)(), { severity: 'recommended', source: rulesetFile });
  }, 120_000);

  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  test('nothing is fetched from the network', () => {
    expect(fetched).toEqual([]);
    expect(Object.keys(ruleset.rules)).toHaveLength(DEFECTS.length);
  });

  test.each([...CONFORMING, 'defects.yaml'])('%s: the same findings as the CLI, finding for finding', async name => {
    const spectral = new Spectral({ resolver: createHttpAndFileResolver() });
    spectral.setRuleset(ruleset);
    const inEditor = simplify(await spectral.run(fixtureDocument(name)));
    const cli = spectral_(name);
    expect(inEditor).toEqual(cli);
  });
});

/** The CLI's findings on a fixture, in the form the in-process runs give. */
function spectral_(name: string) {
  return simplify(spectral(join(FIXTURES, name)).findings.map(f => ({ ...f, path: f.path })) as never);
}
