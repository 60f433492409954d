import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { openInOrder } from '@kadr/documents';
import { createLogger, createMetrics, type Logger, runAsService, type ServiceMetrics } from '@kadr/telemetry';
import { openJobsAdapters, type OpenedJobsAdapters } from './adapters';
import { workerPolicyOf, type JobsConfig } from './config';
import { JobRunner } from './domain/generation/job-runner';
import { subscribeJobCreated } from './entry-points/messaging/job-created.consumer';
import { jobsWorkerMetricsOf } from './entry-points/metrics/jobs-metrics';
import { reportedFfmpegBinaries } from './integrations/ffmpeg/ffmpeg-binaries';
import { FfmpegInspector } from './integrations/ffmpeg/ffmpeg-inspector';
import { FfmpegVideoUpscaler } from './integrations/ffmpeg/ffmpeg-upscaler';
import { LOCAL_FPS } from './integrations/providers/local/local-provider';
import { TempRenderWorkspaces } from './integrations/workspace/temp-render-workspace';
import { buildProviderRegistry } from './integrations/providers/provider-registry-of';
import type { JobsStartOptions } from './service';

export interface RunningJobsWorker {
  workerId: string;
  logger: Logger;
  metrics: ServiceMetrics;
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
    const metrics = createMetrics({ service: 'jobs-worker', defaultMetrics: options.defaultMetrics ?? true });
    const binaries = reportedFfmpegBinaries(config, logger);
    // Stopped in reverse (after `stopClaiming`): the consumer, the runner (hands running jobs back), the relay, the adapters.
    const worker = await openInOrder(async (own) => {
      const adapters = own(await openJobsAdapters(config, { logger, metrics }, options.adapters));
      const runner = new JobRunner({
        ...workerPolicyOf(config),
        jobs: adapters.jobs,
        providers: buildProviderRegistry(config, options, binaries),
        workspaces: new TempRenderWorkspaces(adapters.blobStore),
        inspector: new FfmpegInspector({ ffmpeg: binaries.ffmpeg.path, ffprobe: binaries.ffprobe.path }),
        upscaler: new FfmpegVideoUpscaler({ ffmpegPath: binaries.ffmpeg.path }),
        logger,
        workerId,
        fps: LOCAL_FPS,
        onOutboxWritten: () => adapters.relay.nudge(),
        metrics: jobsWorkerMetricsOf(metrics.registry),
      });
      own(adapters.relay).start();
      own(runner).start();
      own(await subscribeJobCreated({ bus: adapters.eventBus, runner, logger }));
      runner.claimQueued();
      return { workerId, logger, metrics, adapters, runner };
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
