import { openInOrder, openStores } from '@kadr/documents';
import { eventBusFromEnvironment, type EventBus } from '@kadr/event-bus';
import type { AdapterContext, OpenedAdapters } from '@kadr/http-kit';
import { keyValueStoreFromEnvironment, type KeyValueStore } from '@kadr/kv-store';
import type { GatewayConfig } from './config';
import { GATEWAY_STORES, type GatewayStores } from './data-access/stores';

/** What the gateway keeps its state in and talks through; memory or real, chosen by configuration. */
export interface GatewayAdapters extends GatewayStores {
  /** Sessions, login transactions, idempotency records, rate-limit counters (Redis / memory). */
  keyValueStore: KeyValueStore;
  /** `user.registered` out, `user.deleted` in (Kafka / memory). */
  eventBus: EventBus;
}

/** The key prefix of everything the gateway stores in the shared key-value store. */
export const KEY_PREFIX = 'auth-gateway:';

/**
 * Opens the adapters the configuration names (KAFKA_BROKERS, REDIS_URL, MONGODB_URI; memory for each one unset);
 * those in `provided` are used as they are and left open (the embedded launcher shares one event bus).
 */
export function openGatewayAdapters(
  config: GatewayConfig,
  { logger, metrics }: AdapterContext,
  provided: Partial<GatewayAdapters> = {},
): Promise<GatewayAdapters & OpenedAdapters> {
  return openInOrder(async (own) => {
    const eventBus =
      provided.eventBus ?? own(eventBusFromEnvironment(config.KAFKA_BROKERS, 'auth-gateway', logger, metrics.registry));
    const onError = (err: unknown) => logger.warn({ err }, 'key-value store error');
    const { registry } = metrics;
    const kvSettings = { keyPrefix: KEY_PREFIX, onError, registry };
    const keyValueStore = provided.keyValueStore ?? own(keyValueStoreFromEnvironment(config.REDIS_URL, kvSettings));
    const { stores, readinessChecks } = own(
      await openStores({ service: 'auth-gateway', config, logger, registry, provided, stores: GATEWAY_STORES }),
    );
    // Sessions, CSRF, idempotency and rate limits live there: no request can be served without it.
    if (config.REDIS_URL) readinessChecks.unshift({ name: 'redis', check: () => keyValueStore.ping() });
    return { keyValueStore, eventBus, ...stores, readinessChecks };
  });
}
