import { breakerSettingsOf } from '@kadr/config';
import { backgroundWork, createHttpApp, internalTokenKeys, serveService } from '@kadr/http-kit';
import type { ComposedService, RunningService, ServiceParts, StartOptions } from '@kadr/http-kit';
import { openAdminAdapters, type AdminAdapters } from './adapters';
import type { AdminConfig } from './config';
import { AuditTrail } from './domain/audit/audit-trail';
import { UserPurges } from './domain/purge/user-purges';
import { AdminReadModel } from './domain/read-model/admin-read-model';
import { accountDeletionRoutes } from './entry-points/http/account-deletion.routes';
import { adminRoutes } from './entry-points/http/admin.routes';
import { subscribeAdmin } from './entry-points/messaging/admin-consumer';
import { busPurgeEvents, SERVICE } from './entry-points/messaging/purge-events.publisher';
import { CommerceHoldsClient } from './integrations/commerce-holds.client';
import { JobsAdminClient } from './integrations/jobs-admin.client';
import { MediaSharesClient } from './integrations/media-shares.client';
import { upstreamOf } from './integrations/upstream';

export interface AdminParts extends ServiceParts<AdminAdapters, AdminConfig> {
  /** Tests: a fixed clock. */
  clock?: () => Date;
}

/** Its background work: the consumer of the events the read model is built from. */
export interface ComposedAdmin extends ComposedService {
  readModel: AdminReadModel;
  purges: UserPurges;
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
  const timeoutMs = config.UPSTREAM_TIMEOUT_MS;
  const upstreams = { keys, logger, timeoutMs, ...breakerSettingsOf(config), registry: metrics.registry };
  const audit = new AuditTrail(stores.logs, now);
  const { app, health } = createHttpApp({
    service: SERVICE,
    logger,
    metrics,
    routes: [
      accountDeletionRoutes({ purges, audit, internalTokenKeys: keys, logger }),
      adminRoutes({
        readModel,
        purges,
        audit,
        logs: stores.logs,
        jobs: new JobsAdminClient(upstreamOf('jobs', config.JOBS_URL, upstreams)),
        holds: new CommerceHoldsClient(upstreamOf('commerce', config.COMMERCE_URL, upstreams), logger),
        shares: new MediaSharesClient(upstreamOf('media', config.MEDIA_URL, upstreams)),
        internalTokenKeys: keys,
        logger,
        deadLetters: { bus: eventBus, handlings: stores.deadLetters, now },
      }),
    ],
    readinessChecks,
  });
  return {
    app,
    health,
    readModel,
    purges,
    ...backgroundWork(async (own) => {
      own(await subscribeAdmin({ bus: eventBus, readModel, purges, logger }));
    }),
  };
}

export type RunningAdmin = RunningService;

/** Wires admin from its config and listens; used by main.ts and by the embedded launcher. */
export function startAdmin(config: AdminConfig, options: StartOptions<AdminAdapters> = {}): Promise<RunningAdmin> {
  return serveService({ service: SERVICE, config, options, open: openAdminAdapters, compose: composeAdmin });
}
