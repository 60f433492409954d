import type { StoreFactories } from '@kadr/documents';
import type { AccountRepository } from './accounts/account.repository';
import { MemoryAccountRepository } from './accounts/memory-account.repository';
import { MongooseAccountRepository } from './accounts/mongoose-account.repository';
import type { LedgerRepository } from './ledger/ledger.repository';
import { MemoryLedgerRepository } from './ledger/memory-ledger.repository';
import { MongooseLedgerRepository } from './ledger/mongoose-ledger.repository';
import { MemoryOrderRepository } from './orders/memory-order.repository';
import { MongooseOrderRepository } from './orders/mongoose-order.repository';
import type { OrderRepository } from './orders/order.repository';

/** The collections commerce keeps: credit accounts (with their outbox), the ledger, orders. */
export interface CommerceStores {
  accounts: AccountRepository;
  ledger: LedgerRepository;
  orders: OrderRepository;
}

/** Each collection on MongoDB or in memory (`openStores` of @kadr/documents picks one). */
export const COMMERCE_STORES: StoreFactories<CommerceStores> = {
  accounts: { mongo: (c) => new MongooseAccountRepository(c), memory: (p) => MemoryAccountRepository.create(p) },
  ledger: { mongo: (c) => new MongooseLedgerRepository(c), memory: (p) => MemoryLedgerRepository.create(p) },
  orders: { mongo: (c) => new MongooseOrderRepository(c), memory: (p) => MemoryOrderRepository.create(p) },
};
