import { openInOrder, openStores, type StoreFactories } from '@kadr/documents';
import { eventBusFromEnvironment, type EventBus } from '@kadr/event-bus';
import { createHttpApp, internalTokenKeys, startHttpServer } from '@kadr/http-kit';
import type { RunningService } from '@kadr/http-kit';
import { createLogger, createMetrics, runAsService } from '@kadr/telemetry';
import type { I18nConfig } from './config';
import { MemoryPreferenceRepository } from './data-access/memory-preference.repository';
import { MongoosePreferenceRepository } from './data-access/mongoose-preference.repository';
import type { PreferenceRepository } from './data-access/preference.repository';
import { i18nRoutes } from './entry-points/http/i18n.routes';
import { SERVICE, subscribeUserEvents } from './entry-points/messaging/user-events.consumer';

export type RunningI18n = RunningService;

export interface StartI18nOptions {
  /** The embedded launcher's shared bus (left open on stop); otherwise opened from KAFKA_BROKERS. */
  bus?: EventBus;
  defaultMetrics?: boolean;
}

const STORES: StoreFactories<{ preferences: PreferenceRepository }> = {
  preferences: {
    mongo: (c) => new MongoosePreferenceRepository(c),
    memory: (p) => MemoryPreferenceRepository.create(p),
  },
};

/** Wires the i18n service from its config; used by main.ts and by the embedded launcher. */
export function startI18n(config: I18nConfig, options: StartI18nOptions = {}): Promise<RunningI18n> {
  // Spans of everything started here say they are i18n's, also when services share a process.
  return runAsService('i18n', async () => {
    const logger = createLogger({ service: SERVICE, level: config.LOG_LEVEL });
    const metrics = createMetrics({ service: SERVICE, defaultMetrics: options.defaultMetrics ?? true });
    // Stopped in reverse: the HTTP server, the consumer, the store, the bus.
    const running = await openInOrder(async (own) => {
      const bus = options.bus ?? own(eventBusFromEnvironment(config.KAFKA_BROKERS, SERVICE, logger));
      const { stores, readinessChecks } = own(await openStores({ service: SERVICE, config, logger, stores: STORES }));
      const { preferences } = stores;
      own(await subscribeUserEvents({ bus, preferences, logger }));
      const { app, health } = createHttpApp({
        service: SERVICE,
        logger,
        metrics,
        routes: i18nRoutes({ preferences, internalTokenKeys: internalTokenKeys(config) }),
        readinessChecks,
      });
      return { url: own(await startHttpServer(app, { port: config.PORT, host: config.HOST, health })).url };
    });
    return { url: running.url, logger, metrics, stop: () => running.close() };
  });
}
