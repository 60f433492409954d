import type { PaymentProviderName } from '@kadr/contracts';
import type { Order } from '../orders/order';

export interface PaymentStart {
  /** Where the browser goes to pay. */
  paymentUrl: string;
  providerTransactionId: string | null;
  providerTitle: string | null;
}

export interface Payer {
  email?: string;
  name?: string;
}

/**
 * The payment-provider port (ARCHITECTURE §3): `mock` for development and tests, `tpay` for
 * real money. Providers only start payments; the money is confirmed by the provider's own
 * path (mock-process, or Tpay's verified notification).
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Throws an HttpProblem `banking_*` when the provider cannot be reached or refuses. */
  startPayment(order: Order, payer: Payer): Promise<PaymentStart>;
}
