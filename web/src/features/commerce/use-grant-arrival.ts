import type { Credits, PlanId, SubscriptionDetails } from '@kadr/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getCredits, getSubscription } from '../../api/endpoints';
import { PAYMENT_GRANT_WAIT_MS, PAYMENT_STATUS_POLL_INTERVAL_MS } from '../../config/constants';
import { refreshTopBar, useTopBar } from '../../session/top-bar-store';
import { commerceKeys } from './commerce-query-keys';
import { usePollingWindow } from './use-polling-window';

/**
 * `waiting`: the order is paid, the grant not seen yet; `arrived`: the balance (or plan) shows it;
 * `late`: not seen within the wait — it is on its way (commerce grants on `payment.completed`).
 */
export type GrantStatus = 'idle' | 'waiting' | 'arrived' | 'late';

export interface CreditGrant {
  status: GrantStatus;
  /** The balance to show (the one that shows the grant once it arrived); null while unknown. */
  balance: number | null;
  /** True when the grant was checked against the balance before the order (else the balance is only the latest). */
  verified: boolean;
}

/**
 * After a package is paid: re-reads the balance every 2 s (and watches the live top bar) until it
 * has grown by the package's credits over the balance before the order — at most 30 s. Without a
 * known earlier balance the first fresh balance is shown. On arrival the top bar is refreshed.
 */
export function useCreditGrant({
  enabled,
  credits,
  balanceBefore,
}: {
  enabled: boolean;
  credits: number;
  balanceBefore: number | null;
}): CreditGrant {
  const liveBalance = useTopBar((state) => state.credits?.balance ?? null);
  const pollWindow = usePollingWindow(enabled, PAYMENT_GRANT_WAIT_MS);
  const target = balanceBefore === null ? null : balanceBefore + credits;
  const reaches = (balance: number | null | undefined): balance is number =>
    typeof balance === 'number' && target !== null && balance >= target;

  const query = useQuery<Credits>({
    queryKey: commerceKeys.credits,
    queryFn: ({ signal }) => getCredits({ signal }).then((answer) => answer.data),
    enabled,
    staleTime: 0,
    refetchInterval: (current) => {
      const polled = current.state.data?.balance;
      if (pollWindow.expired) return false;
      if (target === null ? polled !== undefined : reaches(polled) || reaches(liveBalance)) return false;
      return PAYMENT_STATUS_POLL_INTERVAL_MS;
    },
  });
  const polled = query.data?.balance ?? null;

  let status: GrantStatus;
  let balance: number | null;
  if (!enabled) {
    status = 'idle';
    balance = liveBalance;
  } else if (target === null) {
    status = polled !== null ? 'arrived' : pollWindow.expired ? 'late' : 'waiting';
    balance = polled ?? liveBalance;
  } else if (reaches(polled) || reaches(liveBalance)) {
    status = 'arrived';
    balance = Math.max(reaches(polled) ? polled : -Infinity, reaches(liveBalance) ? liveBalance : -Infinity);
  } else {
    status = pollWindow.expired ? 'late' : 'waiting';
    balance = liveBalance ?? polled;
  }

  useRefreshTopBarOnArrival(status);
  return { status, balance, verified: target !== null };
}

export interface PlanActivation {
  status: GrantStatus;
  subscription: SubscriptionDetails | undefined;
}

/**
 * After a plan is paid: re-reads the subscription every 2 s until it shows that plan running —
 * at most 30 s — then refreshes the top bar (tier, allowance).
 */
export function usePlanActivation({ enabled, planId }: { enabled: boolean; planId: PlanId | null }): PlanActivation {
  const pollWindow = usePollingWindow(enabled, PAYMENT_GRANT_WAIT_MS);
  const runs = (subscription: SubscriptionDetails | undefined): boolean =>
    subscription !== undefined &&
    subscription.plan === planId &&
    (subscription.status === 'active' || subscription.status === 'cancelled');
  const query = useQuery<SubscriptionDetails>({
    queryKey: commerceKeys.subscription,
    queryFn: ({ signal }) => getSubscription({ signal }).then((answer) => answer.data),
    enabled,
    staleTime: 0,
    refetchInterval: (current) =>
      pollWindow.expired || runs(current.state.data) ? false : PAYMENT_STATUS_POLL_INTERVAL_MS,
  });
  const status: GrantStatus = !enabled
    ? 'idle'
    : runs(query.data)
      ? 'arrived'
      : pollWindow.expired
        ? 'late'
        : 'waiting';
  useRefreshTopBarOnArrival(status);
  return { status, subscription: query.data };
}

/** The top bar learns the new balance or tier from the summary once (the live stream may have missed it). */
function useRefreshTopBarOnArrival(status: GrantStatus): void {
  const refreshed = useRef(false);
  useEffect(() => {
    if (status !== 'arrived' || refreshed.current) return;
    refreshed.current = true;
    refreshTopBar().catch(() => undefined);
  }, [status]);
}
