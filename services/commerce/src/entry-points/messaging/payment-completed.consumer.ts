import type { TopicHandler } from '@kadr/event-bus';
import type { Logger } from '@kadr/telemetry';
import { PLAN_IDS, type PlanId } from '@kadr/contracts';
import type { CreditAccounts } from '../../domain/credits/accounts';
import type { Subscriptions } from '../../domain/subscriptions/subscriptions';

const isPlanId = (value: string): value is PlanId => (PLAN_IDS as readonly string[]).includes(value);

/**
 * `payment.completed` → grant the package's credits or activate the plan, exactly once per
 * order: the account records applied order ids in the same update as the grant.
 */
export function onPaymentCompleted(
  accounts: CreditAccounts,
  subscriptions: Subscriptions,
  logger: Logger,
): TopicHandler<'payment.completed'> {
  return async (event) => {
    const { orderId, userId, product, credits } = event.payload.value;
    if (product.case === 'packageId') {
      const granted = await accounts.grantPurchase(userId, orderId, credits, event.correlationId);
      logger.info({ orderId, userId, credits, applied: granted }, 'paid package');
      return;
    }
    if (product.case === 'planId' && isPlanId(product.value)) {
      const outcome = await subscriptions.activate(userId, product.value, orderId, event.correlationId);
      if (outcome === 'not_applicable') {
        // Paid while another plan runs (both ordered before either was paid): a person refunds it.
        logger.error(
          { orderId, userId, plan: product.value },
          'paid plan order while another plan runs: not applied, refund it',
        );
        return;
      }
      logger.info({ orderId, userId, plan: product.value, applied: outcome === 'activated' }, 'paid plan');
      return;
    }
    // Thrown: retried, then dead-lettered with the reason — a person must look at a paid order we cannot apply.
    throw new Error(`payment.completed for order ${orderId} names no known package or plan`);
  };
}
