import type { CreditPackage } from '@kadr/contracts';
import { useId } from 'react';
import { OrderOutcome, type Settlement } from '../../features/commerce';
import { useMessages } from '../../i18n/use-messages';
import { Button } from '../../ui';
import { buyCreditsMessages } from './messages';

export interface DevPaymentSimulatorProps {
  selected: CreditPackage | null;
  onSimulate: (outcome: 'success' | 'failure') => void;
  /** The outcome being settled now (its button spins). */
  settling: 'success' | 'failure' | null;
  disabled: boolean;
  settlement: Settlement | null;
}

/**
 * Development only (the mock payment provider): makes the order and settles it at once through
 * mock-process, then shows what it did — the balance growing, or "no credits were added".
 */
export function DevPaymentSimulator({
  selected,
  onSimulate,
  settling,
  disabled,
  settlement,
}: DevPaymentSimulatorProps) {
  const { t } = useMessages('buyCredits', buyCreditsMessages);
  const titleId = useId();
  return (
    <section className="buy-dev" aria-labelledby={titleId}>
      <h2 id={titleId} className="buy-dev__title">
        {t('dev.title')}
      </h2>
      <p className="buy-dev__lead">{t('dev.lead')}</p>
      <div className="buy-dev__actions">
        <Button
          variant="secondary"
          onClick={() => onSimulate('success')}
          loading={settling === 'success'}
          disabled={disabled || !selected}
        >
          {t('dev.success')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => onSimulate('failure')}
          loading={settling === 'failure'}
          disabled={disabled || !selected}
        >
          {t('dev.failure')}
        </Button>
      </div>
      {!selected && <p className="buy-dev__hint">{t('dev.choose')}</p>}
      {settlement && (
        <OrderOutcome key={settlement.order.id} order={settlement.order} balanceBefore={settlement.balanceBefore} />
      )}
    </section>
  );
}
