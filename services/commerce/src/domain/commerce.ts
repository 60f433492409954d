import type { Logger } from '@kadr/telemetry';
import type { AccountRepository } from '../data-access/accounts/account.repository';
import type { LedgerRepository } from '../data-access/ledger/ledger.repository';
import type { OrderRepository } from '../data-access/orders/order.repository';
import { BillingHistory } from './billing/billing-history';
import type { CommerceObserver } from './commerce-observer';
import { CreditAccounts } from './credits/accounts';
import { Holds } from './credits/holds';
import { Chargebacks } from './orders/chargebacks';
import { Orders } from './orders/orders';
import type { PaymentProvider } from './payments/payment-provider';
import { Subscriptions } from './subscriptions/subscriptions';

/** Commerce's domain: accounts hold the credits; subscriptions, holds and orders act on them. */
export interface Commerce {
  accounts: CreditAccounts;
  subscriptions: Subscriptions;
  holds: Holds;
  orders: Orders;
  /** Paid orders marked refunded after a chargeback by the administrator, and the take-back. */
  chargebacks: Chargebacks;
  /** The user's own ledger, its CSV and job receipts (read-only). */
  billing: BillingHistory;
}

export interface CommerceOptions {
  stores: { accounts: AccountRepository; ledger: LedgerRepository; orders: OrderRepository };
  provider: PaymentProvider;
  /** Credits a new account starts with (WELCOME_CREDITS). */
  welcomeCredits: number;
  /** Pending orders older than this expire (ORDER_EXPIRY_MINUTES). */
  orderExpiryMs: number;
  logger: Logger;
  clock?: () => Date;
  /** Called after every write that filled an outbox (the relay's nudge). */
  onChange: () => void;
  /** Told of holds, grants and payments as they take effect (the service's metrics). */
  observer?: CommerceObserver;
}

/** The domain objects, each given the others it builds on. */
export function createCommerce({
  stores,
  provider,
  welcomeCredits,
  orderExpiryMs,
  logger,
  clock,
  onChange,
  observer,
}: CommerceOptions): Commerce {
  const accounts = new CreditAccounts({ accounts: stores.accounts, welcomeCredits, clock, onChange, observer });
  const subscriptions = new Subscriptions(accounts);
  const holds = new Holds(accounts, subscriptions, stores.ledger);
  const orders = new Orders({
    orders: stores.orders,
    accounts,
    provider,
    logger,
    expiryMs: orderExpiryMs,
    clock,
    onChange,
    observer,
  });
  const chargebacks = new Chargebacks({
    orders: stores.orders,
    accounts,
    subscriptions,
    ledger: stores.ledger,
    logger,
  });
  const billing = new BillingHistory({ ledger: stores.ledger, accounts: stores.accounts });
  return { accounts, subscriptions, holds, orders, chargebacks, billing };
}
