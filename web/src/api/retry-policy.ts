import { ExponentialBackoff, halfJitterGenerator, handleWhen, retry, type RetryPolicy } from 'cockatiel';
import { RETRY_BASE_DELAY_MS, RETRY_MAX_DELAY_MS, RETRY_MAX_RETRIES } from '../config/constants';
import { isApiError } from './api-error';
import { RETRYABLE_REASONS, type ProblemReason } from './problem-catalogue';

/** Which failures a call retries, how often, and from which base delay. */
export interface RetryRule {
  reasons: readonly ProblemReason[];
  maxRetries: number;
  baseDelayMs: number;
}

/** `'default'`: the retry helper's defaults (spec §9); `'none'`: one try. */
export type RetryOption = 'default' | 'none' | RetryRule;

export const DEFAULT_RETRY_RULE: RetryRule = {
  reasons: RETRYABLE_REASONS,
  maxRetries: RETRY_MAX_RETRIES,
  baseDelayMs: RETRY_BASE_DELAY_MS,
};

/**
 * cockatiel's retry with exponential backoff and jitter: the n-th retry (n from 0) waits a random
 * time in [base·2ⁿ / 2, base·2ⁿ), never more than 3 s (`halfJitterGenerator`: the delay keeps
 * growing while two clients that failed together spread out). Only the rule's reasons are retried;
 * everything else is thrown at once. Null when nothing is retried.
 */
export function retryPolicyFor(option: RetryOption = 'default'): RetryPolicy | null {
  const rule = option === 'default' ? DEFAULT_RETRY_RULE : option === 'none' ? null : option;
  if (!rule || rule.maxRetries <= 0) return null;
  const reasons = new Set(rule.reasons);
  return retry(
    handleWhen((error) => isApiError(error) && reasons.has(error.reason)),
    {
      maxAttempts: rule.maxRetries,
      backoff: new ExponentialBackoff({
        generator: halfJitterGenerator,
        initialDelay: rule.baseDelayMs,
        maxDelay: RETRY_MAX_DELAY_MS,
      }),
    },
  );
}
