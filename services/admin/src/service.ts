import type { ConsumerHandle, EventBus } from '@kadr/event-bus';
import { createHttpApp, internalCallBreaker, internalTokenKeys, serveService } from '@kadr/http-kit';
import type { HttpApp, RunningService, ServiceParts } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import { openAdminAdapters, type AdminAdapters } from './adapters';
import type { AdminConfig } from './config';
import { AuditTrail } from './domain/audit/audit-trail';
import { UserPurges } from './domain/purge/user-purges';
import { AdminReadModel } from './domain/read-model/admin-read-model';
import { adminRoutes } from './entry-points/http/admin.routes';
import { subscribeAdmin } from './entry-points/messaging/admin-consumer';
import { busPurgeEvents, SERVICE } from './entry-points/messaging/purge-events.publisher';
import { CommerceHoldsClient } from './integrations/commerce-holds.client';
import { JobsAdminClient } from './integrations/jobs-admin.client';
import { Upstream } from './integrations/upstream';

export interface AdminParts extends ServiceParts<AdminAdapters> {
  config: AdminConfig;
  /** Tests: a fixed clock. */
  clock?: () => Date;
}

export interface ComposedAdmin extends HttpApp {
  readModel: AdminReadModel;
  purges: UserPurges;
  /** Starts the consumer of the events the read model is built from. */
  startBackground(): Promise<void>;
  /** Stops the consumer (after the HTTP server closed). */
  stop(): Promise<void>;
}

/** Admin without a listening socket: what tests drive with supertest, and what `startAdmin` serves. */
export function composeAdmin({ config, adapters, logger, metrics, readinessChecks, clock }: AdminParts): ComposedAdmin {
  const now = clock ?? (() => new Date());
  const { stores, eventBus } = adapters;
  const readModel = new AdminReadModel(stores);
  const purges = new UserPurges({
    ...stores,
    events: busPurgeEvents(eventBus, now),
    services: config.PURGE_SERVICES,
    now,
  });
  const keys = internalTokenKeys(config);
  const upstream = (name: string, baseUrl: string | undefined) => {
    const { BREAKER_FAILURE_THRESHOLD: failureThreshold, BREAKER_OPEN_MS: openMs } = config;
    const breaker = internalCallBreaker({ service: name, failureThreshold, openMs, logger });
    return new Upstream({ name, baseUrl, keys, timeoutMs: config.UPSTREAM_TIMEOUT_MS, breaker });
  };
  const { app, health } = createHttpApp({
    service: SERVICE,
    logger,
    metrics,
    routes: [
      adminRoutes({
        readModel,
        purges,
        audit: new AuditTrail(stores.logs, now),
        logs: stores.logs,
        jobs: new JobsAdminClient(upstream('jobs', config.JOBS_URL)),
        holds: new CommerceHoldsClient(upstream('commerce', config.COMMERCE_URL), logger),
        internalTokenKeys: keys,
        logger,
      }),
    ],
    readinessChecks,
  });
  let consumer: ConsumerHandle | undefined;
  return {
    app,
    health,
    readModel,
    purges,
    async startBackground() {
      consumer = await subscribeAdmin({ bus: eventBus, readModel, purges, logger });
    },
    async stop() {
      await consumer?.stop();
    },
  };
}

export type RunningAdmin = RunningService;

export interface StartAdminOptions {
  /** The embedded launcher's shared bus (left open on stop); otherwise opened from KAFKA_BROKERS. */
  bus?: EventBus;
  logger?: Logger;
  defaultMetrics?: boolean;
}

/** Wires admin from its config and listens; used by main.ts and by the embedded launcher. */
export function startAdmin(config: AdminConfig, options: StartAdminOptions = {}): Promise<RunningAdmin> {
  return serveService({
    service: SERVICE,
    config,
    logger: options.logger,
    defaultMetrics: options.defaultMetrics,
    open: (logger) => openAdminAdapters(config, logger, { eventBus: options.bus }),
    compose: (parts) => composeAdmin({ config, ...parts }),
  });
}
