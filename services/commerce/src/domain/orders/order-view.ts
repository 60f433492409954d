import type { Order as OrderView } from '@kadr/contracts';
import type { Order } from './order';

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
