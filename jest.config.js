const { availableParallelism } = require('node:os');

/** @type {import('jest').Config} */
module.exports = {
  // Two workers at least: jest's default (one less than the cores) runs the suites one after another
  // on a two-core machine, 354 s against 223 s measured; half the suites wait on child processes.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  // Two sets of suites. `npm test`: every suite that runs the code in its own process (each command
  // too, run in-process by test/cli/<command>/command.test.ts), within five minutes on two cores.
  // `npm run test:cli` (JEST_SUITES=cli), a step of .ci/run: the suites that run the built CLI, the
  // bundle or the packed tarball in child processes (*.cli.test.ts), about ten minutes of a worker.
  testMatch: process.env.JEST_SUITES === 'cli' ? ['**/*.cli.test.ts'] : ['**/*.test.ts'],
  testPathIgnorePatterns:
    process.env.JEST_SUITES === 'cli' ? ['/node_modules/'] : ['/node_modules/', '\\.cli\\.test\\.ts$'],
  setupFiles: ['<rootDir>/test/__helpers__/setup.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { diagnostics: false }],
  },
  reporters: ['default', '<rootDir>/test/__helpers__/summary-reporter.js'],
  testTimeout: 120000,
};
