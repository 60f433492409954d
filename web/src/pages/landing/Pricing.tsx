import type { CreditPackage, Plan } from '@kadr/contracts';
import { isApiError } from '../../api/api-error';
import { formatMoney, formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { Badge, ButtonLink, ErrorState, Skeleton, Spinner } from '../../ui';
import { landingMessages } from './messages';
import { useCatalogue } from './use-catalogue';

/** Where the Enterprise "Contact us" leads: the operator's contact details in the terms. */
const ENTERPRISE_CONTACT = '/regulamin#contact';

/** The price list from the public catalogue: credit packages, then plans. */
export function Pricing() {
  const { t } = useMessages('landing', landingMessages);
  const { state, retry } = useCatalogue();

  return (
    <section id="pricing" className="landing-section landing-pricing" aria-labelledby="pricing-title">
      <div className="landing-section__head">
        <h2 id="pricing-title" className="landing-section__title">
          {t('pricing.title')}
        </h2>
        <p className="landing-section__lead">{t('pricing.lead')}</p>
        <Badge variant="success" className="landing-pricing__expire">
          {t('pricing.neverExpire')}
        </Badge>
      </div>

      <div aria-live="polite" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' && <PricingSkeleton />}
        {state.status === 'error' && (
          <ErrorState
            title={t('pricing.errorTitle')}
            message={isApiError(state.error) ? state.error.message : t('pricing.errorTitle')}
            correlationId={isApiError(state.error) ? state.error.correlationId : undefined}
            onRetry={retry}
            retryLabel={t('pricing.retry')}
          />
        )}
        {state.status === 'ready' &&
          (state.packages.length === 0 && state.plans.length === 0 ? (
            <p className="landing-pricing__empty">{t('pricing.empty')}</p>
          ) : (
            <div className="landing-pricing__groups">
              {state.packages.length > 0 && <Packages packages={state.packages} />}
              {state.plans.length > 0 && <Plans plans={state.plans} />}
            </div>
          ))}
      </div>
    </section>
  );
}

function PricingSkeleton() {
  const { t } = useMessages('landing', landingMessages);
  return (
    <div className="landing-pricing__loading">
      <Spinner label={t('pricing.loading')} />
      <div className="landing-pricing__grid" aria-hidden="true">
        {[0, 1, 2].map((key) => (
          <div key={key} className="landing-price-card landing-price-card--skeleton">
            <Skeleton shape="text" width="40%" />
            <Skeleton shape="text" width="60%" height="2rem" />
            <Skeleton shape="text" lines={2} />
          </div>
        ))}
      </div>
    </div>
  );
}

function Packages({ packages }: { packages: CreditPackage[] }) {
  const { t } = useMessages('landing', landingMessages);
  return (
    <div className="landing-pricing__group">
      <div className="landing-pricing__group-head">
        <h3 className="landing-pricing__group-title">{t('pricing.packagesTitle')}</h3>
        <p className="landing-pricing__group-lead">{t('pricing.packagesLead')}</p>
      </div>
      <ul className="landing-pricing__grid" role="list">
        {packages.map((pack) => (
          <li key={pack.id} className="landing-price-card">
            <h4 className="landing-price-card__name">
              {t('pricing.credits', { count: pack.credits, amount: formatNumber(pack.credits) })}
            </h4>
            <p className="landing-price-card__price">{formatMoney(pack.price.amountMinor, pack.price.currency)}</p>
            <p className="landing-price-card__note">
              {t('pricing.perCredit', {
                price: formatMoney(pack.price.amountMinor / pack.credits, pack.price.currency),
              })}
            </p>
            <ButtonLink to="/buy-credits" variant="secondary" block className="landing-price-card__action">
              {t('pricing.buyCredits')}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Plans({ plans }: { plans: Plan[] }) {
  const { t } = useMessages('landing', landingMessages);
  return (
    <div className="landing-pricing__group">
      <div className="landing-pricing__group-head">
        <h3 className="landing-pricing__group-title">{t('pricing.plansTitle')}</h3>
        <p className="landing-pricing__group-lead">{t('pricing.plansLead')}</p>
      </div>
      <ul className="landing-pricing__grid" role="list">
        {plans.map((plan) => (
          <li key={plan.id} className="landing-price-card landing-price-card--plan">
            <h4 className="landing-price-card__name">{plan.name}</h4>
            {plan.price ? (
              <p className="landing-price-card__price">
                {formatMoney(plan.price.amountMinor, plan.price.currency)}{' '}
                <span className="landing-price-card__period">{t('pricing.perMonth')}</span>
              </p>
            ) : (
              <p className="landing-price-card__price landing-price-card__price--custom">
                {t('pricing.customPricing')}
              </p>
            )}
            <ul className="landing-price-card__features">
              <li>
                {plan.monthlyGenerations === null
                  ? t('pricing.unlimited')
                  : t('pricing.generations', {
                      count: plan.monthlyGenerations,
                      amount: formatNumber(plan.monthlyGenerations),
                    })}
              </li>
              <li>{t('pricing.upTo', { resolution: t(`pricing.resolution.${plan.maxResolution}`) })}</li>
              {plan.purchasable && <li>{t('pricing.noRenewal')}</li>}
            </ul>
            {plan.purchasable ? (
              <ButtonLink to="/subscription" variant="primary" block className="landing-price-card__action">
                {t('pricing.choosePlan', { name: plan.name })}
              </ButtonLink>
            ) : (
              <ButtonLink to={ENTERPRISE_CONTACT} variant="secondary" block className="landing-price-card__action">
                {t('pricing.contactUs')}
              </ButtonLink>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
