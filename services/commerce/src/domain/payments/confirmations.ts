import type { Logger } from '@kadr/telemetry';
import type { Orders } from '../orders/orders';
import type { ProviderConfirmation } from './provider-confirmation';

export type ConfirmationResult =
  | 'paid'
  | 'already_settled'
  | 'unknown_order'
  | 'wrong_provider'
  | 'wrong_transaction'
  | 'wrong_amount'
  | 'wrong_currency'
  | 'cancelled_by_chargeback'
  | 'chargeback_after_payment'
  | 'ignored_status';

/**
 * Applies a verified provider confirmation to its order: the order must exist, belong to that
 * provider, and the amount and currency must be the order's; then pending → paid (which puts
 * `payment.completed` in the order's outbox). Replays and late or out-of-order messages find the
 * order no longer pending and change nothing. Everything refused is logged for a person to
 * look at (money may have moved).
 */
export async function applyConfirmation(
  orders: Orders,
  confirmation: ProviderConfirmation,
  logger: Logger,
  correlationId: string,
): Promise<ConfirmationResult> {
  const context = {
    orderId: confirmation.orderId,
    provider: confirmation.provider,
    providerTitle: confirmation.providerTitle,
    status: confirmation.rawStatus,
  };
  const refuse = (result: ConfirmationResult, message: string): ConfirmationResult => {
    logger.error({ ...context, result }, message);
    return result;
  };

  const order = await orders.repository.get(confirmation.orderId);
  if (!order) return refuse('unknown_order', 'payment notification for an unknown order: nothing granted');
  if (order.provider !== confirmation.provider) {
    return refuse('wrong_provider', 'payment notification for an order of another provider: nothing granted');
  }
  if (order.providerTitle && order.providerTitle !== confirmation.providerTitle) {
    return refuse('wrong_transaction', 'payment notification for another transaction of this order: nothing granted');
  }
  if (confirmation.amountMinor !== order.amountMinor || (confirmation.paidMinor ?? 0) < order.amountMinor) {
    return refuse('wrong_amount', 'payment notification with the wrong amount: nothing granted');
  }
  if (confirmation.currency !== order.currency) {
    return refuse('wrong_currency', 'payment notification in the wrong currency: nothing granted');
  }

  if (confirmation.outcome === 'chargeback') {
    // Before the payment (out of order): the order can never be paid now. After it: a refund for a person.
    if (await orders.finish(order.id, 'cancelled')) {
      logger.warn(context, 'chargeback for a pending order: order cancelled');
      return 'cancelled_by_chargeback';
    }
    return refuse('chargeback_after_payment', 'chargeback for a settled order: needs a manual refund review');
  }
  if (confirmation.outcome !== 'paid') {
    logger.warn(context, 'payment notification with a status that settles nothing');
    return 'ignored_status';
  }
  const paid = await orders.markPaid(order, {
    providerTransactionId: order.providerTransactionId ?? confirmation.providerTitle,
    providerTitle: confirmation.providerTitle,
    correlationId,
  });
  if (paid) return 'paid';
  const current = await orders.repository.get(order.id);
  if (current?.status !== 'paid') {
    return refuse(
      'already_settled',
      `payment for an order that is ${current?.status ?? 'gone'}: needs a refund review`,
    );
  }
  logger.info(context, 'repeated payment notification: already paid');
  return 'already_settled';
}
