import type { StoreFactories } from '@kadr/documents';
import type { AccountRepository } from './accounts/account.repository';
import { MemoryAccountRepository } from './accounts/memory-account.repository';
import type * as MongooseAccountRepositoryModule from './accounts/mongoose-account.repository';
import type { LedgerRepository } from './ledger/ledger.repository';
import { MemoryLedgerRepository } from './ledger/memory-ledger.repository';
import type * as MongooseLedgerRepositoryModule from './ledger/mongoose-ledger.repository';
import { MemoryOrderRepository } from './orders/memory-order.repository';
import type * as MongooseOrderRepositoryModule from './orders/mongoose-order.repository';
import type { OrderRepository } from './orders/order.repository';

/* eslint-disable @typescript-eslint/no-require-imports -- The mongoose repositories are required on
   first use, not imported: mongoose (about 400 modules) then loads only when MONGODB_URI is set, never
   in the embedded mode (issue 19, start-up time). */
const mongooseAccountRepository = () =>
  (require('./accounts/mongoose-account.repository') as typeof MongooseAccountRepositoryModule)
    .MongooseAccountRepository;
const mongooseLedgerRepository = () =>
  (require('./ledger/mongoose-ledger.repository') as typeof MongooseLedgerRepositoryModule).MongooseLedgerRepository;
const mongooseOrderRepository = () =>
  (require('./orders/mongoose-order.repository') as typeof MongooseOrderRepositoryModule).MongooseOrderRepository;
/* eslint-enable @typescript-eslint/no-require-imports */

/** The collections commerce keeps: credit accounts (with their outbox), the ledger, orders. */
export interface CommerceStores {
  accounts: AccountRepository;
  ledger: LedgerRepository;
  orders: OrderRepository;
}

/** Each collection on MongoDB or in memory (`openStores` of @kadr/documents picks one). */
export const COMMERCE_STORES: StoreFactories<CommerceStores> = {
  accounts: { mongo: (c) => new (mongooseAccountRepository())(c), memory: (p) => MemoryAccountRepository.create(p) },
  ledger: { mongo: (c) => new (mongooseLedgerRepository())(c), memory: (p) => MemoryLedgerRepository.create(p) },
  orders: { mongo: (c) => new (mongooseOrderRepository())(c), memory: (p) => MemoryOrderRepository.create(p) },
};
