const { availableParallelism } = require('node:os');

/** @type {import('jest').Config} */
module.exports = {
  // Two workers at least: jest's default (one less than the cores) runs the suites one after another
  // on a two-core machine, 354 s against 223 s measured; half the suites wait on child processes.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // The packed tarball installed into empty projects (test/e2e.cli.test.ts, about 100 s of a worker) is
  // its own step: \`npm run test:e2e\`, run by .ci/run; \`npm test\` stays within five minutes on two cores.
  testPathIgnorePatterns:
    process.env.E2E === '1' ? ['/node_modules/'] : ['/node_modules/', '/test/e2e\\.cli\\.test\\.ts$'],
  setupFiles: ['<rootDir>/test/__helpers__/setup.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { diagnostics: false }],
  },
  reporters: ['default', '<rootDir>/test/__helpers__/summary-reporter.js'],
  testTimeout: 120000,
};
