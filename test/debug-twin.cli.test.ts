/**
 * dist/ruleset.debug.js, the debugging twin of the shipped dist/ruleset.js: the real `spectral lint`
 * gives the same findings with either file, and a stack trace through the twin names our source
 * files and lines (its inline source map points into ruleset.ts and functions/).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createRuleset } from '../ruleset';
import { CONFORMING, DEFECTS } from './__helpers__/expected';
import { ensureBuilt } from './__helpers__/built';
import { FIXTURES } from './__helpers__/spectral';

const ROOT = resolve(__dirname, '..');
const TWIN = join(ROOT, 'dist/ruleset.debug.js');
const SPECTRAL = join(ROOT, 'node_modules/.bin/spectral');

let project: string;

beforeAll(() => {
  ensureBuilt();
  // A project with the package installed (as a link to this repository), as a user has it.
  project = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-debug-'));
  mkdirSync(join(project, 'node_modules'));
  symlinkSync(ROOT, join(project, 'node_modules/spectral-api-conventions'), 'dir');
}, 120_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

interface CliFinding {
  code: string;
  path: string[];
  message: string;
  severity: number;
  source: string;
  range: unknown;
}

/** `spectral lint -f json` with a .spectral.yaml extending `entry`, on fixtures; the findings sorted. */
function lintWith(entry: string, documents: string[], env: NodeJS.ProcessEnv = {}): CliFinding[] {
  writeFileSync(join(project, '.spectral.yaml'), `extends: [${JSON.stringify(entry)}]\n`);
  const run = spawnSync(SPECTRAL, ['lint', '-f', 'json', '--quiet', ...documents.map(d => join(FIXTURES, d))], {
    cwd: project,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (run.status !== 0 && run.status !== 1) throw new Error(`spectral lint exited ${run.status}: ${run.stderr}`);
  const findings = JSON.parse(run.stdout.trim() || '[]') as CliFinding[];
  return findings.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
}

test('the real CLI gives the same findings with the twin as with the shipped file (defects and conforming fixtures)', () => {
  const documents = ['defects.yaml', ...CONFORMING];
  const shipped = lintWith('spectral-api-conventions', documents);
  const twin = lintWith('spectral-api-conventions/dist/ruleset.debug.js', documents);
  expect(shipped.map(f => [f.code, f.path.join('.'), f.message]).sort()).toEqual(DEFECTS.slice().sort());
  expect(twin).toEqual(shipped);
}, 120_000);

test('the twin is readable code with an inline source map into ruleset.ts and every rule function', () => {
  const text = readFileSync(TWIN, 'utf8');
  // The function body is the last argument of `new Function(…)`, written as a JSON string.
  const body = JSON.parse(
    text.slice(text.indexOf('new Function('), text.lastIndexOf(')(')).split(', ').slice(3).join(', '),
  ) as string;
  expect(body.split('\n').length).toBeGreaterThan(1000);
  const inline = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)/.exec(body);
  expect(inline).not.toBeNull();
  const map = JSON.parse(Buffer.from(inline![1], 'base64').toString('utf8')) as { sources: string[] };
  const rules = Object.keys(createRuleset().rules);
  expect(map.sources).toEqual(
    expect.arrayContaining(['../ruleset.ts', '../functions/lib/rule.ts', ...rules.map(id => `../functions/${id}.ts`)]),
  );
  expect(body).toMatch(/\/\/# sourceURL=spectral-api-conventions\/dist\/ruleset\.debug\.js$/);
});

test('with --enable-source-maps, a stack trace through the twin names our files and lines', () => {
  const options = readFileSync(join(ROOT, 'functions/lib/options.ts'), 'utf8').split('\n');
  const throwLine = options.findIndex(line => line.includes('throw new TypeError(')) + 1;
  const run = spawnSync(
    process.execPath,
    [
      '--enable-source-maps',
      '-e',
      `try { require(${JSON.stringify(TWIN)}).createRuleset({ strict: 'yes' }) } catch (e) { console.log(e.stack) }`,
    ],
    { cwd: project, encoding: 'utf8' },
  );
  expect(run.stdout).toContain('option "strict" must be true or false');
  expect(run.stdout).toMatch(new RegExp(`functions/lib/options\\.ts:${throwLine}:\\d+`));
  expect(run.stdout).toMatch(/ruleset\.ts:\d+:\d+/);
  expect(run.stdout).not.toMatch(/ruleset\.debug\.js/);
});
