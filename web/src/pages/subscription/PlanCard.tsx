import type { Plan } from '@kadr/contracts';
import { useId } from 'react';
import { ENTERPRISE_CONTACT_PATH } from '../../config/constants';
import { formatMoney, formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { Badge, Button, ButtonLink } from '../../ui';
import { subscriptionMessages } from './messages';

export interface PlanCardProps {
  plan: Plan;
  /** This plan runs now. */
  current: boolean;
  /** Another plan runs until this (formatted) date: this one cannot be bought before then. */
  blockedUntil: { name: string; date: string } | null;
  onSubscribe: () => void;
  /** This plan's order is being made. */
  pending: boolean;
  /** Another order is being made. */
  disabled: boolean;
}

/** One plan: price per month (or custom pricing), quota, resolution cap, and its action. */
export function PlanCard({ plan, current, blockedUntil, onSubscribe, pending, disabled }: PlanCardProps) {
  const { t } = useMessages('subscription', subscriptionMessages);
  const titleId = useId();
  const hintId = useId();
  return (
    <li
      className={['sub-plan', current && 'sub-plan--current'].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-current={current ? 'true' : undefined}
      data-plan={plan.id}
    >
      <div className="sub-plan__head">
        <h3 id={titleId} className="sub-plan__name">
          {plan.name}
        </h3>
        {current && <Badge variant="accent">{t('plans.current')}</Badge>}
      </div>
      {plan.price ? (
        <p className="sub-plan__price">
          {formatMoney(plan.price.amountMinor, plan.price.currency)}{' '}
          <span className="sub-plan__period">{t('plans.perMonth')}</span>
        </p>
      ) : (
        <p className="sub-plan__price sub-plan__price--custom">{t('plans.customPricing')}</p>
      )}
      <ul className="sub-plan__features">
        <li>
          {plan.monthlyGenerations === null
            ? t('plans.unlimited')
            : t('plans.generations', { count: plan.monthlyGenerations, amount: formatNumber(plan.monthlyGenerations) })}
        </li>
        <li>{t('plans.upTo', { resolution: t(`resolution.${plan.maxResolution}`) })}</li>
        {plan.purchasable && <li>{t('plans.noRenewal')}</li>}
      </ul>
      <div className="sub-plan__action">
        {!plan.purchasable ? (
          <ButtonLink
            to={ENTERPRISE_CONTACT_PATH}
            variant="secondary"
            block
            aria-label={t('plans.contactLabel', { name: plan.name })}
          >
            {t('plans.contact')}
          </ButtonLink>
        ) : current ? (
          <>
            <Button
              variant="secondary"
              block
              onClick={onSubscribe}
              loading={pending}
              disabled={disabled}
              aria-describedby={hintId}
            >
              {t('plans.extend')}
            </Button>
            <p id={hintId} className="sub-plan__hint">
              {t('plans.extendHint')}
            </p>
          </>
        ) : (
          <>
            <Button
              variant="primary"
              block
              onClick={onSubscribe}
              loading={pending}
              disabled={disabled || blockedUntil !== null}
              aria-label={t('plans.subscribeTo', { name: plan.name })}
              aria-describedby={blockedUntil ? hintId : undefined}
            >
              {t('plans.subscribe')}
            </Button>
            {blockedUntil && (
              <p id={hintId} className="sub-plan__hint">
                {t('plans.blocked', blockedUntil)}
              </p>
            )}
          </>
        )}
      </div>
    </li>
  );
}
