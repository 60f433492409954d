import { useCallback } from 'react';
import { useMessages } from '../../i18n/use-messages';
import { billingMessages } from './messages';
import { refundReasonOf } from './refund-reason';

/**
 * A release's reason code in the current language: `reason(code)` alone ("cancelled by you", for
 * sentences of one's own) and `refunded(code)` ("Refunded: cancelled by you").
 */
export function useRefundText() {
  const { t } = useMessages('billing', billingMessages);
  const reason = useCallback((code: string | null | undefined) => t(`refundReason.${refundReasonOf(code)}`), [t]);
  const refunded = useCallback(
    (code: string | null | undefined) => t('refunded', { reason: reason(code) }),
    [t, reason],
  );
  return { reason, refunded };
}
