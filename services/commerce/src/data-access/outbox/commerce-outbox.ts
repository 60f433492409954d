import { CreditsChangeReason, encodeEvent, timestampFromDate } from '@kadr/contracts';
import type { EventBus } from '@kadr/event-bus';
import type { AccountChange, LedgerKind } from '../../domain/credits/account';
import type { AccountRepository, PendingAccountChanges } from '../accounts/account.repository';
import type { LedgerRepository } from '../ledger/ledger.repository';
import type { Order } from '../../domain/orders/order';
import type { OrderRepository } from '../orders/order.repository';
import { chargebackSettlementsSource } from './chargeback-settlements';
import { entriesSource, OutboxRelay, type OutboxRelayOptions, type OutboxSource } from '@kadr/outbox';
import { inTraceOf } from '@kadr/telemetry';

const REASON: Record<LedgerKind, CreditsChangeReason> = {
  grant: CreditsChangeReason.GRANT,
  purchase: CreditsChangeReason.GRANT,
  refund: CreditsChangeReason.ADJUSTMENT,
  adjustment: CreditsChangeReason.ADJUSTMENT,
  // The proto's reasons predate chargebacks: a correction the administrator made, as an adjustment is.
  chargeback: CreditsChangeReason.ADJUSTMENT,
  hold: CreditsChangeReason.HOLD,
  capture: CreditsChangeReason.CAPTURE,
  release: CreditsChangeReason.RELEASE,
};

/**
 * Account changes: each is copied to the ledger (same id, so twice is once) and, when it moved
 * balance or held, published as `credits.changed` with the change's id as event id. The totals
 * are the account's at the time the relay read it (the badge shows the newest state).
 */
export function accountChangesSource(
  accounts: AccountRepository,
  ledger: LedgerRepository,
  bus: EventBus,
): OutboxSource {
  const deliver = async (account: PendingAccountChanges, change: AccountChange) => {
    // The trace is the event's business, not the ledger's.
    const { traceparent, ...entry } = change;
    await ledger.append([{ ...entry, userId: account.userId }]);
    if (change.balanceDelta === 0 && change.heldDelta === 0) return;
    const event = encodeEvent(
      {
        case: 'creditsChanged',
        value: {
          userId: account.userId,
          balance: account.balance,
          heldCredits: account.held,
          currency: account.currency,
          reason: REASON[change.kind],
          reference: change.reference,
          changedAt: timestampFromDate(change.occurredAt),
        },
      },
      { producer: 'commerce', correlationId: change.correlationId, eventId: change.id, occurredAt: change.occurredAt },
    );
    await inTraceOf({ traceparent }, () => bus.publish(event.topic, [event]));
  };
  return {
    name: 'accounts',
    async take(limit) {
      const pending = await accounts.takeOutbox(limit);
      return pending.map((account) => ({
        aggregateId: account.userId,
        items: account.changes.map((change) => ({ id: change.id, deliver: () => deliver(account, change) })),
      }));
    },
    remove: (userId, ids) => accounts.removeFromOutbox(userId, ids),
    stats: () => accounts.outboxStats(),
  };
}

/** Order events (`payment.completed`), encoded when the order changed; published as they are. */
export function orderEventsSource(orders: OrderRepository, bus: EventBus): OutboxSource {
  const outbox = {
    name: 'orders',
    take: async (limit: number) =>
      (await orders.takeOutbox(limit)).map(({ orderId, events }) => ({ aggregateId: orderId, entries: events })),
    remove: (orderId: string, ids: readonly string[]) => orders.removeFromOutbox(orderId, ids),
    stats: () => orders.outboxStats(),
  };
  return entriesSource(outbox, bus);
}

export interface CommerceOutboxRelayOptions extends Omit<OutboxRelayOptions, 'sources'> {
  accounts: AccountRepository;
  ledger: LedgerRepository;
  orders: OrderRepository;
  bus: EventBus;
  /** Takes back what a refunded order granted and records it on the order (the domain's, idempotent). */
  settleChargeback: (order: Order) => Promise<unknown>;
}

/**
 * Publishes what accounts and orders wrote to their outboxes (`credits.changed`, `payment.completed`), and
 * finishes chargebacks whose take-back is not settled.
 */
export function commerceOutboxRelay({
  accounts,
  ledger,
  orders,
  bus,
  settleChargeback,
  ...relay
}: CommerceOutboxRelayOptions): OutboxRelay {
  return new OutboxRelay({
    ...relay,
    sources: [
      accountChangesSource(accounts, ledger, bus),
      orderEventsSource(orders, bus),
      chargebackSettlementsSource(orders, settleChargeback),
    ],
  });
}
