import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { openInOrder } from '@kadr/documents';
import { internalCallBreaker, internalTokenKeys, startHttpServer } from '@kadr/http-kit';
import type { InternalTokenKeys, RunningService } from '@kadr/http-kit';
import { createLogger, createMetrics, type Logger, runAsService } from '@kadr/telemetry';
import { openJobsAdapters, type JobsAdapters, type OpenedJobsAdapters } from './adapters';
import type { JobsConfig } from './config';
import { JobRunner } from './domain/generation/job-runner';
import type { ProviderRegistry } from './domain/generation/provider-registry';
import { JobCreation, type SagaHooks } from './domain/jobs/create-job';
import { JobAdministration } from './domain/jobs/job-admin';
import { JobDispatcher } from './domain/jobs/job-dispatcher';
import { SagaReconciler } from './domain/jobs/saga-reconciler';
import { createJobsApp } from './entry-points/http/app';
import { subscribeJobCreated } from './entry-points/messaging/job-created.consumer';
import { subscribeUserDeleted } from './entry-points/messaging/user-deleted.consumer';
import {
  HttpCommerceClient,
  UnconfiguredCommerceClient,
  type CommerceClient,
} from './integrations/commerce/commerce-client';
import { resolveFfmpegBinaries, type FfmpegBinaries } from './integrations/ffmpeg/ffmpeg-binaries';
import { FfmpegInspector } from './integrations/ffmpeg/ffmpeg-inspector';
import { LOCAL_FPS } from './integrations/providers/local/local-provider';
import { TempRenderWorkspaces } from './integrations/workspace/temp-render-workspace';
import { buildProviderRegistry, type ProviderOptions } from './providers';

export interface JobsStartOptions extends ProviderOptions {
  /** Adapters to use instead of opening them from the config (embedded mode shares them); left open on stop. */
  adapters?: Partial<JobsAdapters>;
  /** Instead of the HTTP client of COMMERCE_URL (tests). */
  commerce?: CommerceClient;
  defaultMetrics?: boolean;
  /** Test seams of the creation saga (crash simulation). */
  sagaHooks?: SagaHooks;
}

export interface RunningJobsApi extends RunningService {
  adapters: OpenedJobsAdapters;
  providers: ProviderRegistry;
  reconciler: SagaReconciler;
  dispatcher: JobDispatcher;
}

function commerceOf(config: JobsConfig, keys: InternalTokenKeys, logger: Logger, given?: CommerceClient) {
  if (given) return given;
  if (!config.COMMERCE_URL) return new UnconfiguredCommerceClient();
  const breaker = internalCallBreaker({
    service: 'commerce',
    failureThreshold: config.BREAKER_FAILURE_THRESHOLD,
    openMs: config.BREAKER_OPEN_MS,
    logger,
  });
  const client = { baseUrl: config.COMMERCE_URL, internalTokenKeys: keys, timeoutMs: config.COMMERCE_TIMEOUT_MS };
  return new HttpCommerceClient({ ...client, breaker });
}

/**
 * The ffmpeg and ffprobe this process runs, logged once (path and where it came from). Throws a
 * clear start-up error when one exists but may not be run (the variable to set is in the message).
 */
function ffmpegBinariesOf(config: JobsConfig, logger: Logger): FfmpegBinaries {
  const binaries = resolveFfmpegBinaries(config);
  const { ffmpeg, ffprobe } = binaries;
  const fields = {
    ffmpeg: ffmpeg.path,
    ffmpegSource: ffmpeg.source,
    ffprobe: ffprobe.path,
    ffprobeSource: ffprobe.source,
  };
  if (ffmpeg.source === 'not found' || ffprobe.source === 'not found') {
    logger.warn(fields, 'ffmpeg/ffprobe not found (PATH, npm packages): the local renderer is unavailable');
  } else {
    logger.info(fields, 'using ffmpeg and ffprobe');
  }
  return binaries;
}

/**
 * The jobs API: catalogue, settings, the creation saga and its reconciler, admin operations,
 * the `user.deleted` consumer and the outbox relay. Used by main.ts and the embedded launcher.
 */
