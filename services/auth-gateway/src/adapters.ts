import path from 'node:path';
import { connectDocuments } from '@kadr/documents';
import { eventBusFromEnvironment, type EventBus } from '@kadr/event-bus';
import type { ReadinessCheck } from '@kadr/http-kit';
import { createKeyValueStore, type KeyValueStore } from '@kadr/kv-store';
import type { Logger } from '@kadr/telemetry';
import type { GatewayConfig } from './config';
import { MemoryUserRepository } from './data-access/users/memory-user.repository';
import { MongooseUserRepository } from './data-access/users/mongoose-user.repository';
import type { UserRepository } from './data-access/users/user.repository';

/** What the gateway keeps its state in and talks through; memory or real, chosen by configuration. */
export interface GatewayAdapters {
  /** Sessions, login transactions, idempotency records, rate-limit counters (Redis / memory). */
  keyValueStore: KeyValueStore;
  /** `user.registered` out, `user.deleted` in (Kafka / memory). */
  eventBus: EventBus;
  /** The users collection (MongoDB / memory). */
  users: UserRepository;
}

export interface OpenedAdapters extends GatewayAdapters {
  readinessChecks: ReadinessCheck[];
  /** Closes what was opened here (not what the caller passed in), stores last. */
  close(): Promise<void>;
}

/** The key prefix of everything the gateway stores in the shared key-value store. */
export const KEY_PREFIX = 'auth-gateway:';

/**
 * Opens the adapters the configuration names (REDIS_URL, KAFKA_BROKERS, MONGODB_URI; memory
 * for each one that is unset). Adapters in `provided` are used as they are and left open: the
 * embedded launcher shares one event bus and one keyspace between all services.
 */
export async function openGatewayAdapters(
  config: GatewayConfig,
  logger: Logger,
  provided: Partial<GatewayAdapters> = {},
): Promise<OpenedAdapters> {
  const closers: Array<() => Promise<void>> = [];
  const readinessChecks: ReadinessCheck[] = [];

  const keyValueStore =
    provided.keyValueStore ??
    createKeyValueStore(
      config.REDIS_URL
        ? {
            kind: 'redis',
            url: config.REDIS_URL,
            keyPrefix: KEY_PREFIX,
            onError: (err) => logger.warn({ err }, 'key-value store error'),
          }
        : { kind: 'memory', keyPrefix: KEY_PREFIX },
    );
  if (!provided.keyValueStore) closers.push(() => keyValueStore.close());
  // Sessions, CSRF, idempotency and rate limits live there: no request can be served without it.
  if (config.REDIS_URL) readinessChecks.push({ name: 'redis', check: () => keyValueStore.ping() });

  const eventBus = provided.eventBus ?? eventBusFromEnvironment(config.KAFKA_BROKERS, 'auth-gateway', logger);
  if (!provided.eventBus) closers.unshift(() => eventBus.close());

  let users = provided.users;
  if (!users) {
    if (config.MONGODB_URI) {
      const documents = await connectDocuments({
        uri: config.MONGODB_URI,
        dbName: config.MONGODB_DB,
        autoIndex: true,
        logger,
        defineModels: (connection) => ({ users: new MongooseUserRepository(connection) }),
      });
      users = documents.models.users;
      readinessChecks.push({ name: 'mongodb', check: () => documents.ping() });
      closers.push(() => documents.close());
    } else {
      const memoryUsers = await MemoryUserRepository.create(
        config.DATA_DIR ? { dataDir: path.join(config.DATA_DIR, 'auth-gateway') } : {},
      );
      users = memoryUsers;
      closers.push(() => memoryUsers.close());
    }
  }

  return {
    keyValueStore,
    eventBus,
    users,
    readinessChecks,
    async close() {
      for (const close of closers) await close();
    },
  };
}
