'use strict';
module.exports = require('@kadr/tooling/jest-preset')(__dirname);
