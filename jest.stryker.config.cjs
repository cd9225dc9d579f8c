/**
 * Jest as Stryker runs it (stryker.config.json, docs/mutation.md): one test file,
 * test/__stryker__/all.stryker.ts, that loads every test file testing the code in its own process
 * into one module registry. Stryker measures per test which mutants a test reaches in its own
 * process (coverageAnalysis perTest) and runs only those tests per mutant; the cost of a mutant run
 * was jest loading the test files (a registry, and Spectral, per file), so they are loaded once.
 * Suites that test the built bin in child processes (test/__stryker__/left-out.json, with the
 * reasons) are left out: code run by a child process is invisible to Stryker.
 */
const base = require('./jest.config.js');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  testMatch: ['<rootDir>/test/__stryker__/all.stryker.ts'],
  reporters: ['default'],
};
