import { backgroundWork, createHttpApp, internalTokenKeys, serveService } from '@kadr/http-kit';
import type { ComposedService, RunningService, ServiceParts, StartOptions } from '@kadr/http-kit';
import { openI18nAdapters, type I18nAdapters } from './adapters';
import type { I18nConfig } from './config';
import { i18nRoutes } from './entry-points/http/i18n.routes';
import { SERVICE, subscribeUserEvents } from './entry-points/messaging/user-events.consumer';

export type RunningI18n = RunningService;

/** i18n without a listening socket; its background work is the consumer of the user events. */
export function composeI18n({
  config,
  adapters,
  logger,
  metrics,
  readinessChecks,
}: ServiceParts<I18nAdapters, I18nConfig>): ComposedService {
  const { eventBus: bus, preferences } = adapters;
  const { app, health } = createHttpApp({
    service: SERVICE,
    logger,
    metrics,
    routes: i18nRoutes({ preferences, internalTokenKeys: internalTokenKeys(config) }),
    readinessChecks,
  });
  return {
    app,
    health,
    ...backgroundWork(async (own) => {
      own(await subscribeUserEvents({ bus, preferences, logger }));
    }),
  };
}

/** Wires the i18n service from its config and listens; used by main.ts and by the embedded launcher. */
export function startI18n(config: I18nConfig, options: StartOptions<I18nAdapters> = {}): Promise<RunningI18n> {
  return serveService({ service: SERVICE, config, options, open: openI18nAdapters, compose: composeI18n });
}
