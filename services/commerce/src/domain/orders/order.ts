import type { OutboxEntry } from '@kadr/outbox';
import type { OrderStatus, PaymentProviderName, PlanId } from '@kadr/contracts';

/**
 * An order: one purchase of a credit package or of a plan's period, priced when created.
 * States: pending → paid | failed | cancelled | expired, and nothing else (every transition is a
 * conditional update from `pending`).
 */
export interface Order {
  id: string;
  userId: string;
  /** The gateway's Idempotency-Key of the create-order call (or the order id when none): same user + key → same order. */
  idempotencyKey: string;
  kind: 'package' | 'plan';
  packageId: string | null;
  planId: PlanId | null;
  /** Credits granted when paid; 0 for a plan. */
  credits: number;
  /** Price in minor units (grosze). */
  amountMinor: number;
  currency: 'PLN';
  provider: PaymentProviderName;
  status: OrderStatus;
  /** Where the browser pays; empty until the provider answered. */
  paymentUrl: string;
  /** The provider's id of the transaction (Tpay: `transactionId`). */
  providerTransactionId: string | null;
  /** The provider's human-facing transaction title (Tpay: `title`, echoed as `tr_id` in notifications). */
  providerTitle: string | null;
  createdAt: Date;
  updatedAt: Date;
  paidAt: Date | null;
  /** Encoded events waiting for the relay (`payment.completed`), written with the transition. */
  outbox: EncodedOutboxEvent[];
}

/** An event encoded at write time, so the relay publishes exactly what the transition decided. */
export type EncodedOutboxEvent = OutboxEntry;

export type FinalOrderStatus = Exclude<OrderStatus, 'pending'>;
