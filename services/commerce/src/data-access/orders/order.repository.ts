import type { OutboxStats } from '@kadr/outbox';
import type {
  ChargebackOutcome,
  EncodedOutboxEvent,
  FinalOrderStatus,
  Order,
  OrderChargeback,
} from '../../domain/orders/order';

export interface OrderTransition {
  to: FinalOrderStatus;
  at: Date;
  /** Pushed to the order's outbox in the same update (paid → `payment.completed`). */
  event?: EncodedOutboxEvent;
  providerTitle?: string;
}

export interface PendingOrderEvents {
  orderId: string;
  events: EncodedOutboxEvent[];
}

export interface OrderRepository {
  /**
   * Inserts the order unless this user already has one with its idempotency key; then answers
   * that one (`created: false`). Unique (userId, idempotencyKey).
   */
  create(order: Order): Promise<{ order: Order; created: boolean }>;
  get(orderId: string): Promise<Order | null>;
  /** Records where to pay, while pending. */
  attachPayment(
    orderId: string,
    payment: { paymentUrl: string; providerTransactionId: string | null; providerTitle: string | null },
  ): Promise<Order | null>;
  /** pending → `to`; null when the order is not pending (or unknown): nothing changed. */
  transition(orderId: string, transition: OrderTransition): Promise<Order | null>;
  /** One user's orders, newest first (created, then id), and how many they have in all. */
  listForUser(userId: string, page: { skip: number; take: number }): Promise<{ items: Order[]; total: number }>;
  /** Pending orders created before `before`, oldest first (for expiry). */
  listPendingCreatedBefore(before: Date, limit: number): Promise<Order[]>;
  /** paid → refunded with its chargeback (not yet settled); null when the order is not paid (or unknown). */
  chargeBack(orderId: string, chargeback: OrderChargeback): Promise<Order | null>;
  /** Fills a refunded order's take-back outcome once; null when it was already settled (or is no chargeback). */
  settleChargeback(orderId: string, outcome: ChargebackOutcome): Promise<Order | null>;
  /** Refunded orders whose take-back is not settled yet, oldest chargeback first (the relay finishes them). */
  listUnsettledChargebacks(limit: number): Promise<Order[]>;
  /** How many chargebacks wait for their take-back, and when the oldest was marked. */
  unsettledChargebackStats(): Promise<OutboxStats>;
  takeOutbox(limit: number): Promise<PendingOrderEvents[]>;
  removeFromOutbox(orderId: string, eventIds: readonly string[]): Promise<void>;
  /** Events not yet published, over all orders, and when the oldest was written (its `createdAt`). */
  outboxStats(): Promise<OutboxStats>;
  /** Purge. */
  deleteByUser(userId: string): Promise<number>;
}
