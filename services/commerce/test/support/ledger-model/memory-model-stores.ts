import { MemoryAccountRepository } from '../../../src/data-access/accounts/memory-account.repository';
import { MemoryLedgerRepository } from '../../../src/data-access/ledger/memory-ledger.repository';
import { MemoryOrderRepository } from '../../../src/data-access/orders/memory-order.repository';
import type { ModelStores } from './run-ledger-model';

/** Fresh memory stores (the model check opens one set per case). */
export async function openMemoryModelStores(): Promise<ModelStores> {
  const stores = {
    accounts: await MemoryAccountRepository.create(),
    ledger: await MemoryLedgerRepository.create(),
    orders: await MemoryOrderRepository.create(),
  };
  return {
    stores,
    async close() {
      await Promise.all([stores.accounts.close(), stores.ledger.close(), stores.orders.close()]);
    },
  };
}
