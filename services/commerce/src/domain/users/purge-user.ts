import type { AccountRepository } from '../../data-access/accounts/account.repository';
import type { LedgerRepository } from '../../data-access/ledger/ledger.repository';
import type { OrderRepository } from '../../data-access/orders/order.repository';

export interface PurgeStores {
  accounts: Pick<AccountRepository, 'delete'>;
  ledger: Pick<LedgerRepository, 'deleteByUser'>;
  orders: Pick<OrderRepository, 'deleteByUser'>;
}

/**
 * Erases everything commerce holds about a user: account (holds, plan, outbox), ledger and
 * orders. Each step is idempotent, so a redelivered `user.deleted` finishes a purge a crash
 * interrupted. The account goes first: with it gone no new change can reach the ledger through
 * the outbox relay.
 */
export async function purgeUser(stores: PurgeStores, userId: string): Promise<void> {
  await stores.accounts.delete(userId);
  await stores.orders.deleteByUser(userId);
  await stores.ledger.deleteByUser(userId);
}
