import { isApiError, isCancelledError } from './api-error';

export interface KeptRefusalOptions {
  /**
   * Count a 409 as kept. By default it is not: the gateway's own 409 means "the first request with
   * this key is still in flight". A caller whose service answers 409 as a final refusal (commerce:
   * "another plan runs", "already settled") passes true.
   */
  conflictIsKept?: boolean;
}

/**
 * Whether sending the same Idempotency-Key again could only replay this refusal: the gateway keeps
 * 4xx answers under the key for 24 h (pipeline README "Idempotency"). Not kept: no answer at all
 * (status 0: network, time-out), 5xx (the claim is released), 408 and 429 `rate_limited` (refused
 * before the key), and — unless `conflictIsKept` — 409. A 429 `quota_exceeded` is the service's
 * answer (jobs in progress at the plan's cap) and is kept: the same key would replay it even after a
 * video finished, so the next attempt needs a new key.
 */
export function isKeptRefusal(error: unknown, { conflictIsKept = false }: KeptRefusalOptions = {}): boolean {
  if (!isApiError(error)) return false;
  const { status } = error;
  if (status === 409) return conflictIsKept;
  if (status === 429) return error.reason === 'quota_exceeded';
  return status >= 400 && status < 500 && status !== 408;
}

/**
 * The data cache's mutation retry (spec §8) for a call that keeps its Idempotency-Key: only where
 * repeating the same key can help — never a kept refusal or a cancelled call.
 */
export function retryWithSameKey(
  failureCount: number,
  error: unknown,
  maxRetries: number,
  options?: KeptRefusalOptions,
): boolean {
  return failureCount < maxRetries && !isKeptRefusal(error, options) && !isCancelledError(error);
}
