import { useCallback } from 'react';
import { isApiError } from '../../api/api-error';
import { useMessages } from '../../i18n/use-messages';
import { adminSharedMessages } from './messages';

/**
 * Turns a failed admin call into one toast line: the catalogue's message in the UI language, the
 * server's own explanation when it gave one (a 409 says why: "A completed job cannot be
 * requeued."), and the correlation id to quote when asking about it.
 */
export function useDescribeError(): (error: unknown) => string {
  const { t } = useMessages('adminShared', adminSharedMessages);
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error)) return error instanceof Error && error.message ? error.message : t('error.unexpected');
      const detail = error.detail?.trim();
      const message = detail && detail !== error.message ? `${error.message} ${detail}` : error.message;
      return error.correlationId
        ? t('error.withCorrelation', { message, correlationId: error.correlationId })
        : message;
    },
    [t],
  );
}
