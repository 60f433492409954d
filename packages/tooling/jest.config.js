'use strict';
module.exports = require('./jest/preset.js')(__dirname);
