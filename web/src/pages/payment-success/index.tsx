import type { Order } from '@kadr/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { BalanceCard, OrderDetails, OrderOutcome, readLastOrder, useOrderUntilFinal } from '../../features/commerce';
import { useMessages } from '../../i18n/use-messages';
import { Button, ButtonLink, Card, EmptyState, ErrorState, PageHeader, Spinner } from '../../ui';
import { paymentSuccessMessages } from './messages';
import './payment-success.css';

/**
 * `/payment/success?orderId=` — where the payment provider sends the person back. The provider may
 * return without the id: then the order this tab created last (sessionStorage) is used. The order
 * is re-read every 2 s (at most 60 s) until it is settled; once paid, the page waits until the
 * balance (or plan) shows the purchase.
 */
export default function PaymentSuccessPage() {
  const { t } = useMessages('paymentSuccess', paymentSuccessMessages);
  const [searchParams] = useSearchParams();
  const [remembered] = useState(() => readLastOrder());
  const orderId = searchParams.get('orderId')?.trim() || remembered?.orderId || null;
  const balanceBefore = remembered && remembered.orderId === orderId ? remembered.balanceBefore : null;

  if (orderId === null) {
    return (
      <div className="page page--narrow payment-result-page">
        <PageHeader title={t('title')} />
        <EmptyState
          title={t('missing.title')}
          description={t('missing.text')}
          action={
            <div className="cluster">
              <ButtonLink to="/buy-credits" variant="primary">
                {t('next.buyCredits')}
              </ButtonLink>
              <ButtonLink to="/dashboard">{t('next.dashboard')}</ButtonLink>
            </div>
          }
        />
        <BalanceCard />
      </div>
    );
  }
  return <PaymentStatus orderId={orderId} balanceBefore={balanceBefore} />;
}

function PaymentStatus({ orderId, balanceBefore }: { orderId: string; balanceBefore: number | null }) {
  const { t } = useMessages('paymentSuccess', paymentSuccessMessages);
  const { order, error, loading, timedOut, checkAgain } = useOrderUntilFinal(orderId);

  if (loading) {
    return (
      <div className="page page--narrow payment-result-page">
        <PageHeader title={t('title')} />
        <Spinner label={t('checking')} />
      </div>
    );
  }
  if (!order) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <div className="page page--narrow payment-result-page">
        <PageHeader title={t('title')} />
        <ErrorState
          title={notFound ? t('notFound.title') : t('loadError')}
          message={notFound ? t('notFound.text') : isApiError(error) ? error.message : t('loadError')}
          correlationId={isApiError(error) ? error.correlationId : undefined}
          onRetry={notFound ? undefined : checkAgain}
        />
        <div className="cluster">
          <ButtonLink to="/buy-credits">{t('next.buyCredits')}</ButtonLink>
          <ButtonLink to="/dashboard">{t('next.dashboard')}</ButtonLink>
        </div>
      </div>
    );
  }

  return (
    <div className="page page--narrow payment-result-page">
      <PageHeader title={titleOf(order, t)} />
      <div className="payment-result__status" aria-live="polite">
        {order.status === 'pending' &&
          (timedOut ? (
            <div className="payment-result__late" role="status">
              <p className="payment-result__late-title">{t('late.title')}</p>
              <p>{t('late.text')}</p>
              <Button variant="secondary" onClick={checkAgain}>
                {t('late.checkAgain')}
              </Button>
            </div>
          ) : (
            <p className="payment-result__pending" role="status">
              <Spinner size="sm" decorative />
              {t('pendingLead')}
            </p>
          ))}
        {order.status === 'expired' && <p>{t('expiredLead')}</p>}
        {order.status === 'refunded' && <p>{t('refundedLead')}</p>}
        <OrderOutcome order={order} balanceBefore={balanceBefore} />
      </div>
      <Card as="section" aria-label={t('title')}>
        <OrderDetails order={order} showNumber />
      </Card>
      <NextSteps order={order} />
    </div>
  );
}

function titleOf(order: Order, t: (key: string) => string): string {
  switch (order.status) {
    case 'paid':
      return t('paidTitle');
    case 'failed':
      return t('failedTitle');
    case 'cancelled':
      return t('cancelledTitle');
    case 'expired':
      return t('expiredTitle');
    case 'refunded':
      return t('refundedTitle');
    default:
      return t('title');
  }
}

function NextSteps({ order }: { order: Order }) {
  const { t } = useMessages('paymentSuccess', paymentSuccessMessages);
  if (order.status === 'paid') {
    return (
      <nav className="cluster" aria-label={t('title')}>
        <ButtonLink to="/generate" variant="primary">
          {t('next.generate')}
        </ButtonLink>
        <ButtonLink to="/dashboard">{t('next.dashboard')}</ButtonLink>
        {order.kind === 'plan' && <ButtonLink to="/subscription">{t('next.subscription')}</ButtonLink>}
      </nav>
    );
  }
  const retry = order.kind === 'plan' ? '/subscription' : '/buy-credits';
  return (
    <nav className="cluster" aria-label={t('title')}>
      {order.status !== 'pending' && (
        <ButtonLink to={retry} variant="primary">
          {t('next.tryAgain')}
        </ButtonLink>
      )}
      <ButtonLink to="/dashboard">{t('next.dashboard')}</ButtonLink>
    </nav>
  );
}
