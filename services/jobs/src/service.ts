import { backgroundWork, internalTokenKeys, serveService } from '@kadr/http-kit';
import type { ComposedService, ServedService, ServiceParts, StartOptions } from '@kadr/http-kit';
import { openJobsAdapters, type JobsAdapters } from './adapters';
import { jobsPolicyOf, type JobsConfig } from './config';
import type { ProviderRegistry } from './domain/generation/provider-registry';
import type { SagaHooks } from './domain/jobs/create-job';
import { createJobsDomain, type JobsDomain } from './domain/jobs/jobs-domain';
import { createJobsApp } from './entry-points/http/app';
import { jobsApiMetricsOf } from './entry-points/metrics/jobs-metrics';
import { subscribeUserDeleted } from './entry-points/messaging/user-deleted.consumer';
import { commerceClientOf, type CommerceClient } from './integrations/commerce/commerce-client';
import { reportedFfmpegBinaries } from './integrations/ffmpeg/ffmpeg-binaries';
import { FfmpegImageInspector } from './integrations/images/ffmpeg-image-inspector';
import { buildProviderRegistry, type ProviderOptions } from './integrations/providers/provider-registry-of';

export interface JobsStartOptions extends StartOptions<JobsAdapters>, ProviderOptions {
  /** Instead of the HTTP client of COMMERCE_URL (tests). */
  commerce?: CommerceClient;
  /** Test seams of the creation saga (crash simulation). */
  sagaHooks?: SagaHooks;
}

/** Background: the outbox relay, the saga reconciler, the dispatcher and the `user.deleted` consumer. */
export interface ComposedJobs extends ComposedService, JobsDomain {
  providers: ProviderRegistry;
}

export type RunningJobsApi = ServedService<JobsAdapters, ComposedJobs>;
type JobsParts = ServiceParts<JobsAdapters, JobsConfig>;

/** The jobs API without a listening socket: catalogue, settings, the creation saga and admin operations. */
export function composeJobs(parts: JobsParts, options: JobsStartOptions = {}): ComposedJobs {
  const { config, adapters, logger, metrics, readinessChecks } = parts;
  const { eventBus: bus, jobs, admissions, settings, relay } = adapters;
  const keys = internalTokenKeys(config);
  const binaries = reportedFfmpegBinaries(config, logger);
  const providers = buildProviderRegistry(config, options, binaries);
  const onOutboxWritten = () => relay.nudge();
  const domain = createJobsDomain({
    jobs,
    admissions,
    commerce: options.commerce ?? commerceClientOf(config, keys, logger, metrics.registry),
    providers,
    blobs: adapters.blobStore,
    imageInspector: new FfmpegImageInspector(binaries.ffmpeg.path),
    policy: jobsPolicyOf(config),
    logger,
    onOutboxWritten,
    metrics: jobsApiMetricsOf(metrics.registry, { jobs, logger }),
    hooks: options.sagaHooks,
  });
  const routeDeps = { ...domain, jobs, settings, providers, internalTokenKeys: keys };
  const { app, health } = createJobsApp({ ...routeDeps, logger, metrics, readinessChecks });
  return {
    app,
    health,
    ...domain,
    providers,
    ...backgroundWork(async (own) => {
      await bus.ensureTopics(['job.created', 'job.progress', 'job.deleted', 'user.purged']);
      own(relay).start();
      own(domain.reconciler).start();
      own(domain.dispatcher).start();
      own(await subscribeUserDeleted({ bus, jobs, settings, logger, onOutboxWritten }));
      // Jobs stored before the gallery's search get their search words, once, in the background.
      void jobs.backfillSearchWords().then(
        (updated) => {
          if (updated > 0) logger.info({ updated }, 'gallery search words backfilled');
        },
        (error: unknown) =>
          logger.warn({ err: error }, 'gallery search words backfill failed; it runs again on the next start'),
      );
    }),
  };
}

/** Wires the jobs API from its config and listens; used by main.ts and by the embedded launcher. */
export function startJobs(config: JobsConfig, options: JobsStartOptions = {}): Promise<RunningJobsApi> {
  const compose = (parts: JobsParts) => composeJobs(parts, options);
  return serveService({ service: 'jobs', config, options, open: openJobsAdapters, compose });
}
