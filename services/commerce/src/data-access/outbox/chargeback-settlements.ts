import type { OutboxSource } from '@kadr/outbox';
import type { Order } from '../../domain/orders/order';
import type { OrderRepository } from '../orders/order.repository';

/**
 * Refunded orders whose take-back is not settled yet — the process that marked one stopped before the
 * account changed, or the take-back failed — delivered by settling them again (idempotent: the account
 * applies an order's take-back once). Settling clears the mark, so nothing is left to remove. Listed with
 * the other outboxes (`outbox="chargebacks"`), so one stuck shows on the same gauges and alert.
 */
export function chargebackSettlementsSource(
  orders: OrderRepository,
  settle: (order: Order) => Promise<unknown>,
): OutboxSource {
  return {
    name: 'chargebacks',
    async take(limit) {
      const waiting = await orders.listUnsettledChargebacks(limit);
      return waiting.map((order) => ({
        aggregateId: order.id,
        items: [{ id: `chargeback:${order.id}`, deliver: async () => void (await settle(order)) }],
      }));
    },
    remove: () => Promise.resolve(),
    stats: () => orders.unsettledChargebackStats(),
  };
}
