/**
 * `npm start` loads only what the embedded mode uses (issue 19, start-up time): mongoose and its
 * driver, which only MongoDB-backed stores need, stay unloaded until a store connects to MongoDB
 * (`connectDocuments`, the services' `mongo` store factories); kafkajs until a Kafka bus is made. Checked in a fresh process, as
 * `npm start` loads it: OpenTelemetry first, then the launcher's composition with every service. Tracing
 * itself starts without OpenTelemetry's NodeSDK (~500 modules of pipelines no service uses).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** The packages (`node_modules/<name>`) a fresh process has loaded after running `code` (CommonJS, from the root). */
function packagesLoadedBy(code: string): string[] {
  const script = `
    ${code};
    const names = Object.keys(require.cache).flatMap((f) => f.match(/node_modules\\/((@[^/]+\\/)?[^/]+)/g) ?? []);
    process.stdout.write(JSON.stringify([...new Set(names.map((n) => n.slice('node_modules/'.length)))]));`;
  const out = execFileSync(process.execPath, ['--conditions=kadr-source', '--import', 'tsx', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'development' },
  });
  return JSON.parse(out) as string[];
}

describe("npm start's module graph", () => {
  it('composes every service without loading mongoose, the MongoDB driver or kafkajs', () => {
    const loaded = packagesLoadedBy(
      "require('@kadr/telemetry/register'); require('./tools/launcher/compose-embedded')",
    );
    // The graph really was loaded: the services' HTTP stack and the identity provider are in it.
    expect(loaded).toEqual(expect.arrayContaining(['express', 'oidc-provider']));
    expect(loaded).not.toContain('mongoose');
    expect(loaded).not.toContain('mongodb');
    expect(loaded).not.toContain('kafkajs');
    // The MP4 box parser comes with the first rendered file the worker describes (mp4-description.ts).
    expect(loaded).not.toContain('mp4box');
  });

  it("starts tracing without OpenTelemetry's NodeSDK and the pipelines it brings (logs, gRPC, Zipkin, YAML)", () => {
    const loaded = packagesLoadedBy("require('@kadr/telemetry/register')");
    // Tracing really started: the tracer provider, the instrumentations, the OTLP/HTTP exporter's package.
    expect(loaded).toEqual(
      expect.arrayContaining([
        '@opentelemetry/sdk-trace',
        '@opentelemetry/instrumentation-http',
        '@opentelemetry/resources',
      ]),
    );
    const unused = loaded.filter((name) =>
      /^(@opentelemetry\/(sdk-node|sdk-logs|configuration|exporter-.*-grpc|exporter-zipkin)|@grpc\/|yaml$)/.test(name),
    );
    expect(unused).toEqual([]);
  });

  it('loads mongoose when a service builds a store on MongoDB', () => {
    // What openStores does with MONGODB_URI once connected: the store's mongo factory on the connection
    // (here a stand-in that registers nothing, so no server is needed).
    const loaded = packagesLoadedBy(`
      const { I18N_STORES } = require('./services/i18n/src/data-access/stores');
      const connection = { models: {}, model: (modelName) => ({ modelName }) };
      const store = I18N_STORES.preferences.mongo(connection);
      if (store.constructor.name !== 'MongoosePreferenceRepository') throw new Error(store.constructor.name);`);
    expect(loaded).toContain('mongoose');
  });

  it('loads kafkajs when a service makes a Kafka bus', () => {
    const loaded = packagesLoadedBy(`
      const { eventBusFromEnvironment } = require('@kadr/event-bus');
      const bus = eventBusFromEnvironment('127.0.0.1:1', 'i18n', { info() {}, warn() {}, error() {} });
      if (bus.constructor.name !== 'KafkaEventBus') throw new Error(bus.constructor.name);`);
    expect(loaded).toContain('kafkajs');
  });
});
