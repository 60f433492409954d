import type { PlanId, SubscriptionDetails } from '@kadr/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { cancelSubscription, getPlans, getSubscription } from '../../api/endpoints';
import { MUTATION_MAX_RETRIES } from '../../config/constants';
import {
  CheckoutFailureNotice,
  commerceKeys,
  PaymentDiagnosticsPanel,
  PLAN_NAMES,
  retryPurchase,
  useCheckout,
  usePurchaseKey,
} from '../../features/commerce';
import { formatDate } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { toast } from '../../notifications';
import { refreshTopBar } from '../../session/top-bar-store';
import { track } from '../../telemetry/telemetry';
import { ConfirmDialog, EmptyState, ErrorState, PageHeader, Skeleton, Spinner } from '../../ui';
import { CurrentPlan } from './CurrentPlan';
import { subscriptionMessages } from './messages';
import { PlanCard } from './PlanCard';
import { runningPlanOf } from './plan-state';
import './subscription.css';

/**
 * `/subscription` (spec §2, §9): the person's plan (allowance used, period end, cancel at period
 * end) and the plans — Starter, Pro, Enterprise — with Subscribe (the same payment flow as credit
 * packages), Extend for the running plan, and Contact us for Enterprise's custom pricing.
 */
export default function SubscriptionPage() {
  const { t } = useMessages('subscription', subscriptionMessages);
  const queryClient = useQueryClient();
  const plansQuery = useQuery({
    queryKey: commerceKeys.plans,
    queryFn: ({ signal }) => getPlans({ signal }).then((answer) => answer.data),
  });
  const subscriptionQuery = useQuery({
    queryKey: commerceKeys.subscription,
    queryFn: ({ signal }) => getSubscription({ signal }).then((answer) => answer.data),
    staleTime: 0,
  });
  const checkout = useCheckout();
  const [ordering, setOrdering] = useState<PlanId | null>(null);
  const [lastOrdered, setLastOrdered] = useState<PlanId | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const cancelKey = usePurchaseKey();
  const cancel = useMutation<SubscriptionDetails, unknown, string>({
    mutationFn: (key) => cancelSubscription(key).then((answer) => answer.data),
    retry: (count, error) => retryPurchase(count, error, MUTATION_MAX_RETRIES),
  });

  const subscription = subscriptionQuery.data;
  const running = runningPlanOf(subscription);
  const periodEnd = subscription?.allowance ? formatDate(subscription.allowance.periodEnd) : null;

  const order = useCallback(
    async (planId: PlanId) => {
      setOrdering(planId);
      setLastOrdered(planId);
      try {
        await checkout.pay({ planId });
      } finally {
        setOrdering(null);
      }
    },
    [checkout],
  );

  const confirmCancel = useCallback(async () => {
    if (!running) return;
    const key = cancelKey.keyFor('cancel');
    try {
      const details = await cancel.mutateAsync(key);
      cancelKey.forget();
      queryClient.setQueryData(commerceKeys.subscription, details);
      const until = details.allowance ? formatDate(details.allowance.periodEnd) : (periodEnd ?? '');
      toast.success(t('cancelDialog.done', { name: PLAN_NAMES[running], date: until }));
      track('subscription_cancelled', { planId: running });
      refreshTopBar().catch(() => undefined);
    } catch (error) {
      cancelKey.forgetIfKept(key, error);
      toast.error(isApiError(error) ? error.message : t('current.error'));
      throw error; // keeps the dialog open for another try
    }
  }, [running, cancelKey, cancel, queryClient, periodEnd, t]);

  const describeFailure = useCallback(
    (error: unknown) => {
      if (!isConflict(error)) return undefined;
      return running && periodEnd
        ? t('plans.conflictUntil', { name: PLAN_NAMES[running], date: periodEnd })
        : t('plans.conflict');
    },
    [running, periodEnd, t],
  );

  // 409: another plan runs — re-read the plan, so the page shows which one and until when.
  const failure = checkout.failure;
  const conflict = failure?.kind === 'error' && isConflict(failure.error);
  useEffect(() => {
    if (conflict) void queryClient.invalidateQueries({ queryKey: commerceKeys.subscription });
  }, [conflict, queryClient]);

  return (
    <div className="page sub-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />

      {subscriptionQuery.isPending ? (
        <div className="sub-current sub-current--loading" aria-busy="true">
          <Spinner label={t('current.loading')} />
        </div>
      ) : subscriptionQuery.isError ? (
        <ErrorState
          title={t('current.error')}
          message={isApiError(subscriptionQuery.error) ? subscriptionQuery.error.message : t('current.error')}
          correlationId={isApiError(subscriptionQuery.error) ? subscriptionQuery.error.correlationId : undefined}
          onRetry={() => void subscriptionQuery.refetch()}
          retrying={subscriptionQuery.isFetching}
        />
      ) : (
        subscription && <CurrentPlan subscription={subscription} onCancel={() => setConfirmOpen(true)} />
      )}

      <section className="sub-plans" aria-labelledby="sub-plans-title">
        <h2 id="sub-plans-title" className="sub-plans__title">
          {t('plans.title')}
        </h2>
        {/* An ErrorState is role="alert": announced when it appears. */}
        {failure && (
          <CheckoutFailureNotice
            failure={failure}
            describe={describeFailure}
            retrying={checkout.busy}
            onRetry={!conflict && lastOrdered ? () => void order(lastOrdered) : undefined}
          />
        )}
        {plansQuery.isPending ? (
          <div aria-busy="true" className="sub-plans__loading">
            <Spinner label={t('plans.loading')} />
            <ul className="sub-plans__grid" aria-hidden="true">
              {[0, 1, 2].map((key) => (
                <li key={key} className="sub-plan">
                  <Skeleton shape="text" width="40%" height="1.5rem" />
                  <Skeleton shape="text" width="60%" height="2rem" />
                  <Skeleton shape="text" lines={3} />
                </li>
              ))}
            </ul>
          </div>
        ) : plansQuery.isError ? (
          <ErrorState
            title={t('plans.error')}
            message={isApiError(plansQuery.error) ? plansQuery.error.message : t('plans.error')}
            correlationId={isApiError(plansQuery.error) ? plansQuery.error.correlationId : undefined}
            onRetry={() => void plansQuery.refetch()}
            retrying={plansQuery.isFetching}
          />
        ) : plansQuery.data.length === 0 ? (
          <EmptyState title={t('plans.empty')} />
        ) : (
          <ul className="sub-plans__grid">
            {plansQuery.data.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                current={plan.id === running}
                blockedUntil={
                  running && running !== plan.id && periodEnd ? { name: PLAN_NAMES[running], date: periodEnd } : null
                }
                onSubscribe={() => void order(plan.id)}
                pending={ordering === plan.id}
                disabled={checkout.busy && ordering !== plan.id}
              />
            ))}
          </ul>
        )}
      </section>

      {checkout.diagnostics.shown && <PaymentDiagnosticsPanel diagnostics={checkout.diagnostics} />}

      {running && (
        <ConfirmDialog
          open={confirmOpen}
          onOpenChange={setConfirmOpen}
          title={t('cancelDialog.title', { name: PLAN_NAMES[running] })}
          description={t('cancelDialog.description', { date: periodEnd ?? '' })}
          confirmLabel={t('cancelDialog.confirm')}
          cancelLabel={t('cancelDialog.keep')}
          variant="danger"
          onConfirm={confirmCancel}
        />
      )}
    </div>
  );
}

function isConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}
