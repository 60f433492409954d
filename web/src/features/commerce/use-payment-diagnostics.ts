import type { TpayDiagnostics } from '@kadr/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { getTpayDiagnostics } from '../../api/endpoints';
import { commerceKeys } from './commerce-query-keys';

const readDiagnostics = ({ signal }: { signal: AbortSignal }): Promise<TpayDiagnostics> =>
  getTpayDiagnostics({ signal }).then((answer) => answer.data);

export interface PaymentDiagnostics {
  data: TpayDiagnostics | undefined;
  error: unknown;
  isFetching: boolean;
  /** True once something went wrong with a payment start: the panel is worth showing. */
  shown: boolean;
  /** A fresh read (spec §7: on an empty or mock payment URL, or a failed create-order); shows the panel. */
  refresh: () => Promise<TpayDiagnostics | undefined>;
}

/**
 * `GET …/payment/tpay/diag`: which provider is active, whether Tpay is configured and can get a
 * token, its last error code (never a secret). `readOnLoad` reads it once per visit as well — the
 * buy-credits page needs the provider to know whether to offer the development simulator.
 */
export function usePaymentDiagnostics({ readOnLoad = false }: { readOnLoad?: boolean } = {}): PaymentDiagnostics {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  const query = useQuery({
    queryKey: commerceKeys.diagnostics,
    queryFn: readDiagnostics,
    enabled: readOnLoad,
    staleTime: Infinity,
    // Diagnostics are a help, not the page: one failed read is enough to say so.
    retry: false,
  });
  const refresh = useCallback(() => {
    setShown(true);
    return queryClient
      .fetchQuery({ queryKey: commerceKeys.diagnostics, queryFn: readDiagnostics, staleTime: 0, retry: false })
      .catch(() => undefined);
  }, [queryClient]);
  return { data: query.data, error: query.error, isFetching: query.isFetching, shown, refresh };
}
