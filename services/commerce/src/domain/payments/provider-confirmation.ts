import type { PaymentProviderName } from '@kadr/contracts';

/** A verified message from a provider about one of our orders (signature already checked). */
export interface ProviderConfirmation {
  provider: PaymentProviderName;
  /** Our order id, as we gave it to the provider. */
  orderId: string;
  /** The provider's transaction title (Tpay `tr_id`). */
  providerTitle: string;
  amountMinor: number;
  /** What was actually paid (null when unreadable). */
  paidMinor: number | null;
  currency: string;
  outcome: 'paid' | 'chargeback' | 'other';
  rawStatus: string;
  testMode: boolean;
}
