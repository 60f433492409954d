import type { Order } from '@kadr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { newIdempotencyKey } from '../../api/api-client';
import { isApiError } from '../../api/api-error';
import { mockProcess } from '../../api/endpoints';
import {
  commerceKeys,
  OrderDetails,
  OrderOutcome,
  PaymentDiagnosticsPanel,
  useOrderUntilFinal,
  usePaymentDiagnostics,
} from '../../features/commerce';
import { useMessages } from '../../i18n/use-messages';
import { Button, ButtonLink, Card, EmptyState, ErrorState, PageHeader, Spinner } from '../../ui';
import { mockPaymentMessages } from './messages';
import './payment-mock-process.css';

type Outcome = 'success' | 'failure';

/**
 * `/payment/mock-process?orderId=` — the mock provider's "payment page" (development): the order,
 * and two buttons that settle it through mock-process. Success goes on to the payment-success page;
 * failure stays here and says so. Diagnostics show which provider is active.
 */
export default function MockPaymentPage() {
  const { t } = useMessages('mockPayment', mockPaymentMessages);
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('orderId')?.trim() || null;
  const diagnostics = usePaymentDiagnostics({ readOnLoad: orderId !== null });

  return (
    <div className="page page--narrow mock-payment-page">
      <p className="mock-payment-banner" role="note">
        {t('banner')}
      </p>
      <PageHeader title={t('title')} />
      {orderId === null ? (
        <EmptyState
          title={t('missing.title')}
          description={t('missing.text')}
          action={
            <ButtonLink to="/buy-credits" variant="primary">
              {t('backToCredits')}
            </ButtonLink>
          }
        />
      ) : (
        <MockPayment orderId={orderId} />
      )}
      {orderId !== null && <PaymentDiagnosticsPanel diagnostics={diagnostics} />}
    </div>
  );
}

function MockPayment({ orderId }: { orderId: string }) {
  const { t } = useMessages('mockPayment', mockPaymentMessages);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { order, error, loading } = useOrderUntilFinal(orderId, { poll: false });
  const [pressed, setPressed] = useState<Outcome | null>(null);

  const settle = useMutation<Order, unknown, Outcome>({
    // A fresh key per press: mock-process is idempotent per outcome on the server anyway.
    mutationFn: (outcome) => mockProcess({ orderId, outcome }, newIdempotencyKey()).then((answer) => answer.data),
    onSuccess: (settled) => {
      queryClient.setQueryData(commerceKeys.order(orderId), settled);
      if (settled.status === 'paid') void navigate(`/payment/success?orderId=${encodeURIComponent(orderId)}`);
    },
    onError: (settleError) => {
      // 409: settled the other way meanwhile — show the order as it is now.
      if (isApiError(settleError) && settleError.status === 409) {
        void queryClient.invalidateQueries({ queryKey: commerceKeys.order(orderId) });
      }
    },
  });

  if (loading) return <Spinner label={t('loading')} />;
  if (!order) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <ErrorState
        title={notFound ? t('notFound.title') : t('loadError')}
        message={notFound ? t('notFound.text') : isApiError(error) ? error.message : t('loadError')}
        correlationId={isApiError(error) ? error.correlationId : undefined}
        onRetry={
          notFound ? undefined : () => void queryClient.invalidateQueries({ queryKey: commerceKeys.order(orderId) })
        }
      />
    );
  }

  const back =
    order.kind === 'plan' ? (
      <ButtonLink to="/subscription">{t('backToPlans')}</ButtonLink>
    ) : (
      <ButtonLink to="/buy-credits">{t('backToCredits')}</ButtonLink>
    );
  const press = (outcome: Outcome) => {
    setPressed(outcome);
    settle.mutate(outcome);
  };

  return (
    <Card as="section" className="mock-payment" aria-label={t('title')}>
      <OrderDetails order={order} showNumber />
      <div aria-live="polite" className="mock-payment__state">
        {order.status === 'pending' && (
          <>
            <p className="mock-payment__lead">{t('choose')}</p>
            <div className="mock-payment__actions">
              <Button
                variant="primary"
                onClick={() => press('success')}
                loading={settle.isPending && pressed === 'success'}
                disabled={settle.isPending && pressed !== 'success'}
              >
                {t('paySuccess')}
              </Button>
              <Button
                variant="danger"
                onClick={() => press('failure')}
                loading={settle.isPending && pressed === 'failure'}
                disabled={settle.isPending && pressed !== 'failure'}
              >
                {t('payFailure')}
              </Button>
            </div>
            {settle.isError && (
              <ErrorState
                title={t('settleError')}
                message={isApiError(settle.error) ? settle.error.message : t('settleError')}
                correlationId={isApiError(settle.error) ? settle.error.correlationId : undefined}
              />
            )}
          </>
        )}
        {order.status === 'paid' && (
          <div className="mock-payment__closed">
            <h2 className="mock-payment__closed-title">{t('paid.title')}</h2>
            <div className="cluster">
              <ButtonLink to={`/payment/success?orderId=${encodeURIComponent(order.id)}`} variant="primary">
                {t('paid.link')}
              </ButtonLink>
              {back}
            </div>
          </div>
        )}
        {order.status !== 'pending' && order.status !== 'paid' && (
          <div className="mock-payment__closed">
            <h2 className="mock-payment__closed-title">
              {order.status === 'failed' ? t('failedTitle') : t('closedTitle')}
            </h2>
            <OrderOutcome order={order} balanceBefore={null} />
            <div className="cluster">{back}</div>
          </div>
        )}
      </div>
    </Card>
  );
}
