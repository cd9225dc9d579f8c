/**
 * One vocabulary for counts across the commands, through the real tools (node_modules/.bin/spectral
 * and dist/cli.js): a *finding* is what `spectral lint` shows; a *defect* is what one finding may
 * merge several of (one rule, one place: docs/baseline.md, "Findings and defects"), and what the
 * baseline keys. On the defects fixture, where one finding merges several defects, `spectral lint`,
 * `baseline` and `check` print the same number of findings, and the number of defects beside it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureBuilt } from './__helpers__/built';

const ROOT = resolve(__dirname, '..');
const SPECTRAL = join(ROOT, 'node_modules/.bin/spectral');
const CLI = join(ROOT, 'dist/cli.js');
// The defects fixture, as `spectral lint` counts it with this package's rules only.
const FINDINGS = 28;
const ERRORS = 10;
const DEFECTS = 30;

let dir: string;

const run = (command: string, args: string[]) =>
  spawnSync(command, args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, HOME: dir, GIT_CONFIG_NOSYSTEM: '1' },
  });
const git = (...args: string[]): void => {
  const done = run('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args]);
  if (done.status !== 0) throw new Error(`git ${args.join(' ')}: ${done.stderr}`);
};

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-counts-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules/spectral-api-conventions'), 'dir');
  mkdirSync(join(dir, 'api'));
  mkdirSync(join(dir, 'registry'));
  copyFileSync(join(ROOT, 'fixtures/defects-registry.yaml'), join(dir, 'api/defects-registry.yaml'));
  copyFileSync(join(ROOT, 'registry/problem-details.yaml'), join(dir, 'registry/problem-details.yaml'));
  writeFileSync(join(dir, '.spectral.yaml'), 'extends: ["spectral-api-conventions"]\n');
  writeFileSync(join(dir, '.gitignore'), 'node_modules/\n');
  // The merge base has a conforming document; the branch replaces it by the defects fixture.
  copyFileSync(join(ROOT, 'fixtures/openapi-3.1.yaml'), join(dir, 'api/defects.yaml'));
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'conforming');
  git('checkout', '-q', '-b', 'feature');
  writeFileSync(join(dir, 'api/defects.yaml'), readFileSync(join(ROOT, 'fixtures/defects.yaml'), 'utf8'));
  git('commit', '-q', '-am', 'defects');
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('spectral lint shows the findings', () => {
  const done = run(SPECTRAL, ['lint', 'api/defects.yaml']);
  expect(done.stdout).toContain(
    `✖ ${FINDINGS} problems (${ERRORS} errors, ${FINDINGS - ERRORS} warnings, 0 infos, 0 hints)`,
  );
});

test('baseline records the defects and says how many findings they are', () => {
  const done = run(process.execPath, [CLI, 'baseline', 'api/defects.yaml']);
  expect(done.stdout).toBe(
    `.spectral-baseline.json: ${DEFECTS} defects in ${FINDINGS} findings of 1 document recorded\n`,
  );
  rmSync(join(dir, '.spectral-baseline.json'));
});

test('check --since reports the new findings, and the defects they merge', () => {
  const done = run(process.execPath, [CLI, 'check', '--since', 'main', 'api/defects.yaml', '-f', 'json']);
  expect(done.stderr).toMatch(
    new RegExp(
      `^spectral-api-conventions check: ${DEFECTS} new defects in ${FINDINGS} findings, 0 moved and 0 fixed defects ` +
        `since [0-9a-f]{12} \\(the merge base of main and HEAD\\); ${FINDINGS} findings reported, ${ERRORS} at or above ` +
        '--fail-severity error\\n$',
    ),
  );
});

test('docs/baseline.md shows these count lines', () => {
  const page = readFileSync(join(ROOT, 'docs/baseline.md'), 'utf8').replace(/\s+/g, ' ');
  expect(page).toContain(
    `\`baseline\` says \`${DEFECTS} defects in ${FINDINGS} findings of 1 document recorded\` where \`spectral lint\` shows ${FINDINGS} problems`,
  );
});

test('check without --since counts the findings spectral lint shows', () => {
  const done = run(process.execPath, [CLI, 'check', 'api/defects.yaml', '-f', 'json']);
  expect(done.stderr).toBe(
    `spectral-api-conventions check: every finding (no --since); ${FINDINGS} findings reported, ${ERRORS} at or above --fail-severity error\n`,
  );
});