export function startJobs(config: JobsConfig, options: JobsStartOptions = {}): Promise<RunningJobsApi> {
  // Spans of everything started here say they are jobs's, also when services share a process.
  return runAsService('jobs', async () => {
    const logger = createLogger({ service: 'jobs', level: config.LOG_LEVEL });
    const metrics = createMetrics({ service: 'jobs', defaultMetrics: options.defaultMetrics ?? true });
    const binaries = ffmpegBinariesOf(config, logger);
    // Stopped in reverse: the HTTP server, the consumer, the dispatcher, the reconciler, the relay, the adapters.
    const api = await openInOrder(async (own) => {
      const adapters = own(await openJobsAdapters(config, logger, options.adapters));
      const providers = buildProviderRegistry(config, options, binaries);
      const keys = internalTokenKeys(config);
      const commerce = commerceOf(config, keys, logger, options.commerce);
      const onOutboxWritten = () => adapters.relay.nudge();
      const creation = new JobCreation({
        jobs: adapters.jobs,
        commerce,
        providers,
        attemptLimit: config.JOB_MAX_ATTEMPTS,
        activeJobsCaps: {
          FREE: config.ACTIVE_JOBS_CAP_FREE,
          PRO: config.ACTIVE_JOBS_CAP_PRO,
          ENTERPRISE: config.ACTIVE_JOBS_CAP_ENTERPRISE,
        },
        onOutboxWritten,
        hooks: options.sagaHooks,
      });
      const dispatcher = new JobDispatcher({
        jobs: adapters.jobs,
        logger,
        unclaimedMs: config.JOB_REDISPATCH_AFTER_MS,
        onOutboxWritten,
      });
      const reconciler = new SagaReconciler({
        jobs: adapters.jobs,
        commerce,
        creation,
        logger,
        staleMs: config.SAGA_STALE_MS,
        giveUpMs: config.SAGA_GIVE_UP_MS,
        onOutboxWritten,
      });
      const admin = new JobAdministration({
        jobs: adapters.jobs,
        commerce,
        attemptLimit: config.JOB_MAX_ATTEMPTS,
        onOutboxWritten,
      });
      const { app, health } = createJobsApp({
        internalTokenKeys: keys,
        logger,
        metrics,
        readinessChecks: adapters.readinessChecks,
        jobs: adapters.jobs,
        settings: adapters.settings,
        providers,
        creation,
        admin,
      });

      await adapters.eventBus.ensureTopics(['job.created', 'job.progress', 'job.deleted', 'user.purged']);
      own(adapters.relay).start();
      own(reconciler).start();
      own(dispatcher).start();
      const { eventBus: bus, jobs, settings } = adapters;
      own(await subscribeUserDeleted({ bus, jobs, settings, logger, onOutboxWritten }));
      const server = own(await startHttpServer(app, { port: config.PORT, host: config.HOST, health }));
      return { url: server.url, logger, metrics, adapters, providers, reconciler, dispatcher };
    });
    const { close, ...running } = api;
    return { ...running, stop: close };
  });
}

export interface RunningJobsWorker {
  workerId: string;
  logger: Logger;
  adapters: OpenedJobsAdapters;
  runner: JobRunner;
  /** The first step of a shutdown: claims nothing more (the rest of `stop` may follow later). */
  stopClaiming(): void;
  /** Claims stop first, then consumption, then running jobs are handed back, then the adapters close. */
  stop(): Promise<void>;
}

/**
 * The worker: a member of consumer group `jobs-worker` on `job.created`, rendering with the
 * registered providers, plus the lease sweeper and (for its own writes) the outbox relay.
 */
export function startJobsWorker(config: JobsConfig, options: JobsStartOptions = {}): Promise<RunningJobsWorker> {
  // The worker's spans say jobs-worker (its deployable and OTEL_SERVICE_NAME in the chart), also embedded.
  return runAsService('jobs-worker', async () => {
    const workerId = `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
    const logger = createLogger({ service: 'jobs-worker', level: config.LOG_LEVEL }).child({ workerId });
    const binaries = ffmpegBinariesOf(config, logger);
    // Stopped in reverse (after `stopClaiming`): the consumer, the runner (hands running jobs back), the relay, the adapters.
    const worker = await openInOrder(async (own) => {
      const adapters = own(await openJobsAdapters(config, logger, options.adapters));
      const providers = buildProviderRegistry(config, options, binaries);
      const runner = new JobRunner({
        jobs: adapters.jobs,
        providers,
        workspaces: new TempRenderWorkspaces(adapters.blobStore),
        inspector: new FfmpegInspector({ ffmpeg: binaries.ffmpeg.path, ffprobe: binaries.ffprobe.path }),
        logger,
        workerId,
        concurrency: config.WORKER_CONCURRENCY,
        leaseMs: config.JOB_LEASE_MS,
        idleClaimMs: config.JOB_IDLE_CLAIM_MS,
        timeoutFactor: config.JOB_TIMEOUT_FACTOR,
        timeoutBaseMs: config.JOB_TIMEOUT_BASE_MS,
        fps: LOCAL_FPS,
        onOutboxWritten: () => adapters.relay.nudge(),
      });
      own(adapters.relay).start();
      own(runner).start();
      own(await subscribeJobCreated({ bus: adapters.eventBus, runner, logger }));
      // Whatever is queued already is taken at once, without waiting for a message.
      for (let slot = 0; slot < config.WORKER_CONCURRENCY; slot += 1) {
        runner.claimNext().catch((error: unknown) => logger.warn({ err: error }, 'could not claim a queued job'));
      }
      return { workerId, logger, adapters, runner };
    });
    const { close, ...running } = worker;
    const stopClaiming = () => running.runner.stopClaiming();
    return {
      ...running,
      stopClaiming,
      async stop() {
        stopClaiming();
        await close();
      },
    };
  });
}
