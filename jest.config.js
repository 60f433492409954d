'use strict';
// One root command for every workspace's tests; each workspace keeps its own jest.config.js.
const fs = require('node:fs');
const path = require('node:path');

const workspaceDirs = ['packages', 'services']
  .flatMap((group) =>
    fs.existsSync(path.join(__dirname, group))
      ? fs.readdirSync(path.join(__dirname, group)).map((name) => path.join(group, name))
      : [],
  )
  .concat(['web', 'tools', 'e2e'])
  .filter(
    (dir) =>
      fs.existsSync(path.join(__dirname, dir, 'jest.config.js')) ||
      fs.existsSync(path.join(__dirname, dir, 'jest.config.cjs')),
  );

module.exports = {
  projects: workspaceDirs.map((dir) => `<rootDir>/${dir}`),
  reporters: ['default', '<rootDir>/packages/tooling/jest/summary-reporter.js'],
  globalSetup: '<rootDir>/packages/tooling/jest/global-setup.js',
  globalTeardown: '<rootDir>/packages/tooling/jest/global-teardown.js',
};
