import { openInOrder, openStores } from '@kadr/documents';
import { eventBusFromEnvironment, type EventBus } from '@kadr/event-bus';
import type { AdapterContext, OpenedAdapters } from '@kadr/http-kit';
import type { I18nConfig } from './config';
import { I18N_STORES, type I18nStores } from './data-access/stores';

export interface I18nAdapters extends I18nStores {
  eventBus: EventBus;
}

/**
 * MONGODB_URI → MongoDB (database MONGODB_DB); otherwise a memory collection persisted under
 * DATA_DIR/i18n when set. KAFKA_BROKERS → Kafka; otherwise the in-process bus. Adapters passed in
 * `provided` are used as they are and left open (the embedded launcher shares one bus).
 */
export function openI18nAdapters(
  config: I18nConfig,
  { logger, metrics }: AdapterContext,
  provided: Partial<I18nAdapters> = {},
): Promise<I18nAdapters & OpenedAdapters> {
  return openInOrder(async (own) => {
    const eventBus =
      provided.eventBus ?? own(eventBusFromEnvironment(config.KAFKA_BROKERS, 'i18n', logger, metrics.registry));
    const { stores, readinessChecks } = own(
      await openStores({ service: 'i18n', config, logger, registry: metrics.registry, stores: I18N_STORES, provided }),
    );
    return { ...stores, eventBus, readinessChecks };
  });
}
