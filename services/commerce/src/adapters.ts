import path from 'node:path';
import { connectDocuments } from '@kadr/documents';
import { eventBusFromEnvironment, type EventBus } from '@kadr/event-bus';
import type { ReadinessCheck } from '@kadr/http-kit';
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

export interface OpenedAdapters extends CommerceAdapters {
  readinessChecks: ReadinessCheck[];
  /** Closes what was opened here (not what the caller passed in). */
  close(): Promise<void>;
}

/**
 * MONGODB_URI → MongoDB (database MONGODB_DB); otherwise memory collections, persisted under
 * DATA_DIR when set. KAFKA_BROKERS → Kafka; otherwise the in-process bus. Adapters passed in
 * `provided` are used as they are and left open (the embedded launcher shares one bus).
 */
export async function openCommerceAdapters(
  config: CommerceConfig,
  logger: Logger,
  provided: Partial<CommerceAdapters> = {},
): Promise<OpenedAdapters> {
  const closers: Array<() => Promise<void>> = [];
  const readinessChecks: ReadinessCheck[] = [];

  const eventBus = provided.eventBus ?? eventBusFromEnvironment(config.KAFKA_BROKERS, 'commerce', logger);
  if (!provided.eventBus) closers.push(() => eventBus.close());

  let stores: CommerceStores;
  if (provided.accounts && provided.ledger && provided.orders) {
    stores = { accounts: provided.accounts, ledger: provided.ledger, orders: provided.orders };
  } else if (config.MONGODB_URI) {
    const documents = await connectDocuments({
      uri: config.MONGODB_URI,
      dbName: config.MONGODB_DB,
      autoIndex: true,
      logger,
      defineModels: (connection) => ({
        accounts: new MongooseAccountRepository(connection),
        ledger: new MongooseLedgerRepository(connection),
        orders: new MongooseOrderRepository(connection),
      }),
    });
    stores = documents.models;
    readinessChecks.push({ name: 'mongodb', check: () => documents.ping() });
    closers.push(() => documents.close());
  } else {
    // Each service keeps its own folder under the shared data directory.
    const persistence = { dataDir: config.DATA_DIR ? path.join(config.DATA_DIR, 'commerce') : undefined, logger };
    const accounts = await MemoryAccountRepository.create(persistence);
    const ledger = await MemoryLedgerRepository.create(persistence);
    const orders = await MemoryOrderRepository.create(persistence);
    stores = { accounts, ledger, orders };
    closers.push(
      () => accounts.close(),
      () => ledger.close(),
      () => orders.close(),
    );
  }

  return {
    ...stores,
    eventBus,
    readinessChecks,
    async close() {
      for (const close of closers) await close();
    },
  };
}
