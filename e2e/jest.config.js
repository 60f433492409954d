'use strict';
// Browser journeys (Playwright driving Debian's Chromium) against the embedded stack, run by the
// root `npm test` / `make test` as the project `e2e`. One journey file at a time (serial runner):
// each starts its own stack and browser, and they must not compete for two CPU cores.
const preset = require('../packages/tooling/jest/preset.js')(__dirname);

module.exports = {
  ...preset,
  displayName: 'e2e',
  testMatch: ['<rootDir>/journeys/**/*.e2e.test.ts'],
  runner: '<rootDir>/support/serial-runner.js',
  setupFilesAfterEnv: ['<rootDir>/support/jest-setup.ts'],
};
