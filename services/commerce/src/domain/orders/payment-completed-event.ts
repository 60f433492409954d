import { encodeEvent, timestampFromDate } from '@kadr/contracts';
import { outboxEntryOf } from '@kadr/outbox';
import type { EncodedOutboxEvent, Order } from './order';

/** `payment.completed` for a paid order, encoded now so the relay publishes exactly this. */
export function paymentCompletedEvent(
  order: Order,
  paid: { providerTransactionId: string; paidAt: Date; correlationId: string },
): EncodedOutboxEvent {
  return outboxEntryOf(
    encodeEvent(
      {
        case: 'paymentCompleted',
        value: {
          orderId: order.id,
          userId: order.userId,
          provider: order.provider,
          product:
            order.kind === 'package'
              ? { case: 'packageId', value: order.packageId ?? '' }
              : { case: 'planId', value: order.planId ?? '' },
          credits: order.credits,
          amountMinor: BigInt(order.amountMinor),
          currency: order.currency,
          providerTransactionId: paid.providerTransactionId,
          paidAt: timestampFromDate(paid.paidAt),
        },
      },
      { producer: 'commerce', correlationId: paid.correlationId, occurredAt: paid.paidAt },
    ),
  );
}
