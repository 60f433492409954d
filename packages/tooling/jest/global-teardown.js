'use strict';
// Stops the containers global-setup.js started (none unless KADR_TESTCONTAINERS=1).
module.exports = async function globalTeardown() {
  const containers = globalThis.__kadrContainers ?? [];
  await Promise.all(containers.map((c) => c.stop()));
};
