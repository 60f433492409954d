'use strict';
// With KADR_TESTCONTAINERS=1 (tools/test/run-real-server-suites.sh sets it for
// KADR_TEST_SERVERS=testcontainers, or for `auto` when a Docker engine answers and the images are
// there) every real server whose variable is not already set is started here as a container
// (real-server-containers.js), all at once, and its variables are exported; the test workers
// inherit them, and the suites only read variables. global-teardown.js stops the containers.
// Without that flag this does nothing: `npm test` never starts infrastructure.

const { INFRA_IMAGES } = require('./infra-images');

// Containers share the host network and are reached on 127.0.0.1; nothing removes them but our
// teardown (no Ryuk sidecar: its image cannot be pulled here either).
const TESTCONTAINERS_DEFAULTS = { TESTCONTAINERS_HOST_OVERRIDE: '127.0.0.1', TESTCONTAINERS_RYUK_DISABLED: 'true' };

/** Fails, naming every missing image, when one is not in the engine's local store (never pulled). */
async function requireLocalImages(kinds) {
  const { getContainerRuntimeClient, ImageName } = require('testcontainers');
  const client = await getContainerRuntimeClient();
  const present = await Promise.all(kinds.map((kind) => client.image.exists(ImageName.fromString(INFRA_IMAGES[kind]))));
  const missing = kinds.filter((_, i) => !present[i]).map((kind) => INFRA_IMAGES[kind]);
  if (missing.length) {
    throw new Error(
      `testcontainers: image${missing.length > 1 ? 's' : ''} ${missing.join(', ')} not found on the Docker engine ` +
        `(${process.env.DOCKER_HOST || 'default socket'}); they are never pulled — build them with ` +
        'tools/compose/substitute-images.sh, or use KADR_TEST_SERVERS=native',
    );
  }
}

module.exports = async function globalSetup() {
  globalThis.__kadrContainers = [];
  if (process.env.KADR_TESTCONTAINERS !== '1') return;
  for (const [name, value] of Object.entries(TESTCONTAINERS_DEFAULTS)) process.env[name] ??= value;

  const { REAL_SERVER_STARTS } = require('./real-server-containers');
  const kinds = Object.keys(REAL_SERVER_STARTS).filter((kind) => !process.env[REAL_SERVER_STARTS[kind].variable]);
  if (!kinds.length) return;
  await requireLocalImages(kinds);

  const started = Date.now();
  const outcomes = await Promise.allSettled(kinds.map((kind) => REAL_SERVER_STARTS[kind].start()));
  const running = outcomes.filter((o) => o.status === 'fulfilled').map((o) => o.value);
  const failures = outcomes.filter((o) => o.status === 'rejected').map((o) => o.reason);
  if (failures.length) {
    // Jest skips the global teardown when the setup throws: stop what did start.
    await Promise.allSettled(running.map(({ container }) => container.stop({ remove: true })));
    throw new Error(`testcontainers: ${failures.map((e) => (e instanceof Error ? e.message : String(e))).join('\n')}`);
  }
  globalThis.__kadrContainers = running.map(({ container }) => container);
  for (const { env } of running) Object.assign(process.env, env);
  process.stdout.write(
    `\ntestcontainers: ${kinds.map((kind) => INFRA_IMAGES[kind]).join(', ')} ready in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s (host network, 127.0.0.1)\n`,
  );
};
