/**
 * The test environment of mutation runs only (jest.stryker.config.cjs, docs/mutation.md): Node's,
 * with two savings that change no verdict.
 *
 * - Spectral is loaded once per Stryker worker, not once per mutant. Jest gives every run a fresh
 *   module registry, so each mutant run loaded Spectral again (about 0.3 s). Imports of Spectral's
 *   packages are mapped (moduleNameMapper) to test/__stryker__/outside/, which hands out the copy in
 *   Node's own module cache, through the `require` this file is loaded with. Spectral is not mutated,
 *   so one copy serves every mutant; the bundler, which evaluates the built ruleset (mutated code),
 *   stays inside jest's registry.
 * - A mutant run stops at its first failing test: a mutant is killed by one failure, and jest's own
 *   bail stops only between test files, while the aggregate (all.stryker.ts) is one file. The dry
 *   run, which measures which test reaches which mutant, runs every test.
 *
 * And one addition, so that a mutant reached only in a child process is run at all: in the dry run,
 * every Node process a test starts is preloaded with child-coverage.cjs, which records the mutants
 * the child reached (the Redocly plugin, bundled from the mutated sources, run by the real `redocly`
 * CLI); when the test ends they are added to that test's coverage. In a mutant run the child inherits
 * the active mutant through the environment (`__STRYKER_ACTIVE_MUTANT__`), as Stryker sets it.
 */
const { mkdirSync, readdirSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

const CHILD_COVERAGE = join(tmpdir(), `stryker-child-coverage-${process.pid}`);
const PRELOAD = `--require ${join(__dirname, 'child-coverage.cjs')}`;

/** Adds the coverage the children of the test that is ending recorded to that test's. */
function collectChildCoverage(stryker) {
  let names = [];
  try {
    names = readdirSync(CHILD_COVERAGE);
  } catch {
    return;
  }
  const test = stryker && stryker.currentTestId;
  const coverage = stryker && stryker.mutantCoverage;
  for (const name of names) {
    const file = join(CHILD_COVERAGE, name);
    const child = JSON.parse(readFileSync(file, 'utf8'));
    rmSync(file, { force: true });
    if (!test || !coverage) continue;
    const into = (coverage.perTest[test] = coverage.perTest[test] || {});
    for (const counts of [child.static, ...Object.values(child.perTest || {})])
      for (const [id, count] of Object.entries(counts || {})) into[id] = (into[id] || 0) + count;
  }
}

class MutationEnvironment extends TestEnvironment {
  constructor(config, context) {
    // Before super(): the test's process.env is a copy of this one, made there.
    // Stryker's dry run only: a worker of Stryker's (STRYKER_MUTATOR_WORKER) with no mutant active.
    if (process.env.STRYKER_MUTATOR_WORKER !== undefined && process.env.__STRYKER_ACTIVE_MUTANT__ === undefined) {
      mkdirSync(CHILD_COVERAGE, { recursive: true });
      process.env.STRYKER_CHILD_COVERAGE = CHILD_COVERAGE;
      const options = process.env.NODE_OPTIONS || '';
      if (!options.includes(PRELOAD)) process.env.NODE_OPTIONS = `${options} ${PRELOAD}`.trim();
    }
    super(config, context);
    this.global.__spectralOutside__ = id => require(id);
    this.failed = false;
  }

  async handleTestEvent(event) {
    if (event.name === 'test_done') collectChildCoverage(this.global.__stryker__);
    if (process.env.__STRYKER_ACTIVE_MUTANT__ === undefined) return;
    if (event.name === 'test_fn_failure' || event.name === 'hook_failure') this.failed = true;
    else if (event.name === 'test_start' && this.failed) event.test.mode = 'skip';
  }
}

module.exports = MutationEnvironment;
