import type { SubscriptionDetails } from '@kadr/contracts';
import { useId } from 'react';
import { PLAN_NAMES } from '../../features/commerce';
import { formatDate, formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { Badge, Button, ProgressBar } from '../../ui';
import { subscriptionMessages } from './messages';
import { isCancelledAtPeriodEnd, runningPlanOf } from './plan-state';

export interface CurrentPlanProps {
  subscription: SubscriptionDetails;
  onCancel: () => void;
}

/** The person's plan: name and state, the allowance used this period, the period's end, and Cancel. */
export function CurrentPlan({ subscription, onCancel }: CurrentPlanProps) {
  const { t } = useMessages('subscription', subscriptionMessages);
  const titleId = useId();
  const running = runningPlanOf(subscription);
  const cancelled = isCancelledAtPeriodEnd(subscription);
  const allowance = subscription.allowance;
  const periodEnd = allowance ? formatDate(allowance.periodEnd) : null;

  return (
    <section className="sub-current" aria-labelledby={titleId}>
      <h2 id={titleId} className="sub-current__eyebrow">
        {t('current.title')}
      </h2>
      {running === null ? (
        <div className="sub-current__body">
          <p className="sub-current__name">
            {subscription.status === 'expired' && subscription.plan
              ? t('current.expired', { name: PLAN_NAMES[subscription.plan] })
              : t('current.none')}
          </p>
          <p className="sub-current__hint">{t('current.noneHint')}</p>
        </div>
      ) : (
        <div className="sub-current__body">
          <div className="sub-current__head">
            <p className="sub-current__name">{t('current.name', { name: PLAN_NAMES[running] })}</p>
            <Badge variant={cancelled ? 'warning' : 'success'} dot>
              {cancelled ? t('current.cancelled') : t('current.active')}
            </Badge>
          </div>
          {periodEnd &&
            (cancelled ? (
              <div className="sub-current__until" data-testid="sub-active-until">
                <p className="sub-current__until-date">{t('current.activeUntil', { date: periodEnd })}</p>
                <p className="sub-current__hint">{t('current.cancelledHint')}</p>
              </div>
            ) : (
              <p className="sub-current__hint">{t('current.periodEnds', { date: periodEnd })}</p>
            ))}
          {allowance && (
            <div className="sub-current__usage">
              <p>
                {allowance.limit === null
                  ? t('current.usageUnlimited', { used: formatNumber(allowance.used) })
                  : t('current.usage', { used: formatNumber(allowance.used), limit: formatNumber(allowance.limit) })}
              </p>
              {allowance.limit !== null && allowance.limit > 0 && (
                <ProgressBar
                  value={(allowance.used / allowance.limit) * 100}
                  label={t('current.usageLabel')}
                  size="sm"
                />
              )}
            </div>
          )}
          <p className="sub-current__hint">
            {t('current.upTo', { resolution: t(`resolution.${subscription.maxResolution}`) })}
          </p>
          {!cancelled && (
            <div className="sub-current__actions">
              <Button variant="secondary" onClick={onCancel}>
                {t('current.cancel')}
              </Button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
