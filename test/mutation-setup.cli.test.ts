/**
 * The mutation-testing setup (docs/mutation.md): Stryker runs every in-process test file through one
 * aggregate, test/__stryker__/all.stryker.ts, which loads for a mutant only the files holding the
 * tests Stryker asks for. A mistake there makes mutants survive that the tests would kill, so it is
 * checked here with the real jest, as Stryker calls it: a `testNamePattern` of escaped test ids.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const JEST = join(ROOT, 'node_modules/jest/bin/jest.js');
const { leftOut } = JSON.parse(readFileSync(join(ROOT, 'test/__stryker__/left-out.json'), 'utf8')) as {
  leftOut: Record<string, string>;
};
/** Stryker's escaping of a test id (@stryker-mutator/util escapeRegExp). */
const escape = (id: string): string => id.replace(/[.*+\-?^${}()|[\]\\]/g, '\\$&');

const runAggregate = (ids: string[]) =>
  spawnSync(
    process.execPath,
    [JEST, '-c', 'jest.stryker.config.cjs', '--json', '-t', ids.map(id => `(${escape(id)})`).join('|')],
    { cwd: ROOT, encoding: 'utf8' },
  );
const results = (stdout: string): { status: string; fullName: string }[] =>
  (
    JSON.parse(stdout) as { testResults: { assertionResults: { status: string; fullName: string }[] }[] }
  ).testResults.flatMap(file => file.assertionResults);

/** The test environment of mutation runs (test/__stryker__/environment.cjs). */
const MutationEnvironment = require('./__stryker__/environment.cjs') as new (
  config: unknown,
  context: unknown,
) => { handleTestEvent(event: { name: string; test?: { mode?: string } }): Promise<void> };
const environment = () =>
  new MutationEnvironment(
    { projectConfig: { testEnvironmentOptions: {}, globals: {} }, globalConfig: {} },
    { console, docblockPragmas: {}, testPath: __filename },
  );
/** The modes of three tests run one after the other, the first failing. */
async function modesAfterAFailure(): Promise<(string | undefined)[]> {
  const env = environment();
  const tests = [{}, {}, {}] as { mode?: string }[];
  await env.handleTestEvent({ name: 'test_start', test: tests[0] });
  await env.handleTestEvent({ name: 'test_fn_failure', test: tests[0] });
  for (const test of tests.slice(1)) await env.handleTestEvent({ name: 'test_start', test });
  return tests.map(test => test.mode);
}

describe('the mutation-testing environment', () => {
  const active = process.env.__STRYKER_ACTIVE_MUTANT__;
  afterEach(() => {
    if (active === undefined) delete process.env.__STRYKER_ACTIVE_MUTANT__;
    else process.env.__STRYKER_ACTIVE_MUTANT__ = active;
  });

  test('a mutant run skips every test after the first failure: one failure kills the mutant', async () => {
    process.env.__STRYKER_ACTIVE_MUTANT__ = '7';
    expect(await modesAfterAFailure()).toEqual([undefined, 'skip', 'skip']);
  });

  test('in the dry run, the mutants a child process of a test reached count as reached by that test', async () => {
    const saved = { ...process.env };
    process.env.STRYKER_MUTATOR_WORKER = '1';
    delete process.env.__STRYKER_ACTIVE_MUTANT__;
    try {
      const env = environment() as unknown as {
        global: { __stryker__?: unknown };
        handleTestEvent(event: { name: string }): Promise<void>;
      };
      expect(process.env.NODE_OPTIONS).toContain(join(ROOT, 'test/__stryker__/child-coverage.cjs'));
      const stryker = {
        currentTestId: 'the test',
        mutantCoverage: { static: {}, perTest: { 'the test': { '4': 1 } } },
      };
      env.global.__stryker__ = stryker;
      // A child that ran instrumented code: such code counts what it reaches in this global, under
      // `static` when no test id is set (a child has none).
      const child = spawnSync(
        process.execPath,
        ['-e', "globalThis.__stryker__ = { mutantCoverage: { static: { '4': 2, '9': 1 }, perTest: {} } }"],
        // This process.env is the test's copy (as a suite's is), which the environment changed.
        { encoding: 'utf8', env: process.env },
      );
      expect(child.status).toBe(0);
      await env.handleTestEvent({ name: 'test_done' });
      expect(stryker.mutantCoverage.perTest).toEqual({ 'the test': { '4': 3, '9': 1 } });
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });

  test('the dry run (no active mutant) runs every test: it measures which test reaches which mutant', async () => {
    delete process.env.__STRYKER_ACTIVE_MUTANT__;
    expect(await modesAfterAFailure()).toEqual([undefined, undefined, undefined]);
  });
});

describe('the mutation-testing aggregate', () => {
  test('every test file it leaves out exists, with its reason', () => {
    for (const [file, reason] of Object.entries(leftOut)) {
      expect(existsSync(join(ROOT, 'test', file))).toBe(true);
      expect(reason.length).toBeGreaterThan(20);
    }
  });

  test('a pattern of escaped test ids from two files loads those two files and runs exactly those tests', () => {
    const ids = [
      'rules/path-version-segment.test.ts rule path-version-segment no servers: the path keys carry the whole path; "/" alone is exempt',
      'lib/http.test.ts a 404 response and an example of status 400: "404"',
    ];
    const run = runAggregate(ids);
    expect(run.stderr).not.toMatch(/Test suite failed to run/);
    const tests = results(run.stdout);
    expect(
      tests
        .filter(test => test.status === 'passed')
        .map(test => test.fullName)
        .sort(),
    ).toEqual([...ids].sort());
    // Only the two files were loaded: every other test jest saw (and skipped) is one of theirs.
    const files = new Set(tests.map(test => test.fullName.slice(0, test.fullName.indexOf(' '))));
    expect([...files].sort()).toEqual(['lib/http.test.ts', 'rules/path-version-segment.test.ts']);
  });
});
