import { CreditsChangeReason, EVENT_HEADER, encodeEvent, timestampFromDate } from '@kadr/contracts';
import type { EventBus } from '@kadr/event-bus';
import type { AccountChange, LedgerKind } from '../../domain/credits/account';
import type { AccountRepository, PendingAccountChanges } from '../accounts/account.repository';
import type { LedgerRepository } from '../ledger/ledger.repository';
import type { OrderRepository } from '../orders/order.repository';
import type { OutboxSource } from '@kadr/outbox';

const REASON: Record<LedgerKind, CreditsChangeReason> = {
  grant: CreditsChangeReason.GRANT,
  purchase: CreditsChangeReason.GRANT,
  refund: CreditsChangeReason.ADJUSTMENT,
  adjustment: CreditsChangeReason.ADJUSTMENT,
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
    await ledger.append([{ ...change, userId: account.userId }]);
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
    await bus.publish(event.topic, [event]);
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
  };
}

/** Order events (`payment.completed`), encoded when the order changed; published as they are. */
export function orderEventsSource(orders: OrderRepository, bus: EventBus): OutboxSource {
  return {
    name: 'orders',
    async take(limit) {
      const pending = await orders.takeOutbox(limit);
      return pending.map(({ orderId, events }) => ({
        aggregateId: orderId,
        items: events.map((event) => ({
          id: event.id,
          deliver: () =>
            bus.publish(event.topic, [
              {
                key: event.key,
                value: Buffer.from(event.value, 'base64'),
                headers: {
                  [EVENT_HEADER.eventId]: event.id,
                  [EVENT_HEADER.eventType]: event.topic,
                  [EVENT_HEADER.correlationId]: event.correlationId,
                },
              },
            ]),
        })),
      }));
    },
    remove: (orderId, ids) => orders.removeFromOutbox(orderId, ids),
  };
}
