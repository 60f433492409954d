import type { Order, PlanId } from '@kadr/contracts';
import { useCallback } from 'react';
import { useMessages } from '../../i18n/use-messages';
import { formatCredits } from '../../layout/CreditsBadge';
import { commerceMessages } from './messages';

/** Plan names are product names: the same in every language (the catalogue's `name`). */
export const PLAN_NAMES: Record<PlanId, string> = { starter: 'Starter', pro: 'Pro', enterprise: 'Enterprise' };

/** The commerce namespace's `t` and the phrases every commerce screen builds from it. */
export function useCommerceText() {
  const { t } = useMessages('commerce', commerceMessages);
  /** "300 credits" / "300 kredytów", the number grouped in the current language. */
  const creditsText = useCallback((count: number) => t('credits', { count, amount: formatCredits(count) }), [t]);
  /** What an order buys: "Credit package" (its credits are a line of their own) or "Pro plan — 1 month". */
  const productText = useCallback(
    (order: Pick<Order, 'kind' | 'planId'>) =>
      order.kind === 'plan' && order.planId
        ? t('product.plan', { name: PLAN_NAMES[order.planId] })
        : t('product.package'),
    [t],
  );
  return { t, creditsText, productText };
}
