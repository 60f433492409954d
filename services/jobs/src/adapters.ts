import os from 'node:os';
import path from 'node:path';
import { createBlobStore, localBlobRoot, type BlobStore } from '@kadr/blob-store';
import { connectDocuments } from '@kadr/documents';
import { eventBusFromEnvironment, type EventBus } from '@kadr/event-bus';
import type { ReadinessCheck } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import type { JobsConfig } from './config';
import type { JobRepository } from './data-access/jobs/job.repository';
import { MemoryJobRepository } from './data-access/jobs/memory-job.repository';
import { MongooseJobRepository } from './data-access/jobs/mongoose-job.repository';
import type { OutboxRelay } from '@kadr/outbox';
import { jobsOutboxRelay } from './data-access/outbox/jobs-outbox';
import { MemoryProviderSettingsRepository } from './data-access/settings/memory-provider-settings.repository';
import { MongooseProviderSettingsRepository } from './data-access/settings/mongoose-provider-settings.repository';
import type { ProviderSettingsRepository } from './data-access/settings/provider-settings.repository';

/** What jobs keeps its state in and talks through; memory or real, chosen by configuration. */
export interface JobsAdapters {
  /** `job.*` and `user.purged` out, `job.created` and `user.deleted` in (Kafka / memory). */
  eventBus: EventBus;
  /** Videos and thumbnails (S3 / the local filesystem under DATA_DIR/media-blobs, where media reads them). */
  blobStore: BlobStore;
  jobs: JobRepository;
  settings: ProviderSettingsRepository;
  /** One relay per job store: the API and the worker of one process share it. */
  relay: OutboxRelay;
}

export interface OpenedJobsAdapters extends JobsAdapters {
  readinessChecks: ReadinessCheck[];
  /** Closes what was opened here (not what the caller passed in), stores last. */
  close(): Promise<void>;
}

function openBlobStore(config: JobsConfig): BlobStore {
  if (config.S3_ENDPOINT && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    return createBlobStore({
      kind: 's3',
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return createBlobStore({
    kind: 'fs',
    // The folder media reads from (one rule for both: @kadr/blob-store's localBlobRoot).
    root: localBlobRoot(config.DATA_DIR ?? path.join(os.tmpdir(), 'kadr')),
    publicBaseUrl: config.PUBLIC_URL,
    // Jobs only writes blobs; media signs the URLs (embedded mode passes media's store in).
    signingSecret: config.BLOB_SIGNING_SECRET ?? config.INTERNAL_TOKEN_SECRET,
  });
}

/**
 * Opens the adapters the configuration names (KAFKA_BROKERS, MONGODB_URI, S3_*; memory or the
 * filesystem for each one unset). Adapters in `provided` are used as they are and left open:
 * the embedded launcher shares one bus and one blob store between services, and the jobs API
 * and worker of one process share the job store (a memory collection has one owner per folder).
 */
export async function openJobsAdapters(
  config: JobsConfig,
  logger: Logger,
  provided: Partial<JobsAdapters> = {},
): Promise<OpenedJobsAdapters> {
  const closers: Array<() => Promise<void>> = [];
  const readinessChecks: ReadinessCheck[] = [];

  const eventBus = provided.eventBus ?? eventBusFromEnvironment(config.KAFKA_BROKERS, 'jobs', logger);
  if (!provided.eventBus) closers.push(() => eventBus.close());

  const blobStore = provided.blobStore ?? openBlobStore(config);

  let jobs = provided.jobs;
  let settings = provided.settings;
  if (!jobs || !settings) {
    if (config.MONGODB_URI) {
      const documents = await connectDocuments({
        uri: config.MONGODB_URI,
        dbName: config.MONGODB_DB,
        autoIndex: true,
        logger,
        defineModels: (connection) => ({
          jobs: new MongooseJobRepository(connection),
          settings: new MongooseProviderSettingsRepository(connection),
        }),
      });
      jobs ??= documents.models.jobs;
      settings ??= documents.models.settings;
      readinessChecks.push({ name: 'mongodb', check: () => documents.ping() });
      closers.push(() => documents.close());
    } else {
      const persistence = config.DATA_DIR ? { dataDir: path.join(config.DATA_DIR, 'jobs'), logger } : {};
      if (!jobs) {
        const memoryJobs = await MemoryJobRepository.create(persistence);
        jobs = memoryJobs;
        closers.push(() => memoryJobs.close());
      }
      if (!settings) {
        const memorySettings = await MemoryProviderSettingsRepository.create(persistence);
        settings = memorySettings;
        closers.push(() => memorySettings.close());
      }
    }
  }

  const relay = provided.relay ?? jobsOutboxRelay({ jobs, bus: eventBus, logger });

  return {
    eventBus,
    blobStore,
    jobs,
    settings,
    relay,
    readinessChecks,
    async close() {
      for (const close of closers) await close();
    },
  };
}
