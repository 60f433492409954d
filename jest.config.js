'use strict';
// One root command for every workspace's tests; each workspace keeps its own jest.config.js.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const workspaceDirs = ['packages', 'services']
  .flatMap((group) =>
    fs.existsSync(path.join(__dirname, group))
      ? fs.readdirSync(path.join(__dirname, group)).map((name) => path.join(group, name))
      : [],
  )
  .concat(['web', 'tools', 'e2e', 'k8s'])
  .filter(
    (dir) =>
      fs.existsSync(path.join(__dirname, dir, 'jest.config.js')) ||
      fs.existsSync(path.join(__dirname, dir, 'jest.config.cjs')),
  );

module.exports = {
  // Two test files at a time even on two cores (jest's default there is one): most suites wait on sockets,
  // child processes and timers, not the CPU. Browser journeys keep their serial runner (e2e/jest.config.js).
  maxWorkers: Math.max(2, os.cpus().length - 1),
  projects: workspaceDirs.map((dir) => `<rootDir>/${dir}`),
  reporters: ['default', '<rootDir>/packages/tooling/jest/summary-reporter.js'],
  globalSetup: '<rootDir>/packages/tooling/jest/global-setup.js',
  globalTeardown: '<rootDir>/packages/tooling/jest/global-teardown.js',
};
