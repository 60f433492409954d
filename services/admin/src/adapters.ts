import { openInOrder, openStores, type Closing, type StoreFactories } from '@kadr/documents';
import { eventBusFromEnvironment, type EventBus } from '@kadr/event-bus';
import type { OpenedAdapters } from '@kadr/http-kit';
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

const STORES: StoreFactories<AdminStores> = {
  users: { mongo: (c) => new MongooseUserRepository(c), memory: (p) => MemoryUserRepository.create(p) },
  jobs: { mongo: (c) => new MongooseJobRepository(c), memory: (p) => MemoryJobRepository.create(p) },
  purges: { mongo: (c) => new MongoosePurgeRepository(c), memory: (p) => MemoryPurgeRepository.create(p) },
  logs: { mongo: (c) => new MongooseLogRepository(c), memory: (p) => MemoryLogRepository.create(p) },
};

/** The four collections in memory only (tests). */
export async function openMemoryStores(): Promise<AdminStores & Closing> {
  const { stores, close } = await openStores({ service: 'admin', config: {}, stores: STORES });
  return { ...stores, close };
}

/**
 * MONGODB_URI → MongoDB (database MONGODB_DB); otherwise memory collections persisted under
 * DATA_DIR/admin when set. KAFKA_BROKERS → Kafka; otherwise the in-process bus. What `provided`
 * holds is used as it is and left open (the embedded launcher shares one bus).
 */
export function openAdminAdapters(
  config: AdminConfig,
  logger: Logger,
  provided: Partial<AdminAdapters> = {},
): Promise<AdminAdapters & OpenedAdapters> {
  return openInOrder(async (own) => {
    const eventBus = provided.eventBus ?? own(eventBusFromEnvironment(config.KAFKA_BROKERS, 'admin', logger));
    const opened = own(
      await openStores({ service: 'admin', config, logger, stores: STORES, provided: provided.stores }),
    );
    return { eventBus, stores: opened.stores, readinessChecks: opened.readinessChecks };
  });
}
