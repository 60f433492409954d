import { useEffect, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { formatDate, formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { refreshTopBar, useTopBar } from '../../session/top-bar-store';
import { Badge, ButtonLink, Card, ErrorState, ProgressBar, Skeleton } from '../../ui';
import { dashboardMessages } from './messages';

/** Credits (held and available) and the plan with its allowance, with the ways to get more. */
export function AccountCard() {
  const { t } = useMessages('dashboard', dashboardMessages);
  const tier = useTopBar((state) => state.tier);
  const credits = useTopBar((state) => state.credits);
  const plan = useTopBar((state) => state.plan);
  const allowance = useTopBar((state) => state.allowance);
  const maxResolution = useTopBar((state) => state.maxResolution);
  const loadedAt = useTopBar((state) => state.loadedAt);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);

  const load = () => {
    setLoading(true);
    setError(null);
    refreshTopBar()
      .catch((failure: unknown) => setError(failure))
      .finally(() => setLoading(false));
  };
  // Fresh numbers whenever the dashboard opens (debounced and shared with the top bar).
  useEffect(load, []);

  const creditsUnit = (count: number) => t('account.creditsUnit', { count });

  let body;
  if (loadedAt === null && error) {
    body = (
      <ErrorState
        message={t('account.loadFailed')}
        correlationId={isApiError(error) ? error.correlationId : undefined}
        onRetry={load}
        retrying={loading}
      />
    );
  } else if (loadedAt === null) {
    body = (
      <div className="dashboard-account__loading" aria-busy="true">
        <Skeleton shape="text" width="40%" height="2rem" />
        <Skeleton shape="text" lines={3} />
      </div>
    );
  } else {
    const available = credits ? Math.max(0, credits.balance - credits.heldCredits) : null;
    body = (
      <div className="dashboard-account__body">
        <div className="dashboard-account__credits">
          <p className="dashboard-account__label">{t('account.credits')}</p>
          {credits ? (
            <>
              <p className="dashboard-account__balance">
                <span className="dashboard-account__number">{formatNumber(credits.balance)}</span>{' '}
                <span className="dashboard-account__unit">{creditsUnit(credits.balance)}</span>
              </p>
              {credits.heldCredits > 0 && available !== null && (
                <p className="dashboard-account__meta">
                  {t('account.held', { held: formatNumber(credits.heldCredits), available: formatNumber(available) })}
                </p>
              )}
            </>
          ) : (
            <>
              <p className="dashboard-account__balance" aria-hidden="true">
                <span className="dashboard-account__number">—</span>
              </p>
              <p className="dashboard-account__meta">{t('account.creditsUnknown')}</p>
            </>
          )}
        </div>

        <div className="dashboard-account__plan">
          <p className="dashboard-account__label">{t('account.plan')}</p>
          <p className="dashboard-account__plan-name">
            {plan ? t('account.planName', { plan: t(`plans.${plan}`) }) : t('account.noPlan')}{' '}
            <Badge variant={tier === 'FREE' ? 'neutral' : 'accent'}>{tier}</Badge>
          </p>
          {plan && allowance ? (
            <>
              {allowance.limit === null ? (
                <p className="dashboard-account__meta">{t('account.unlimited')}</p>
              ) : (
                <>
                  <p className="dashboard-account__meta">
                    {t('account.allowance', {
                      used: formatNumber(allowance.used),
                      limit: formatNumber(allowance.limit),
                    })}
                  </p>
                  <ProgressBar
                    value={allowance.limit === 0 ? 100 : (allowance.used / allowance.limit) * 100}
                    label={t('account.allowanceLabel')}
                    size="sm"
                    tone={allowance.used >= allowance.limit ? 'danger' : 'accent'}
                  />
                </>
              )}
              <p className="dashboard-account__meta">
                {t('account.periodEnds', { date: formatDate(allowance.periodEnd) })}
                {maxResolution && <> · {t('account.upTo', { resolution: maxResolution })}</>}
              </p>
            </>
          ) : (
            <p className="dashboard-account__meta">
              {maxResolution ? t('account.noPlanHint', { resolution: maxResolution }) : t('account.noPlanShort')}
            </p>
          )}
        </div>
      </div>
    );
  }

  return (
    <Card as="section" className="dashboard-account" aria-labelledby="dashboard-account-heading">
      <h2 id="dashboard-account-heading" className="dashboard-card-title">
        {t('account.heading')}
      </h2>
      {body}
      <div className="dashboard-account__actions">
        <ButtonLink to="/buy-credits" variant="secondary" size="sm">
          {t('account.buyCredits')}
        </ButtonLink>
        <ButtonLink to="/subscription" variant={plan ? 'ghost' : 'primary'} size="sm">
          {plan === 'enterprise' ? t('account.changePlan') : t('account.upgrade')}
        </ButtonLink>
      </div>
    </Card>
  );
}
