import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';
import {
  MUTATION_MAX_RETRIES,
  QUERY_GC_TIME_MS,
  QUERY_MAX_RETRIES,
  QUERY_NO_RETRY_STATUSES,
  QUERY_RETRY_BASE_DELAY_MS,
  QUERY_RETRY_JITTER_MS,
  QUERY_RETRY_MAX_DELAY_MS,
  QUERY_STALE_TIME_MS,
} from '../config/constants';

/**
 * The data cache's defaults (spec §8, §9). The API client has its own retries per request; these
 * are the cache's retries of a whole query, which the spec sets separately.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: shouldRetryQuery,
        retryDelay: (failureCount) => retryDelay(failureCount),
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
        refetchOnMount: true,
      },
      mutations: {
        // One retry. Screens pass an Idempotency-Key made once per action, so the retry replays
        // the stored answer instead of doing the action twice.
        retry: shouldRetryMutation,
        retryDelay: (failureCount) => retryDelay(failureCount),
      },
    },
  });
}

/** An answer that says "you may not" or "it is not there" does not change by asking again. */
export function isPermanentFailure(error: unknown): boolean {
  return isApiError(error) && (QUERY_NO_RETRY_STATUSES as readonly number[]).includes(error.status);
}

/** `failureCount` is how many attempts have failed so far (TanStack Query's convention, 0-based). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return !isPermanentFailure(error) && failureCount < QUERY_MAX_RETRIES;
}

export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return !isPermanentFailure(error) && failureCount < MUTATION_MAX_RETRIES;
}

/**
 * 1 s before the first retry, doubling each time, plus up to 250 ms of jitter (so many tabs do not
 * retry in step), never more than 30 s. `failureCount` is 0 before the first retry.
 */
export function retryDelay(failureCount: number, random: () => number = Math.random): number {
  const exponential = QUERY_RETRY_BASE_DELAY_MS * 2 ** failureCount;
  return Math.min(exponential + random() * QUERY_RETRY_JITTER_MS, QUERY_RETRY_MAX_DELAY_MS);
}
