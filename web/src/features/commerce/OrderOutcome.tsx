import type { Order } from '@kadr/contracts';
import { formatDate } from '../../i18n/format';
import { formatCredits } from '../../layout/CreditsBadge';
import { Spinner } from '../../ui';
import { isUnsuccessfulOrderStatus } from './order-status';
import { PLAN_NAMES, useCommerceText } from './use-commerce-text';
import { useCreditGrant, usePlanActivation } from './use-grant-arrival';

export interface OrderOutcomeProps {
  order: Pick<Order, 'kind' | 'credits' | 'planId' | 'status'>;
  /** The balance when the order was made (to tell when the grant arrived); null when unknown. */
  balanceBefore: number | null;
}

/**
 * What a settled order did, announced as it becomes known: a paid package waits until the balance
 * shows the credits, a paid plan until the subscription shows it running; a failed, cancelled or
 * expired order says nothing was added. Nothing for a pending order.
 */
export function OrderOutcome({ order, balanceBefore }: OrderOutcomeProps) {
  const { t } = useCommerceText();
  if (order.status === 'paid') {
    return order.kind === 'plan' ? (
      <PlanOutcome planId={order.planId} />
    ) : (
      <CreditsOutcome credits={order.credits} balanceBefore={balanceBefore} />
    );
  }
  if (isUnsuccessfulOrderStatus(order.status)) {
    return (
      <div className="commerce-outcome commerce-outcome--failed" role="alert">
        <p className="commerce-outcome__headline">
          {order.kind === 'plan' ? t('outcome.failedPlan') : t('outcome.failedCredits')}
        </p>
        <p>{t('outcome.notCharged')}</p>
      </div>
    );
  }
  return null;
}

function CreditsOutcome({ credits, balanceBefore }: { credits: number; balanceBefore: number | null }) {
  const { t, creditsText } = useCommerceText();
  const grant = useCreditGrant({ enabled: true, credits, balanceBefore });
  const balance = grant.balance === null ? null : creditsText(grant.balance);
  return (
    <div className={`commerce-outcome commerce-outcome--${grant.status}`} role="status" aria-live="polite">
      {grant.status === 'waiting' && (
        <p className="commerce-outcome__headline commerce-outcome__waiting">
          <Spinner size="sm" decorative />
          {t('outcome.creditsWaiting')}
        </p>
      )}
      {grant.status === 'arrived' &&
        (grant.verified ? (
          <>
            <p className="commerce-outcome__headline">
              {t('outcome.creditsAdded', { count: credits, amount: formatCredits(credits) })}
            </p>
            {balance && <p className="commerce-outcome__balance">{t('outcome.newBalance', { value: balance })}</p>}
          </>
        ) : (
          balance && <p className="commerce-outcome__headline">{t('outcome.currentBalance', { value: balance })}</p>
        ))}
      {grant.status === 'late' && <p className="commerce-outcome__headline">{t('outcome.creditsLate')}</p>}
    </div>
  );
}

function PlanOutcome({ planId }: { planId: Order['planId'] }) {
  const { t } = useCommerceText();
  const activation = usePlanActivation({ enabled: true, planId });
  const name = planId ? PLAN_NAMES[planId] : '';
  const periodEnd = activation.subscription?.allowance?.periodEnd;
  return (
    <div className={`commerce-outcome commerce-outcome--${activation.status}`} role="status" aria-live="polite">
      {activation.status === 'waiting' && (
        <p className="commerce-outcome__headline commerce-outcome__waiting">
          <Spinner size="sm" decorative />
          {t('outcome.planWaiting', { name })}
        </p>
      )}
      {activation.status === 'arrived' && (
        <>
          <p className="commerce-outcome__headline">{t('outcome.planActive', { name })}</p>
          {periodEnd && <p>{t('outcome.planPeriodEnd', { date: formatDate(periodEnd) })}</p>}
        </>
      )}
      {activation.status === 'late' && <p className="commerce-outcome__headline">{t('outcome.planLate', { name })}</p>}
    </div>
  );
}
