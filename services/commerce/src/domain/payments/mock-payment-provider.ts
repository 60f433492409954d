import type { Order } from '../orders/order';
import type { PaymentProvider, PaymentStart } from './payment-provider';

/**
 * Development and tests: the "payment page" is the web app's `/payment/mock-process`, whose
 * buttons call `POST …/payment/mock-process` with success or failure.
 */
export class MockPaymentProvider implements PaymentProvider {
  readonly name = 'mock' as const;

  constructor(private readonly webUrl: string) {}

  startPayment(order: Order): Promise<PaymentStart> {
    const url = new URL('/payment/mock-process', this.webUrl);
    url.searchParams.set('orderId', order.id);
    return Promise.resolve({ paymentUrl: url.href, providerTransactionId: `mock-${order.id}`, providerTitle: null });
  }
}
