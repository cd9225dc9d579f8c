/**
 * Mutation runs only: preloaded (NODE_OPTIONS, set by test/__stryker__/environment.cjs in the dry
 * run) into every Node process a test starts. When the process ran code Stryker instrumented (the
 * Redocly plugin bundled from the sandbox's sources, test/__helpers__/redocly.ts), it writes which
 * mutants that code reached to the folder the environment reads when the test ends, so that they
 * count as reached by that test. Without this, Stryker sees only the test's own process and reports
 * the plugin's mutants as covered by no test.
 */
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');

process.on('exit', () => {
  const folder = process.env.STRYKER_CHILD_COVERAGE;
  const coverage = globalThis.__stryker__ && globalThis.__stryker__.mutantCoverage;
  if (!folder || !coverage) return;
  try {
    writeFileSync(join(folder, `${process.pid}-${Date.now()}.json`), JSON.stringify(coverage));
  } catch {
    // The folder is gone: the test has ended, and its coverage with it.
  }
});
