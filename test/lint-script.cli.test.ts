/**
 * `npm run lint`, the README's first command, run as a user runs it: from the user's own folder,
 * with `spectral lint`'s arguments in any order. It must never write a document, must fail as
 * Spectral fails on a missing file, and must give clean reports.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseFindings, readSarif } from './__helpers__/json';

const ROOT = resolve(__dirname, '..');
const EXAMPLE = join(ROOT, 'fixtures/openapi-3.1.yaml');
const CLI = join(ROOT, 'node_modules/@stoplight/spectral-cli/dist/index.js');

let folder: string;
let api: string;

/** `npm run lint -- <args>` started in the user's folder (INIT_CWD), with npm's own banner unless `silent`. */
function npmLint(args: string[], { silent = false } = {}) {
  return spawnSync('npm', ['--prefix', ROOT, 'run', ...(silent ? ['--silent'] : []), 'lint', '--', ...args], {
    cwd: folder,
    encoding: 'utf8',
  });
}

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'lint-script-'));
  // A document with one known defect (no version segment in /status) and no relative $refs.
  api = join(folder, 'api.yaml');
  writeFileSync(
    api,
    [
      'openapi: 3.1.0',
      'info: { title: Status, version: 1.0.0 }',
      'paths:',
      '  /status:',
      '    get:',
      '      responses:',
      "        '200': { description: OK }",
      '',
    ].join('\n'),
  );
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

test('a report written with -o goes to its file, and the document is never written, however often it runs', () => {
  const before = readFileSync(api);
  for (const format of ['json', 'json', 'sarif', 'sarif']) {
    const report = `report.${format}`;
    const run = npmLint(['api.yaml', '-f', format, '-o', report]);
    expect(run.status).toBe(0); // warnings only, and Spectral fails on errors by default
    expect(readFileSync(api)).toEqual(before);
    const written = readFileSync(join(folder, report), 'utf8');
    if (format === 'json') expect(parseFindings(written).map(f => f.code)).toContain('path-version-segment');
    else expect(readSarif(join(folder, report)).runs[0].results.map(r => r.ruleId)).toContain('path-version-segment');
  }
});

test('flags before the document, and output redirected with npm --silent, give clean JSON', () => {
  const run = npmLint(['-f', 'json', '--fail-severity', 'warn', 'api.yaml'], { silent: true });
  expect(run.status).toBe(1);
  const findings = parseFindings(run.stdout);
  expect(findings.every(f => f.source === api)).toBe(true);
  expect(findings.map(f => f.code)).toContain('error-responses-required');
});

test('-r names the ruleset: ours is not added beside it', () => {
  writeFileSync(
    join(folder, 'only-versions.yaml'),
    ['extends: ["' + join(ROOT, 'dist/ruleset.js') + '"]', 'rules:', '  error-responses-required: off', ''].join('\n'),
  );
  const run = npmLint(['-r', 'only-versions.yaml', '-f', 'json', 'api.yaml'], { silent: true });
  const codes = parseFindings(run.stdout).map(f => f.code);
  expect(codes).toContain('path-version-segment');
  expect(codes).not.toContain('error-responses-required');
});

test("a mistyped document is Spectral's own error and exit code, not a lint of the example", () => {
  const ours = npmLint(['my-api-typo.yaml'], { silent: true });
  const spectrals = spawnSync(
    process.execPath,
    [CLI, 'lint', '--ruleset', join(ROOT, '.spectral.yaml'), 'my-api-typo.yaml'],
    { cwd: folder, encoding: 'utf8' },
  );
  expect(spectrals.status).toBe(2);
  expect(ours.status).toBe(spectrals.status);
  expect(ours.stdout + ours.stderr).toContain('No files found to lint');
});

test('without a document, the bundled example is linted, clean', () => {
  // --quiet: without it Spectral adds "No results with a severity of 'error' found!" after the JSON.
  const run = npmLint(['-f', 'json', '--quiet', '--fail-severity', 'hint'], { silent: true });
  expect(run.status).toBe(0);
  expect(JSON.parse(run.stdout)).toEqual([]);
  const named = npmLint(['-q', '-f', 'json', '--fail-severity', 'hint', EXAMPLE], { silent: true });
  expect(named.stdout).toBe(run.stdout);
});

test('dist/ is rebuilt when a source is newer than it, before linting', () => {
  // In a copy of the sources, with dist/ of its own: making this repository's dist/ stale would
  // have every suite running beside this one rebuild it meanwhile.
  const copy = mkdtempSync(join(tmpdir(), 'lint-script-rebuild-'));
  try {
    for (const name of [
      ...['ruleset.ts', 'manifest.ts', 'redocly', 'package.json'],
      '.spectral.yaml',
      ...['tsconfig.json', 'tsconfig.build.json', 'functions', 'cli', 'scripts'],
    ])
      cpSync(join(ROOT, name), join(copy, name), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    cpSync(join(ROOT, 'dist'), join(copy, 'dist'), { recursive: true });
    const lint = () =>
      spawnSync('npm', ['--prefix', copy, 'run', '--silent', 'lint', '--', '-f', 'json', 'api.yaml'], {
        cwd: folder,
        encoding: 'utf8',
      });
    const built = join(copy, 'dist/ruleset.js');
    const sourceTime = statSync(join(copy, 'functions/lib/json.ts')).mtime;
    const past = new Date(sourceTime.getTime() - 60_000);
    utimesSync(built, past, past);
    const run = lint();
    expect(parseFindings(run.stdout).map(f => f.code)).toContain('path-version-segment');
    expect(statSync(built).mtimeMs).toBeGreaterThan(sourceTime.getTime());
    // Now newer than every source: no rebuild, the file is left as it is.
    const mtime = statSync(built).mtimeMs;
    expect(parseFindings(lint().stdout).map(f => f.code)).toContain('path-version-segment');
    expect(statSync(built).mtimeMs).toBe(mtime);
    // manifest.ts is a source too (rule metadata): an edit to it alone rebuilds.
    utimesSync(join(copy, 'manifest.ts'), new Date(mtime + 60_000), new Date(mtime + 60_000));
    lint();
    expect(statSync(built).mtimeMs).toBeGreaterThan(mtime);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}, 120_000);

test("the README's defects command, as written: every rule fires, problem-registry-shape in the registry and the others in defects.yaml", () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const line =
    /^npm run lint -- (fixtures\/defects\.yaml fixtures\/defects-registry\.yaml) +# every rule fires; problem-registry-shape in the registry$/m.exec(
      readme,
    );
  expect(line).not.toBeNull();
  const run = spawnSync('npm', ['run', '--silent', 'lint', '--', ...line![1].split(' '), '-f', 'json', '-q'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const findings = parseFindings(run.stdout);
  const where = (file: string) =>
    new Set(findings.filter(f => f.source.endsWith(`/fixtures/${file}`)).map(f => f.code));
  const built = require(join(ROOT, 'dist/ruleset.js')) as typeof import('../ruleset');
  const ids = Object.keys(built.createRuleset().rules);
  expect(ids.length).toBeGreaterThan(20);
  expect(ids.filter(id => id !== 'problem-registry-shape' && !where('defects.yaml').has(id))).toEqual([]);
  expect([...where('defects-registry.yaml')]).toEqual(['problem-registry-shape']);
  expect(where('defects.yaml').has('problem-registry-shape')).toBe(false);
});
