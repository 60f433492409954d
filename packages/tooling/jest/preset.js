'use strict';
// Shared jest settings for every workspace: TypeScript through swc (no type-checking here;
// `npm run typecheck` does that once for the whole repo) and the `kadr-source` export
// condition so workspace packages resolve to their TypeScript sources.
const path = require('node:path');

/** @param {string} dir the workspace folder (pass __dirname) */
module.exports = function jestPreset(dir) {
  const name = path.basename(dir);
  return {
    displayName: name,
    rootDir: dir,
    testEnvironment: 'node',
    testEnvironmentOptions: { customExportConditions: ['kadr-source', 'node', 'require', 'default'] },
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts', '<rootDir>/*/test/**/*.test.ts'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' },
          module: { type: 'commonjs' },
        },
      ],
    },
    // ESM-only dependencies are compiled to CommonJS for jest (Node runs them through require(esm),
    // jest's module registry cannot). The second group is oidc-provider (the gateway's development
    // identity provider) and the ESM-only packages it loads.
    transformIgnorePatterns: [
      '/node_modules/(?!(' +
        ['jose', 'openid-client', 'oauth4webapi'].join('|') +
        '|' +
        [
          'oidc-provider',
          'got',
          '@sindresorhus/is',
          '@szmarczak/http-timer',
          'cacheable-lookup',
          'cacheable-request',
          'mimic-response',
          'normalize-url',
          'responselike',
          'lowercase-keys',
          'form-data-encoder',
          'p-cancelable',
          'nanoid',
          'quick-lru',
        ].join('|') +
        ')/)',
    ],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    clearMocks: true,
  };
};
