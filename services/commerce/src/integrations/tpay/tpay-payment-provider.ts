import { findPackage, findPlan } from '../../domain/catalogue/catalogue';
import type { Order } from '../../domain/orders/order';
import type { Payer, PaymentProvider, PaymentStart } from '../../domain/payments/payment-provider';
import type { TpayApi } from './tpay-api';
import { toBankingProblem } from './tpay-errors';
import type { TpaySettings } from './tpay-settings';

function withOrderId(url: string, orderId: string): string {
  const target = new URL(url);
  target.searchParams.set('orderId', orderId);
  return target.href;
}

function describe(order: Order): string {
  if (order.kind === 'package') return `Kadr: ${findPackage(order.packageId ?? '')?.name ?? 'credits'}`;
  return `Kadr: ${order.planId ? findPlan(order.planId).name : 'plan'} (1 month)`;
}

/** Starts a Tpay transaction for the order; Tpay's failures become the catalogue's banking problems. */
export class TpayPaymentProvider implements PaymentProvider {
  readonly name = 'tpay' as const;

  constructor(
    private readonly api: TpayApi,
    private readonly settings: Pick<TpaySettings, 'successUrl' | 'errorUrl'>,
  ) {}

  async startPayment(order: Order, payer: Payer): Promise<PaymentStart> {
    try {
      const email = payer.email ?? '';
      const transaction = await this.api.createTransaction({
        amountMinor: order.amountMinor,
        description: describe(order),
        hiddenDescription: order.id,
        payer: { email, name: payer.name?.trim() || email },
        successUrl: withOrderId(this.settings.successUrl, order.id),
        errorUrl: withOrderId(this.settings.errorUrl, order.id),
      });
      return {
        paymentUrl: transaction.transactionPaymentUrl,
        providerTransactionId: transaction.transactionId,
        providerTitle: transaction.title,
      };
    } catch (error) {
      throw toBankingProblem(error);
    }
  }
}
