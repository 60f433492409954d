import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { OrderDetails, readLastOrder, useOrderUntilFinal } from '../../features/commerce';
import { useMessages } from '../../i18n/use-messages';
import { ButtonLink, Card, PageHeader, Spinner } from '../../ui';
import { paymentFailureMessages } from './messages';
import './payment-failure.css';

/**
 * `/payment/failure?orderId=` — where Tpay sends the person back after an error (commerce's
 * `TPAY_ERROR_URL`). Says plainly that nothing was charged and offers to try again; when the order
 * is known it is shown — and should it have been paid after all, the page says so.
 */
export default function PaymentFailurePage() {
  const { t } = useMessages('paymentFailure', paymentFailureMessages);
  const [searchParams] = useSearchParams();
  const [remembered] = useState(() => readLastOrder());
  const orderId = searchParams.get('orderId')?.trim() || remembered?.orderId || null;
  const { order, loading } = useOrderUntilFinal(orderId, { poll: false });
  const retry = (order?.kind ?? remembered?.kind) === 'plan' ? '/subscription' : '/buy-credits';

  if (order?.status === 'paid') {
    return (
      <div className="page page--narrow payment-failure-page">
        <PageHeader title={t('paidAfterAll.title')} />
        <Card as="section" aria-label={t('paidAfterAll.title')}>
          <OrderDetails order={order} showNumber />
        </Card>
        <div className="cluster">
          <ButtonLink to={`/payment/success?orderId=${encodeURIComponent(order.id)}`} variant="primary">
            {t('paidAfterAll.link')}
          </ButtonLink>
        </div>
      </div>
    );
  }

  return (
    <div className="page page--narrow payment-failure-page">
      <PageHeader title={t('title')} />
      <div className="payment-failure__message" role="alert">
        <p className="payment-failure__lead">{t('lead')}</p>
        <p>{t('hint')}</p>
      </div>
      {loading && <Spinner size="sm" label={t('loading')} />}
      {order && (
        <Card as="section" aria-label={t('title')}>
          <OrderDetails order={order} showNumber />
        </Card>
      )}
      <nav className="cluster" aria-label={t('title')}>
        <ButtonLink to={retry} variant="primary">
          {t('tryAgain')}
        </ButtonLink>
        <ButtonLink to="/dashboard">{t('dashboard')}</ButtonLink>
      </nav>
    </div>
  );
}
