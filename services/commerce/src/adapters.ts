import { openInOrder, openStores } from '@kadr/documents';
import { eventBusFromEnvironment, type EventBus } from '@kadr/event-bus';
import type { AdapterContext, OpenedAdapters } from '@kadr/http-kit';
import type { CommerceConfig } from './config';
import { COMMERCE_STORES, type CommerceStores } from './data-access/stores';

export interface CommerceAdapters extends CommerceStores {
  eventBus: EventBus;
}

/**
 * MONGODB_URI → MongoDB (database MONGODB_DB); otherwise memory collections, persisted under
 * DATA_DIR/commerce when set. KAFKA_BROKERS → Kafka; otherwise the in-process bus. Adapters passed
 * in `provided` are used as they are and left open (the embedded launcher shares one bus).
 */
export function openCommerceAdapters(
  config: CommerceConfig,
  { logger, metrics }: AdapterContext,
  provided: Partial<CommerceAdapters> = {},
): Promise<CommerceAdapters & OpenedAdapters> {
  const { registry } = metrics;
  return openInOrder(async (own) => {
    const eventBus =
      provided.eventBus ?? own(eventBusFromEnvironment(config.KAFKA_BROKERS, 'commerce', logger, registry));
    const { stores, readinessChecks } = own(
      await openStores({ service: 'commerce', config, logger, registry, stores: COMMERCE_STORES, provided }),
    );
    return { ...stores, eventBus, readinessChecks };
  });
}
