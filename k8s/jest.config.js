'use strict';
module.exports = require('../packages/tooling/jest/preset.js')(__dirname);
