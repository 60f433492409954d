import type { ReactNode } from 'react';
import { isApiError } from '../../api/api-error';
import { ErrorState } from '../../ui';
import type { CheckoutFailure } from './use-checkout';
import { useCommerceText } from './use-commerce-text';

export interface CheckoutFailureNoticeProps {
  failure: CheckoutFailure;
  /** Tries the same purchase again (the same Idempotency-Key while the server kept no answer). */
  onRetry?: () => void;
  retrying?: boolean;
  /** A screen's own words for an error it knows better (e.g. 409 "another plan runs"). */
  describe?: (error: unknown) => ReactNode | undefined;
}

/** Why the payment did not start, with Retry: the problem's text, or "payment page not available". */
export function CheckoutFailureNotice({ failure, onRetry, retrying, describe }: CheckoutFailureNoticeProps) {
  const { t } = useCommerceText();
  if (failure.kind === 'noPaymentUrl') {
    return (
      <ErrorState
        title={t('start.errorTitle')}
        message={t('start.noPaymentUrl')}
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  }
  const { error } = failure;
  const own = describe?.(error);
  return (
    <ErrorState
      title={isApiError(error) && !own ? error.title : t('start.errorTitle')}
      message={own ?? (isApiError(error) ? error.message : t('start.noPaymentUrl'))}
      correlationId={isApiError(error) ? error.correlationId : undefined}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}
