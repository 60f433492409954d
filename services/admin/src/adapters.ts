import path from 'node:path';
import { connectDocuments } from '@kadr/documents';
import { eventBusFromEnvironment, type EventBus } from '@kadr/event-bus';
import type { ReadinessCheck } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import type { AdminConfig } from './config';
import type { JobRepository } from './data-access/job.repository';
import type { LogRepository } from './data-access/log.repository';
import { MemoryJobRepository } from './data-access/memory-job.repository';
import { MemoryLogRepository } from './data-access/memory-log.repository';
import { MemoryPurgeRepository } from './data-access/memory-purge.repository';
import { MemoryUserRepository } from './data-access/memory-user.repository';
import { MongooseJobRepository } from './data-access/mongoose-job.repository';
import { MongooseLogRepository } from './data-access/mongoose-log.repository';
import { MongoosePurgeRepository } from './data-access/mongoose-purge.repository';
import { MongooseUserRepository } from './data-access/mongoose-user.repository';
import type { PurgeRepository } from './data-access/purge.repository';
import type { UserRepository } from './data-access/user.repository';

export interface AdminStores {
  users: UserRepository;
  jobs: JobRepository;
  purges: PurgeRepository;
  logs: LogRepository;
}

export interface AdminAdapters {
  eventBus: EventBus;
  stores: AdminStores;
}

export interface OpenedAdminAdapters extends AdminAdapters {
  readinessChecks: ReadinessCheck[];
  /** Closes what was opened here (not what the caller passed in). */
  close(): Promise<void>;
}

/** The four collections in memory, persisted under `dataDir` when given. */
export async function openMemoryStores(
  dataDir?: string,
  logger?: Logger,
): Promise<AdminStores & { close(): Promise<void> }> {
  const persistence = { dataDir, logger };
  const users = await MemoryUserRepository.create(persistence);
  const jobs = await MemoryJobRepository.create(persistence);
  const purges = await MemoryPurgeRepository.create(persistence);
  const logs = await MemoryLogRepository.create(persistence);
  return {
    users,
    jobs,
    purges,
    logs,
    async close() {
      await Promise.all([users.close(), jobs.close(), purges.close(), logs.close()]);
    },
  };
}

/**
 * MONGODB_URI → MongoDB (database MONGODB_DB); otherwise memory collections persisted under
 * DATA_DIR/admin when set. KAFKA_BROKERS → Kafka; otherwise the in-process bus. A bus passed in
 * `provided` is used as it is and left open (the embedded launcher shares one bus).
 */
export async function openAdminAdapters(
  config: AdminConfig,
  logger: Logger,
  provided: Partial<AdminAdapters> = {},
): Promise<OpenedAdminAdapters> {
  const closers: Array<() => Promise<void>> = [];
  const readinessChecks: ReadinessCheck[] = [];
  try {
    const eventBus = provided.eventBus ?? eventBusFromEnvironment(config.KAFKA_BROKERS, 'admin', logger);
    if (!provided.eventBus) closers.push(() => eventBus.close());

    let stores: AdminStores;
    if (provided.stores) {
      stores = provided.stores;
    } else if (config.MONGODB_URI) {
      const documents = await connectDocuments({
        uri: config.MONGODB_URI,
        dbName: config.MONGODB_DB,
        autoIndex: true,
        logger,
        defineModels: (connection) => ({
          users: new MongooseUserRepository(connection),
          jobs: new MongooseJobRepository(connection),
          purges: new MongoosePurgeRepository(connection),
          logs: new MongooseLogRepository(connection),
        }),
      });
      stores = documents.models;
      readinessChecks.push({ name: 'mongodb', check: () => documents.ping() });
      closers.push(() => documents.close());
    } else {
      const memory = await openMemoryStores(config.DATA_DIR ? path.join(config.DATA_DIR, 'admin') : undefined, logger);
      stores = memory;
      closers.push(() => memory.close());
    }

    return {
      eventBus,
      stores,
      readinessChecks,
      async close() {
        for (const close of closers.reverse()) await close();
      },
    };
  } catch (error) {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    throw error;
  }
}
