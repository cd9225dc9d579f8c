/**
 * Jest as Stryker runs it (stryker.config.json, docs/mutation.md): the project's config without the
 * suites that test the built bin in child processes. Stryker measures per test which mutants a test
 * reaches in its own process (coverageAnalysis perTest); code run by a child process (dist/cli.js,
 * `spectral lint` loading dist/ruleset.js) is invisible to it, so these suites would kill almost
 * nothing and only add their minutes to every run.
 */
const base = require('./jest.config.js');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  // The whole project, so that Stryker's related-test search (jest --findRelatedTests) follows a
  // test's imports through ruleset.ts and manifest.ts to the mutated file; tests still only in test/.
  roots: ['<rootDir>'],
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  reporters: ['default'],
  testPathIgnorePatterns: [
    '/node_modules/',
    '<rootDir>/test/e2e.test.ts',
    '<rootDir>/test/package.test.ts',
    '<rootDir>/test/baseline.test.ts',
    '<rootDir>/test/baseline-vscode.test.ts',
    '<rootDir>/test/debug-twin.test.ts',
    '<rootDir>/test/lint-script.test.ts',
    '<rootDir>/test/fix/cli.test.ts',
    // Checks the documentation against the sources with `git ls-files`, which sees nothing in
    // Stryker's sandbox (a git-ignored folder); it tests no behaviour of functions/ or cli/.
    '<rootDir>/test/docs.test.ts',
  ],
};
