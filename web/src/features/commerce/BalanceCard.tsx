import { useId } from 'react';
import { formatCredits } from '../../layout/CreditsBadge';
import { useTopBar } from '../../session/top-bar-store';
import { useCommerceText } from './use-commerce-text';

/** The current balance from the top bar (kept live by the event stream's `credits` event). */
export function BalanceCard({ className }: { className?: string }) {
  const { t, creditsText } = useCommerceText();
  const credits = useTopBar((state) => state.credits);
  const titleId = useId();
  return (
    <section className={['commerce-balance', className].filter(Boolean).join(' ')} aria-labelledby={titleId}>
      <h2 id={titleId} className="commerce-balance__title">
        {t('balance.title')}
      </h2>
      <p className="commerce-balance__value" data-testid="commerce-balance">
        {credits ? creditsText(credits.balance) : t('balance.unknown')}
      </p>
      {credits && credits.heldCredits > 0 && (
        <p className="commerce-balance__held">{t('balance.held', { amount: formatCredits(credits.heldCredits) })}</p>
      )}
    </section>
  );
}
