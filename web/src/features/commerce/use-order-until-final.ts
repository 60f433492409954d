import type { Order } from '@kadr/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getOrder } from '../../api/endpoints';
import { PAYMENT_STATUS_POLL_INTERVAL_MS, PAYMENT_STATUS_POLL_TIMEOUT_MS } from '../../config/constants';
import { isPermanentFailure } from '../../query/query-client';
import { commerceKeys } from './commerce-query-keys';
import { isFinalOrderStatus } from './order-status';
import { usePollingWindow } from './use-polling-window';

export interface OrderPoll {
  order: Order | undefined;
  error: unknown;
  /** The first answer is not there yet. */
  loading: boolean;
  /** Still pending after the whole wait: the page offers "Check again". */
  timedOut: boolean;
  checkAgain: () => void;
}

/**
 * The order, re-read every 2 s until it is paid, failed, cancelled or expired — for at most 60 s
 * (the provider's confirmation may come later; the page then says so and offers to check again).
 * A refusal that will not change (404: no such order, 401, 403) stops the polling.
 */
export function useOrderUntilFinal(orderId: string | null, { poll = true }: { poll?: boolean } = {}): OrderPoll {
  const pollWindow = usePollingWindow(orderId !== null && poll, PAYMENT_STATUS_POLL_TIMEOUT_MS);
  const query = useQuery({
    queryKey: commerceKeys.order(orderId ?? ''),
    queryFn: ({ signal }) => getOrder(orderId ?? '', { signal }).then((answer) => answer.data),
    enabled: orderId !== null,
    staleTime: 0,
    refetchInterval: (current) => {
      if (!poll || pollWindow.expired) return false;
      if (isFinalOrderStatus(current.state.data?.status)) return false;
      if (current.state.error && isPermanentFailure(current.state.error)) return false;
      return PAYMENT_STATUS_POLL_INTERVAL_MS;
    },
  });
  const { refetch } = query;
  const { restart } = pollWindow;
  const checkAgain = useCallback(() => {
    restart();
    void refetch();
  }, [restart, refetch]);
  const final = isFinalOrderStatus(query.data?.status);
  return {
    order: query.data,
    error: query.error,
    loading: orderId !== null && query.isPending,
    timedOut: poll && pollWindow.expired && !final && query.data !== undefined,
    checkAgain,
  };
}
