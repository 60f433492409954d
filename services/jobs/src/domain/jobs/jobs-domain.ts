import type { BlobStore } from '@kadr/blob-store';
import type { Logger } from '@kadr/telemetry';
import type { AdmissionLockRepository } from '../../data-access/admissions/admission-lock.repository';
import type { JobRepository } from '../../data-access/jobs/job.repository';
import type { ProviderRegistry } from '../generation/provider-registry';
import type { ActiveJobsCaps } from './active-jobs-cap';
import type { CommerceClient } from '../../integrations/commerce/commerce-client';
import { JobCreation, type SagaHooks } from './create-job';
import { JobGallery } from '../gallery/job-gallery';
import { JobAdministration } from './job-admin';
import { QueueForecasts } from '../queue/queue-forecasts';
import { JobCancellation } from './job-cancellation';
import { JobDispatcher } from './job-dispatcher';
import type { JobsApiMetrics } from './job-metrics';
import { SagaReconciler } from './saga-reconciler';
import { StartImageCheck, type ImageInspector } from './start-image-check';
import { JobUpscale } from '../upscale/job-upscale';

/** The limits and waits the configuration sets for jobs (see config.ts for each variable). */
export interface JobsPolicy {
  /** Attempts a job gets, and a requeue adds (JOB_MAX_ATTEMPTS). */
  attemptLimit: number;
  /** Jobs in progress a user may have at once, by tier (ACTIVE_JOBS_CAP_*). */
  activeJobsCaps: ActiveJobsCaps;
  /** A PENDING job unchanged this long gets its `job.created` again (JOB_REDISPATCH_AFTER_MS). */
  redispatchAfterMs: number;
  /** A saga left in RESERVING this long is finished or undone (SAGA_STALE_MS)… */
  sagaStaleMs: number;
  /** …and undone once it could not be finished for this long (SAGA_GIVE_UP_MS). */
  sagaGiveUpMs: number;
}

/** The jobs API's domain: the creation saga, its reconciler, the dispatcher of unclaimed jobs, admin operations. */
export interface JobsDomain {
  creation: JobCreation;
  cancellation: JobCancellation;
  /** Queue positions and estimates served on job reads. */
  forecasts: QueueForecasts;
  reconciler: SagaReconciler;
  dispatcher: JobDispatcher;
  admin: JobAdministration;
  /** The user's gallery: search, filters, stars, deleting one's own video. */
  gallery: JobGallery;
  /** Upscaling a finished video: the quote and the new job (issue 21). */
  upscale: JobUpscale;
}

export interface JobsDomainOptions {
  jobs: JobRepository;
  admissions: AdmissionLockRepository;
  commerce: CommerceClient;
  providers: ProviderRegistry;
  /** Where start images are uploaded and where each job keeps its copy. */
  blobs: BlobStore;
  imageInspector: ImageInspector;
  policy: JobsPolicy;
  logger: Logger;
  /** Called after a write that put events in an outbox (the relay's nudge). */
  onOutboxWritten: () => void;
  metrics: JobsApiMetrics;
  /** Test seams of the creation saga (crash simulation). */
  hooks?: SagaHooks;
}

/** The domain objects, each given the others it builds on. */
export function createJobsDomain(options: JobsDomainOptions): JobsDomain {
  const { jobs, admissions, commerce, providers, policy, logger, onOutboxWritten, metrics, hooks } = options;
  const startImages = new StartImageCheck(options.blobs, options.imageInspector);
  const { attemptLimit, activeJobsCaps } = policy;
  const creation = new JobCreation({
    jobs,
    admissions,
    commerce,
    providers,
    startImages,
    attemptLimit,
    activeJobsCaps,
    onOutboxWritten,
    metrics,
    hooks,
  });
  return {
    creation,
    cancellation: new JobCancellation({ jobs, onOutboxWritten, metrics }),
    forecasts: new QueueForecasts(jobs),
    reconciler: new SagaReconciler({
      jobs,
      commerce,
      creation,
      logger,
      staleMs: policy.sagaStaleMs,
      giveUpMs: policy.sagaGiveUpMs,
      onOutboxWritten,
    }),
    dispatcher: new JobDispatcher({ jobs, logger, unclaimedMs: policy.redispatchAfterMs, onOutboxWritten, metrics }),
    admin: new JobAdministration({ jobs, commerce, attemptLimit, onOutboxWritten, metrics }),
    gallery: new JobGallery({ jobs, onOutboxWritten }),
    upscale: new JobUpscale({ jobs, commerce, creation, attemptLimit }),
  };
}
