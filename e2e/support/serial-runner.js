'use strict';
// jest's own runner, marked serial: jest then runs these test files one after another (in band)
// instead of spreading them over workers — the project-level equivalent of `maxWorkers: 1`,
// which jest only offers for a whole run.
const TestRunner = require('jest-runner').default;

class SerialRunner extends TestRunner {
  // A field, not a getter: the base class declares `isSerial` as a field, which would shadow a getter.
  isSerial = true;
}

module.exports = SerialRunner;
