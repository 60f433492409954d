import os from 'node:os';
import path from 'node:path';
import { blobStoreFromEnvironment, localBlobRoot, type BlobStore } from '@kadr/blob-store';
import { openInOrder, openStores, type StoreFactories } from '@kadr/documents';
import { eventBusFromEnvironment, type EventBus } from '@kadr/event-bus';
import type { OpenedAdapters } from '@kadr/http-kit';
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

export type OpenedJobsAdapters = JobsAdapters & OpenedAdapters;

const STORES: StoreFactories<Pick<JobsAdapters, 'jobs' | 'settings'>> = {
  jobs: { mongo: (c) => new MongooseJobRepository(c), memory: (p) => MemoryJobRepository.create(p) },
  settings: {
    mongo: (c) => new MongooseProviderSettingsRepository(c),
    memory: (p) => MemoryProviderSettingsRepository.create(p),
  },
};

function openBlobStore(config: JobsConfig): BlobStore {
  return blobStoreFromEnvironment(config, () => ({
    // The folder media reads from (one rule for both: @kadr/blob-store's localBlobRoot).
    root: localBlobRoot(config.DATA_DIR ?? path.join(os.tmpdir(), 'kadr')),
    // Jobs only writes blobs; media signs the URLs (embedded mode passes media's store in).
    signingSecret: config.BLOB_SIGNING_SECRET ?? config.INTERNAL_TOKEN_SECRET,
  }));
}

/**
 * Opens the adapters the configuration names (KAFKA_BROKERS, MONGODB_URI, S3_*; memory or the
 * filesystem for each one unset). Adapters in `provided` are used as they are and left open:
 * the embedded launcher shares one bus and one blob store between services, and the jobs API
 * and worker of one process share the job store (a memory collection has one owner per folder).
 */
export function openJobsAdapters(
  config: JobsConfig,
  logger: Logger,
  provided: Partial<JobsAdapters> = {},
): Promise<OpenedJobsAdapters> {
  return openInOrder(async (own) => {
    const eventBus = provided.eventBus ?? own(eventBusFromEnvironment(config.KAFKA_BROKERS, 'jobs', logger));
    const blobStore = provided.blobStore ?? openBlobStore(config);
    const { stores, readinessChecks } = own(
      await openStores({ service: 'jobs', config, logger, provided, stores: STORES }),
    );
    const relay = provided.relay ?? jobsOutboxRelay({ jobs: stores.jobs, bus: eventBus, logger });
    return { eventBus, blobStore, ...stores, relay, readinessChecks };
  });
}
