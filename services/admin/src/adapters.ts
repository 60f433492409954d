import { openInOrder, openStores } from '@kadr/documents';
import { eventBusFromEnvironment, type EventBus } from '@kadr/event-bus';
import type { AdapterContext, OpenedAdapters } from '@kadr/http-kit';
import type { AdminConfig } from './config';
import { ADMIN_STORES, type AdminStores } from './data-access/stores';

export interface AdminAdapters {
  eventBus: EventBus;
  stores: AdminStores;
}

/**
 * MONGODB_URI → MongoDB (database MONGODB_DB); otherwise memory collections persisted under
 * DATA_DIR/admin when set. KAFKA_BROKERS → Kafka; otherwise the in-process bus. What `provided`
 * holds is used as it is and left open (the embedded launcher shares one bus).
 */
export function openAdminAdapters(
  config: AdminConfig,
  { logger, metrics }: AdapterContext,
  provided: Partial<AdminAdapters> = {},
): Promise<AdminAdapters & OpenedAdapters> {
  return openInOrder(async (own) => {
    const eventBus =
      provided.eventBus ?? own(eventBusFromEnvironment(config.KAFKA_BROKERS, 'admin', logger, metrics.registry));
    const opened = own(
      await openStores({
        service: 'admin',
        config,
        logger,
        registry: metrics.registry,
        stores: ADMIN_STORES,
        provided: provided.stores,
      }),
    );
    return { eventBus, stores: opened.stores, readinessChecks: opened.readinessChecks };
  });
}
