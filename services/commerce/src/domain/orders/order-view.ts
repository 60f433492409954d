import type { AdminOrder, Order as OrderView, OrderChargeback as ChargebackView } from '@kadr/contracts';
import type { Order, OrderChargeback } from './order';

/** The order as its owner sees it (no user id, no idempotency key, no outbox). */
export function orderView(order: Order): OrderView {
  return {
    id: order.id,
    status: order.status,
    kind: order.kind,
    packageId: order.packageId,
    planId: order.planId,
    credits: order.credits,
    price: { amountMinor: order.amountMinor, currency: order.currency },
    provider: order.provider,
    paymentUrl: order.paymentUrl,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt ? order.paidAt.toISOString() : null,
  };
}

/** The order as the administrator sees it: whose it is and, once refunded, its chargeback (not its key). */
export function adminOrderView(order: Order): AdminOrder {
  return {
    ...orderView(order),
    userId: order.userId,
    chargeback: order.chargeback ? chargebackView(order.chargeback) : null,
  };
}

function chargebackView(chargeback: OrderChargeback): ChargebackView {
  return {
    reason: chargeback.reason,
    markedBy: chargeback.markedBy,
    markedAt: chargeback.markedAt.toISOString(),
    settledAt: chargeback.settledAt?.toISOString() ?? null,
    takenCredits: chargeback.takenCredits,
    shortfallCredits: chargeback.shortfallCredits,
    planEndsAt: chargeback.planEndsAt?.toISOString() ?? null,
  };
}
