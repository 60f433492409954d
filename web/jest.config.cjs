'use strict';
// The web app's component and client tests: jsdom, React through swc's automatic runtime.
const preset = require('@kadr/tooling/jest-preset')(__dirname);

module.exports = {
  ...preset,
  testEnvironment: 'jsdom',
  testEnvironmentOptions: { customExportConditions: ['kadr-source', 'browser', 'require', 'default'] },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
  setupFilesAfterEnv: ['<rootDir>/src/test-support/setup.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: { '\\.(css)$': '<rootDir>/src/test-support/style-stub.cjs' },
};
