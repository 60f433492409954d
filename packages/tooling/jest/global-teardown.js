'use strict';
// Stops and removes the containers global-setup.js started (none unless KADR_TESTCONTAINERS=1),
// with their anonymous volumes; no Ryuk sidecar would do it later.
module.exports = async function globalTeardown() {
  const containers = globalThis.__kadrContainers ?? [];
  const outcomes = await Promise.allSettled(containers.map((c) => c.stop({ remove: true, removeVolumes: true })));
  const failed = outcomes.filter((o) => o.status === 'rejected');
  if (failed.length) {
    const names = containers.filter((_, i) => outcomes[i].status === 'rejected').map((c) => c.getName());
    throw new Error(`testcontainers: could not stop ${names.join(', ')}: ${failed.map((o) => o.reason).join('; ')}`);
  }
};
