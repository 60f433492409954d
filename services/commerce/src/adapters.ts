import { openInOrder, openStores, type StoreFactories } from '@kadr/documents';
import { eventBusFromEnvironment, type EventBus } from '@kadr/event-bus';
import type { OpenedAdapters } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import type { CommerceConfig } from './config';
import type { AccountRepository } from './data-access/accounts/account.repository';
import { MemoryAccountRepository } from './data-access/accounts/memory-account.repository';
import { MongooseAccountRepository } from './data-access/accounts/mongoose-account.repository';
import type { LedgerRepository } from './data-access/ledger/ledger.repository';
import { MemoryLedgerRepository } from './data-access/ledger/memory-ledger.repository';
import { MongooseLedgerRepository } from './data-access/ledger/mongoose-ledger.repository';
import { MemoryOrderRepository } from './data-access/orders/memory-order.repository';
import { MongooseOrderRepository } from './data-access/orders/mongoose-order.repository';
import type { OrderRepository } from './data-access/orders/order.repository';

/** Where commerce keeps its state and talks through; memory or real, chosen by configuration. */
export interface CommerceStores {
  accounts: AccountRepository;
  ledger: LedgerRepository;
  orders: OrderRepository;
}

export interface CommerceAdapters extends CommerceStores {
  eventBus: EventBus;
}

const STORES: StoreFactories<CommerceStores> = {
  accounts: { mongo: (c) => new MongooseAccountRepository(c), memory: (p) => MemoryAccountRepository.create(p) },
  ledger: { mongo: (c) => new MongooseLedgerRepository(c), memory: (p) => MemoryLedgerRepository.create(p) },
  orders: { mongo: (c) => new MongooseOrderRepository(c), memory: (p) => MemoryOrderRepository.create(p) },
};

/**
 * MONGODB_URI → MongoDB (database MONGODB_DB); otherwise memory collections, persisted under
 * DATA_DIR/commerce when set. KAFKA_BROKERS → Kafka; otherwise the in-process bus. Adapters passed
 * in `provided` are used as they are and left open (the embedded launcher shares one bus).
 */
export function openCommerceAdapters(
  config: CommerceConfig,
  logger: Logger,
  provided: Partial<CommerceAdapters> = {},
): Promise<CommerceAdapters & OpenedAdapters> {
  return openInOrder(async (own) => {
    const eventBus = provided.eventBus ?? own(eventBusFromEnvironment(config.KAFKA_BROKERS, 'commerce', logger));
    const { stores, readinessChecks } = own(
      await openStores({ service: 'commerce', config, logger, stores: STORES, provided }),
    );
    return { ...stores, eventBus, readinessChecks };
  });
}
