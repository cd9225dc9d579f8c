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
 */
const { TestEnvironment } = require('jest-environment-node');

class MutationEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__spectralOutside__ = id => require(id);
    this.failed = false;
  }

  async handleTestEvent(event) {
    if (process.env.__STRYKER_ACTIVE_MUTANT__ === undefined) return;
    if (event.name === 'test_fn_failure' || event.name === 'hook_failure') this.failed = true;
    else if (event.name === 'test_start' && this.failed) event.test.mode = 'skip';
  }
}

module.exports = MutationEnvironment;
