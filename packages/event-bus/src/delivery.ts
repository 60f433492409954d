import type { DeliveredMessage, MessageHandler, SubscribeOptions } from './port';

/**
 * One message's trip through a handler: attempts with exponential backoff (the subscription's
 * handler puts each attempt in the message's trace context). Both adapters use it, so "retried N times, then dead-lettered" means
 * the same thing everywhere. Committing and dead-lettering stay with the adapter.
 */

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_RETRY_DELAY_MS = 100;
/** The backoff stops doubling here: a long pause would only hold up the partition's later messages. */
export const MAX_RETRY_DELAY_MS = 30_000;

export interface RetryPolicy {
  maxAttempts: number;
  retryDelayMs: number;
}

export function retryPolicyOf(options: Pick<SubscribeOptions, 'maxAttempts' | 'retryDelayMs'>): RetryPolicy {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new RangeError(`maxAttempts must be an integer ≥ 1, got ${maxAttempts}`);
  }
  if (!Number.isFinite(retryDelayMs) || retryDelayMs < 0) {
    throw new RangeError(`retryDelayMs must be a number ≥ 0, got ${retryDelayMs}`);
  }
  return { maxAttempts, retryDelayMs };
}

/** The delay before attempt `attempt` (2, 3, …): retryDelayMs, doubled each time, capped. */
export function backoffBefore(attempt: number, policy: RetryPolicy): number {
  return Math.min(policy.retryDelayMs * 2 ** (attempt - 2), MAX_RETRY_DELAY_MS);
}

export type DeliveryOutcome =
  /** The handler succeeded: commit past the message. */
  | { kind: 'handled'; attempts: number }
  /** Every attempt failed: dead-letter the message, then commit past it. */
  | { kind: 'failed'; attempts: number; error: unknown }
  /** The consumer is stopping: leave the message uncommitted so the group gets it again. */
  | { kind: 'abandoned'; attempts: number };

export interface DeliveryControls {
  /** Aborted when the consumer stops: no new attempt starts, a pending backoff ends at once. */
  signal: AbortSignal;
  /**
   * Kafka: heartbeats through a backoff, so a long one does not cost the group membership (a
   * heartbeat that reports a rebalance throws, and the message is fetched again by its next owner).
   */
  keepAlive?: { beat: () => Promise<void>; everyMs: number };
}

export async function deliverWithRetries(
  message: Omit<DeliveredMessage, 'attempt'>,
  handler: MessageHandler,
  policy: RetryPolicy,
  controls: DeliveryControls,
): Promise<DeliveryOutcome> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= policy.maxAttempts; attempt += 1) {
    if (attempt > 1) await waitOut(backoffBefore(attempt, policy), controls);
    if (controls.signal.aborted) return { kind: 'abandoned', attempts: attempt - 1 };
    try {
      // Each attempt gets its own copy, so a handler that mutates the message cannot affect the retry.
      const delivered: DeliveredMessage = {
        ...message,
        value: new Uint8Array(message.value),
        headers: { ...message.headers },
        attempt,
      };
      await handler(delivered);
      return { kind: 'handled', attempts: attempt };
    } catch (error) {
      lastError = error;
    }
  }
  return { kind: 'failed', attempts: policy.maxAttempts, error: lastError };
}

async function waitOut(ms: number, { signal, keepAlive }: DeliveryControls): Promise<void> {
  const until = Date.now() + ms;
  for (let left = ms; left > 0 && !signal.aborted; left = until - Date.now()) {
    await sleep(Math.min(left, keepAlive?.everyMs ?? left), signal);
    if (keepAlive && !signal.aborted) await keepAlive.beat();
  }
}

/** Resolves after `ms`, or as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
