import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@kadr/telemetry';
import { generationErrorOf } from './video-provider';

export interface RetryPolicy {
  /** Retries of a transient failure within one attempt. */
  retries: number;
  /** The first wait; each next one doubles. */
  baseMs: number;
  logger: Logger;
}

/**
 * Runs `operation`, retrying transient failures (provider 5xx/429, storage time-outs) with
 * exponential backoff within the attempt. A permanent failure, or the last transient one, is
 * thrown as a GenerationError; an aborted render stops at once with the error it got.
 */
export async function withTransientRetries<T>(
  policy: RetryPolicy,
  signal: AbortSignal,
  operation: () => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await operation();
    } catch (error) {
      if (signal.aborted) throw error;
      const failure = generationErrorOf(error);
      if (!failure.transient || attempt >= policy.retries) throw failure;
      policy.logger.warn({ err: error, attempt: attempt + 1 }, 'transient failure; retrying');
      await sleep(policy.baseMs * 2 ** attempt, undefined, { signal });
    }
  }
}
