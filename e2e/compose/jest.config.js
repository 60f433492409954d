'use strict';
// The compose journeys (journey + drills) against a running docker compose stack: run only by
// the compose CI stage, `npx jest -c e2e/compose/jest.config.js`, with KADR_COMPOSE_BASE_URL set.
// Not a project of the root jest config (it lists e2e/, whose journeys match e2e/journeys/ only),
// so `npm test` never runs them. Serial: the drills stop and restart the one shared stack.
const preset = require('../../packages/tooling/jest/preset.js')(__dirname);

module.exports = {
  ...preset,
  displayName: 'e2e-compose',
  testMatch: ['<rootDir>/**/*.compose.test.ts'],
  // The journey first (it asserts the demo user's first sign-in on a fresh stack), then the drills.
  testSequencer: '<rootDir>/journey-first-sequencer.js',
  runner: '<rootDir>/../support/serial-runner.js',
  maxWorkers: 1,
  // A whole run of this config: jest reads testTimeout here (each test also sets its own).
  testTimeout: 600_000,
  // The root's reporters: the summary lists a skipped suite with its reason on one line.
  reporters: ['default', '<rootDir>/../../packages/tooling/jest/summary-reporter.js'],
  setupFilesAfterEnv: ['<rootDir>/../support/jest-setup.ts', '<rootDir>/jest-setup.ts'],
};
