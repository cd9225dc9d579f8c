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
  // Spectral once per worker, and a mutant run stopping at its first failure (the file says why).
  testEnvironment: require('node:path').join(__dirname, 'test/__stryker__/environment.cjs'),
  moduleNameMapper: {
    '^@stoplight/(spectral-(?:core|parsers|ref-resolver|formats|functions|rulesets|runtime))$':
      '<rootDir>/test/__stryker__/outside/$1.cjs',
  },
};
