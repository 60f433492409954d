import { openInOrder, openStores } from '@kadr/documents';
import { eventBusFromEnvironment, type EventBus } from '@kadr/event-bus';
import type { OpenedAdapters } from '@kadr/http-kit';
import { createKeyValueStore, type KeyValueStore, type KeyValueStoreConfig } from '@kadr/kv-store';
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

/** The key prefix of everything the gateway stores in the shared key-value store. */
export const KEY_PREFIX = 'auth-gateway:';

/**
 * Opens the adapters the configuration names (KAFKA_BROKERS, REDIS_URL, MONGODB_URI; memory for
 * each one that is unset). Adapters in `provided` are used as they are and left open: the
 * embedded launcher shares one event bus and one keyspace between all services.
 */
export function openGatewayAdapters(
  config: GatewayConfig,
  logger: Logger,
  provided: Partial<GatewayAdapters> = {},
): Promise<GatewayAdapters & OpenedAdapters> {
  return openInOrder(async (own) => {
    const eventBus = provided.eventBus ?? own(eventBusFromEnvironment(config.KAFKA_BROKERS, 'auth-gateway', logger));
    const keyValueStore = provided.keyValueStore ?? own(createKeyValueStore(keyValueStoreConfig(config, logger)));
    const { stores, readinessChecks } = own(
      await openStores<Pick<GatewayAdapters, 'users'>>({
        service: 'auth-gateway',
        config,
        logger,
        provided,
        stores: {
          users: { mongo: (c) => new MongooseUserRepository(c), memory: (p) => MemoryUserRepository.create(p) },
        },
      }),
    );
    // Sessions, CSRF, idempotency and rate limits live there: no request can be served without it.
    if (config.REDIS_URL) readinessChecks.unshift({ name: 'redis', check: () => keyValueStore.ping() });
    return { keyValueStore, eventBus, users: stores.users, readinessChecks };
  });
}

function keyValueStoreConfig(config: GatewayConfig, logger: Logger): KeyValueStoreConfig {
  if (!config.REDIS_URL) return { kind: 'memory', keyPrefix: KEY_PREFIX };
  const onError = (err: unknown) => logger.warn({ err }, 'key-value store error');
  return { kind: 'redis', url: config.REDIS_URL, keyPrefix: KEY_PREFIX, onError };
}
