import os from 'node:os';
import path from 'node:path';
import { blobStoreFromEnvironment, type BlobStore } from '@kadr/blob-store';
import { openInOrder, openStores } from '@kadr/documents';
import { eventBusFromEnvironment, type EventBus } from '@kadr/event-bus';
import type { AdapterContext, OpenedAdapters } from '@kadr/http-kit';
import type { OutboxRelay } from '@kadr/outbox';
import type { JobsConfig } from './config';
import { jobsOutboxRelay } from './data-access/outbox/jobs-outbox';
import { JOBS_STORES, type JobsStores } from './data-access/stores';

/** What jobs keeps its state in and talks through; memory or real, chosen by configuration. */
export interface JobsAdapters extends JobsStores {
  /** `job.*` and `user.purged` out, `job.created` and `user.deleted` in (Kafka / memory). */
  eventBus: EventBus;
  /** Videos and thumbnails (S3 / the local filesystem under DATA_DIR/media-blobs, where media reads them). */
  blobStore: BlobStore;
  /** One relay per job store: the API and the worker of one process share it. */
  relay: OutboxRelay;
}

export type OpenedJobsAdapters = JobsAdapters & OpenedAdapters;

/**
 * Opens the adapters the configuration names (KAFKA_BROKERS, MONGODB_URI, S3_*; memory or the
 * filesystem for each one unset). Adapters in `provided` are used as they are and left open:
 * the embedded launcher shares one bus and one blob store between services, and the jobs API
 * and worker of one process share the job store (a memory collection has one owner per folder).
 */
export function openJobsAdapters(
  config: JobsConfig,
  { logger, metrics }: AdapterContext,
  provided: Partial<JobsAdapters> = {},
): Promise<OpenedJobsAdapters> {
  const { registry } = metrics;
  return openInOrder(async (own) => {
    const eventBus = provided.eventBus ?? own(eventBusFromEnvironment(config.KAFKA_BROKERS, 'jobs', logger, registry));
    // Jobs only writes blobs; media signs their URLs (the embedded launcher passes media's store in).
    const signingSecret = config.BLOB_SIGNING_SECRET ?? config.INTERNAL_TOKEN_SECRET;
    const local = { signingSecret, defaultDataDir: path.join(os.tmpdir(), 'kadr') };
    const blobStore = provided.blobStore ?? own(blobStoreFromEnvironment(config, local, registry));
    const { stores, readinessChecks } = own(
      await openStores({ service: 'jobs', config, logger, registry, provided, stores: JOBS_STORES }),
    );
    const relay = provided.relay ?? jobsOutboxRelay({ jobs: stores.jobs, bus: eventBus, logger, registry });
    return { eventBus, blobStore, ...stores, relay, readinessChecks };
  });
}
