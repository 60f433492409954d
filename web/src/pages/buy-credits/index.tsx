import type { CreditPackage } from '@kadr/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { getPackages } from '../../api/endpoints';
import {
  BalanceCard,
  CheckoutFailureNotice,
  commerceKeys,
  PaymentDiagnosticsPanel,
  useCheckout,
} from '../../features/commerce';
import { useMessages } from '../../i18n/use-messages';
import { EmptyState, ErrorState, PageHeader, Skeleton, Spinner } from '../../ui';
import { CheckoutSummary } from './CheckoutSummary';
import { DevPaymentSimulator } from './DevPaymentSimulator';
import { buyCreditsMessages } from './messages';
import { PackagePicker } from './PackagePicker';
import './buy-credits.css';

type Outcome = 'success' | 'failure';
type LastAction = { kind: 'pay' } | { kind: 'simulate'; outcome: Outcome };

/**
 * `/buy-credits` (spec §2 "Buy credits and checkout"): the balance, the packages, the order summary
 * with Pay (→ create-order → the payment page), and — with the mock provider — buttons that settle
 * an order on the spot. `?package=<id>` preselects a package (links from the price list).
 */
export default function BuyCreditsPage() {
  const { t } = useMessages('buyCredits', buyCreditsMessages);
  const [searchParams] = useSearchParams();
  const [selectedId, setSelectedId] = useState<string | null>(searchParams.get('package'));
  const [lastAction, setLastAction] = useState<LastAction>({ kind: 'pay' });
  const [simulating, setSimulating] = useState<Outcome | null>(null);

  const packagesQuery = useQuery({
    queryKey: commerceKeys.packages,
    queryFn: ({ signal }) => getPackages({ signal }).then((answer) => answer.data),
  });
  // The provider decides whether the development simulator is offered (read once per visit).
  const checkout = useCheckout({ readDiagnosticsOnLoad: true });
  const { pay, simulate, dismiss, diagnostics } = checkout;

  const packages = packagesQuery.data ?? [];
  const selected: CreditPackage | null = packages.find((pack) => pack.id === selectedId) ?? null;
  const provider = diagnostics.data?.provider;

  const select = useCallback(
    (packageId: string) => {
      setSelectedId(packageId);
      dismiss();
    },
    [dismiss],
  );

  const run = useCallback(
    async (action: LastAction) => {
      if (!selected) return;
      setLastAction(action);
      if (action.kind === 'pay') {
        await pay({ packageId: selected.id });
        return;
      }
      setSimulating(action.outcome);
      try {
        await simulate({ packageId: selected.id }, action.outcome);
      } finally {
        setSimulating(null);
      }
    },
    [selected, pay, simulate],
  );

  return (
    <div className="page buy-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="buy-layout">
        <div className="buy-main">
          <BalanceCard />
          <div aria-busy={packagesQuery.isPending} className="buy-packages-region">
            {packagesQuery.isPending ? (
              <PackagesLoading label={t('packages.loading')} />
            ) : packagesQuery.isError ? (
              <ErrorState
                title={t('packages.errorTitle')}
                message={isApiError(packagesQuery.error) ? packagesQuery.error.message : t('packages.errorTitle')}
                correlationId={isApiError(packagesQuery.error) ? packagesQuery.error.correlationId : undefined}
                onRetry={() => void packagesQuery.refetch()}
                retrying={packagesQuery.isFetching}
              />
            ) : packages.length === 0 ? (
              <EmptyState title={t('packages.empty')} description={t('packages.emptyHint')} />
            ) : (
              <PackagePicker
                packages={packages}
                selectedId={selected?.id ?? null}
                onSelect={select}
                disabled={checkout.busy}
              />
            )}
          </div>
        </div>
        <aside className="buy-aside" aria-label={t('summary.title')}>
          <CheckoutSummary
            selected={selected}
            provider={provider}
            onPay={() => void run({ kind: 'pay' })}
            paying={checkout.busy && simulating === null}
            redirecting={checkout.redirecting}
            disabled={simulating !== null}
          />
          {/* An ErrorState is role="alert": announced when it appears. */}
          {checkout.failure && (
            <CheckoutFailureNotice
              failure={checkout.failure}
              onRetry={selected ? () => void run(lastAction) : undefined}
              retrying={checkout.busy}
            />
          )}
          {provider === 'mock' && (
            <DevPaymentSimulator
              selected={selected}
              onSimulate={(outcome) => void run({ kind: 'simulate', outcome })}
              settling={simulating}
              disabled={checkout.busy}
              settlement={checkout.settlement}
            />
          )}
          {diagnostics.shown && <PaymentDiagnosticsPanel diagnostics={diagnostics} />}
        </aside>
      </div>
    </div>
  );
}

function PackagesLoading({ label }: { label: string }) {
  return (
    <div className="buy-packages-loading">
      <Spinner label={label} />
      <div className="buy-packages__grid" aria-hidden="true">
        {[0, 1, 2].map((key) => (
          <div key={key} className="buy-package buy-package--skeleton">
            <Skeleton shape="text" width="50%" height="1.5rem" />
            <Skeleton shape="text" width="40%" height="2rem" />
            <Skeleton shape="text" lines={2} />
          </div>
        ))}
      </div>
    </div>
  );
}
