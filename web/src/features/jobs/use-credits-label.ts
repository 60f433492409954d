import { useCallback } from 'react';
import { formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { jobsMessages } from './messages';

/** "1 credit", "5 credits", "5 kredytów": an amount of credits in the current language. */
export function useCreditsLabel(): (amount: number) => string {
  const { t } = useMessages('jobs', jobsMessages);
  return useCallback((amount: number) => t('price.credits', { count: amount, value: formatNumber(amount) }), [t]);
}
