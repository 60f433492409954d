'use strict';
// The web image's container test, on its own: node (fetch), not the web project's jsdom, and never
// part of the web project's run (its testMatch is src/ only). Needs a running image:
//   KADR_WEB_IMAGE_URL=http://127.0.0.1:8080 npx jest -c web/test/container/jest.config.cjs
const preset = require('../../../packages/tooling/jest/preset.js')(__dirname);

module.exports = { ...preset, displayName: 'web-image', testMatch: ['<rootDir>/*.container.test.ts'] };
