/**
 * The baseline in the editor: the Spectral VS Code extension loads `.spectral.yaml` with the
 * bundler's `runtime` preset (as test/e2e.cli.test.ts does it, every fetch refused), and its language
 * server does not run in the workspace folder. The editor shows what CI shows: the baseline's
 * findings are left out, found beside the linted document when the working directory lacks it.
 */
import * as fs from 'node:fs';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Document, Ruleset, Spectral } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { migrateRuleset } from '@stoplight/spectral-ruleset-migrator';
import { bundleRuleset } from '@stoplight/spectral-ruleset-bundler';
import { runtime } from '@stoplight/spectral-ruleset-bundler/presets/runtime';
import { commonjsPlugin, evaluateBundle } from '../../__helpers__/bundle';
import { stdin } from '@stoplight/spectral-ruleset-bundler/plugins/stdin';
import { createHttpAndFileResolver } from '@stoplight/spectral-ref-resolver';
import { simplify } from '../../__helpers__/spectral';
import { ensureBuilt } from '../../__helpers__/built';

const ROOT = resolve(__dirname, '../../..');

describe('loaded as the VS Code extension loads it, offline, with the baseline preset', () => {
  const fetched: string[] = [];
  const refuse = (url: unknown): Promise<never> => {
    fetched.push(String(url));
    return Promise.reject(new Error(`network refused: ${String(url)}`));
  };
  const realFetch = globalThis.fetch;
  const cwd = process.cwd();
  let project: string;
  let elsewhere: string;
  let ruleset: Ruleset;

  const lint = async (name: string) => {
    const file = join(project, 'api', name);
    const spectral = new Spectral({ resolver: createHttpAndFileResolver() });
    spectral.setRuleset(ruleset);
    return simplify(await spectral.run(new Document(readFileSync(file, 'utf8'), Parsers.Yaml, file) as never));
  };

  beforeAll(async () => {
    ensureBuilt();
    project = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-baseline-vscode-'));
    elsewhere = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-elsewhere-'));
    mkdirSync(join(project, 'node_modules'));
    symlinkSync(ROOT, join(project, 'node_modules/spectral-api-conventions'), 'dir');
    for (const folder of ['api', 'registry']) mkdirSync(join(project, folder));
    copyFileSync(join(ROOT, 'fixtures/defects.yaml'), join(project, 'api/defects.yaml'));
    copyFileSync(join(ROOT, 'fixtures/defects-registry.yaml'), join(project, 'api/defects-registry.yaml'));
    copyFileSync(join(ROOT, 'registry/problem-details.yaml'), join(project, 'registry/problem-details.yaml'));
    const rulesetFile = join(project, '.spectral.yaml');
    writeFileSync(rulesetFile, 'extends: ["spectral-api-conventions/baseline"]\n');
    const made = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'baseline', 'api/defects.yaml'], {
      cwd: project,
      encoding: 'utf8',
    });
    expect(made.stderr).toBe('');

    globalThis.fetch = refuse;
    const io = { fs, fetch: refuse as unknown as typeof fetch };
    const migrated = await migrateRuleset(rulesetFile, { format: 'esm', fs, fetch: io.fetch });
    const input = join(project, '.spectral.js');
    const code = await bundleRuleset(input, {
      target: 'runtime',
      format: 'iife',
      plugins: [stdin(migrated, input), ...runtime(io), commonjsPlugin()],
    });
    ruleset = new Ruleset(evaluateBundle(code), { severity: 'recommended', source: rulesetFile });
    // The language server's working directory is not the workspace folder.
    process.chdir(elsewhere);
  }, 120_000);

  afterAll(() => {
    globalThis.fetch = realFetch;
    process.chdir(cwd);
    rmSync(project, { recursive: true, force: true });
    rmSync(elsewhere, { recursive: true, force: true });
  });

  test('nothing is fetched from the network', () => {
    expect(fetched).toEqual([]);
    expect(Object.keys(ruleset.rules)).toEqual(expect.arrayContaining(['baseline-suppressed', 'baseline-invalid']));
  });

  test('the known findings are left out, and the editor says how many', async () => {
    const findings = await lint('defects.yaml');
    expect(findings).toEqual([
      {
        code: 'baseline-suppressed',
        path: [],
        message: expect.stringMatching(/^\d+ known defects suppressed by \.spectral-baseline\.json$/) as unknown,
      },
    ]);
  });

  test('a new defect shows as it is typed', async () => {
    const file = join(project, 'api/defects.yaml');
    const original = readFileSync(file, 'utf8');
    try {
      writeFileSync(file, original.replace("title: 'Not found'", "title: 'Not found'\n                code: 7"));
      const findings = (await lint('defects.yaml')).filter(f => f.code !== 'baseline-suppressed');
      expect(findings.length).toBeGreaterThan(0);
      expect(findings.every(f => f.path.includes('badTitle'))).toBe(true);
    } finally {
      writeFileSync(file, original);
    }
  });
});
