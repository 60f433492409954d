import path from 'node:path';
import { connectDocuments } from '@kadr/documents';
import { eventBusFromEnvironment, type EventBus } from '@kadr/event-bus';
import { createHttpApp, internalTokenKeys, startHttpServer, type ReadinessCheck } from '@kadr/http-kit';
import { createLogger, createMetrics, type Logger, type ServiceMetrics, runAsService } from '@kadr/telemetry';
import type { I18nConfig } from './config';
import { MemoryPreferenceRepository } from './data-access/memory-preference.repository';
import { MongoosePreferenceRepository } from './data-access/mongoose-preference.repository';
import type { PreferenceRepository } from './data-access/preference.repository';
import { i18nRoutes } from './entry-points/http/i18n.routes';
import { SERVICE, subscribeUserEvents } from './entry-points/messaging/user-events.consumer';

export interface RunningI18n {
  url: string;
  logger: Logger;
  /** Its metrics registry, for the `/metrics` listener on METRICS_PORT (main.ts, or the embedded launcher's one). */
  metrics: ServiceMetrics;
  stop(): Promise<void>;
}

export interface StartI18nOptions {
  /** The embedded launcher's shared bus (left open on stop); otherwise opened from KAFKA_BROKERS. */
  bus?: EventBus;
  defaultMetrics?: boolean;
}

async function openPreferences(
  config: I18nConfig,
  logger: Logger,
): Promise<{ preferences: PreferenceRepository; readiness: ReadinessCheck[]; close(): Promise<void> }> {
  if (config.MONGODB_URI) {
    const documents = await connectDocuments({
      uri: config.MONGODB_URI,
      dbName: config.MONGODB_DB,
      autoIndex: true,
      logger,
      defineModels: (connection) => ({ preferences: new MongoosePreferenceRepository(connection) }),
    });
    return {
      preferences: documents.models.preferences,
      readiness: [{ name: 'mongodb', check: () => documents.ping() }],
      close: () => documents.close(),
    };
  }
  const preferences = await MemoryPreferenceRepository.create(
    config.DATA_DIR ? { dataDir: path.join(config.DATA_DIR, SERVICE) } : {},
  );
  return { preferences, readiness: [], close: () => preferences.close() };
}

/** Wires the i18n service from its config; used by main.ts and by the embedded launcher. */
export function startI18n(config: I18nConfig, options: StartI18nOptions = {}): Promise<RunningI18n> {
  // Spans of everything started here say they are i18n's, also when services share a process.
  return runAsService('i18n', async () => {
    const logger = createLogger({ service: SERVICE, level: config.LOG_LEVEL });
    const metrics = createMetrics({ service: SERVICE, defaultMetrics: options.defaultMetrics ?? true });
    const bus = options.bus ?? eventBusFromEnvironment(config.KAFKA_BROKERS, SERVICE, logger);
    const store = await openPreferences(config, logger);
    const consumer = await subscribeUserEvents({ bus, preferences: store.preferences, logger });
    const { app, health } = createHttpApp({
      service: SERVICE,
      logger,
      metrics,
      routes: i18nRoutes({ preferences: store.preferences, internalTokenKeys: internalTokenKeys(config) }),
      readinessChecks: store.readiness,
    });
    const server = await startHttpServer(app, { port: config.PORT, host: config.HOST, health });
    return {
      url: server.url,
      logger,
      metrics,
      async stop() {
        await server.close();
        await consumer.stop();
        if (!options.bus) await bus.close();
        await store.close();
      },
    };
  });
}
