import type { CreditPackage, PaymentProviderName } from '@kadr/contracts';
import { useId } from 'react';
import { OrderDetails } from '../../features/commerce';
import { formatMoney } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { Button } from '../../ui';
import { buyCreditsMessages } from './messages';

export interface CheckoutSummaryProps {
  selected: CreditPackage | null;
  /** The active payment provider when known (diagnostics), to say where Pay leads. */
  provider: PaymentProviderName | undefined;
  onPay: () => void;
  paying: boolean;
  redirecting: boolean;
  disabled?: boolean;
}

/** The chosen package, its credits and the total in PLN, and the Pay action. */
export function CheckoutSummary({ selected, provider, onPay, paying, redirecting, disabled }: CheckoutSummaryProps) {
  const { t } = useMessages('buyCredits', buyCreditsMessages);
  const titleId = useId();
  const hintId = useId();
  const where =
    provider === 'tpay'
      ? t('summary.redirectTpay')
      : provider === 'mock'
        ? t('summary.redirectMock')
        : t('summary.redirectUnknown');
  return (
    <section className="buy-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="buy-summary__title">
        {t('summary.title')}
      </h2>
      {selected ? (
        <>
          <OrderDetails
            order={{
              id: selected.id,
              kind: 'package',
              credits: selected.credits,
              planId: null,
              price: selected.price,
              status: 'pending',
            }}
            showStatus={false}
          />
          <Button
            variant="primary"
            size="lg"
            block
            onClick={onPay}
            loading={paying}
            disabled={disabled}
            aria-describedby={hintId}
          >
            {t('summary.pay', { amount: formatMoney(selected.price.amountMinor, selected.price.currency) })}
          </Button>
          <p id={hintId} className="buy-summary__hint" aria-live="polite">
            {redirecting ? t('summary.redirecting') : where}
          </p>
        </>
      ) : (
        <p className="buy-summary__empty">{t('summary.empty')}</p>
      )}
    </section>
  );
}
