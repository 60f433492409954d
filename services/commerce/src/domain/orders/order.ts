import type { OutboxEntry } from '@kadr/outbox';
import type { OrderStatus, PaymentProviderName, PlanId } from '@kadr/contracts';

/**
 * An order: one purchase of a credit package or of a plan's period, priced when created.
 * States: pending → paid | failed | cancelled | expired (every transition a conditional update from
 * `pending`), and paid → refunded when the administrator records a chargeback (conditional on `paid`).
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
  /** Set with paid → refunded; absent on every other order (and on orders stored before chargebacks existed). */
  chargeback?: OrderChargeback | null;
}

/**
 * A chargeback recorded on a paid order. The order changes first (one conditional write, which decides
 * that it happens at all); the take-back on the account follows and fills the outcome. Until then
 * `settledAt` is null: the outbox relay finds such orders and finishes them (chargebacks.ts), so a crash
 * between the two writes delays the take-back, never loses it.
 */
export interface OrderChargeback {
  reason: string;
  /** The administrator's Idempotency-Key: the same key again is a replay of this chargeback. */
  idempotencyKey: string;
  /** The administrator's user id. */
  markedBy: string;
  markedAt: Date;
  settledAt: Date | null;
  /** Credits taken back from the balance; null until settled. */
  takenCredits: number | null;
  /** Credits the order granted that could not be taken back (spent or held); null until settled. */
  shortfallCredits: number | null;
  /** A plan order: when the plan ends after losing the order's period; null when no plan time was taken. */
  planEndsAt: Date | null;
}

/** What the take-back found and did (the chargeback's settled fields). */
export type ChargebackOutcome = Pick<OrderChargeback, 'takenCredits' | 'shortfallCredits' | 'planEndsAt'> & {
  settledAt: Date;
};

/** An event encoded at write time, so the relay publishes exactly what the transition decided. */
export type EncodedOutboxEvent = OutboxEntry;

/** Where a pending order can go (refunded is reached from paid only). */
export type FinalOrderStatus = Exclude<OrderStatus, 'pending' | 'refunded'>;
