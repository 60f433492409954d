import { RATE_LIMIT_FALLBACK_WAIT_MS, RATE_LIMIT_MAX_WAITS } from '../config/constants';
import { isApiError, type ApiError } from './api-error';
import { clearRateLimited, showRateLimitedUntil } from './network-status';
import { localProblem } from './problem-catalogue';

/**
 * The 429 queue (spec §4 "Rate-limited endpoints are queued and retried when the wait ends", §7).
 *
 * The gateway limits per user across all of `/bff`, so one wait applies to every request: a 429
 * moves the shared deadline to now + `Retry-After` (1 s when absent) and shows the red banner.
 * Waiting requests then go one at a time — the next is sent only once the previous one has its
 * answer — so they do not stampede the limit again; a request that meets another 429 re-joins the
 * end of the line. New requests made before the deadline join the line too. After
 * `RATE_LIMIT_MAX_WAITS` 429s a request gives up with its `rate_limited` error.
 */

let deadline = 0;
let tail: Promise<unknown> = Promise.resolve();
let waiting = 0;

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

async function settle<T>(promise: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    return { ok: false, error };
  }
}

/** The 429 error of a rate-limited outcome, else undefined. */
function rateLimitOf(outcome: Outcome<unknown>): ApiError | undefined {
  return !outcome.ok && isApiError(outcome.error) && outcome.error.reason === 'rate_limited'
    ? outcome.error
    : undefined;
}

function noteRateLimit(error: ApiError): void {
  const seconds = error.retryAfterSeconds;
  const waitMs = seconds === undefined ? RATE_LIMIT_FALLBACK_WAIT_MS : seconds * 1000;
  deadline = Math.max(deadline, Date.now() + waitMs);
  showRateLimitedUntil(deadline);
}

function sleepUntilDeadline(signal?: AbortSignal): Promise<void> {
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(localProblem('cancelled'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, remaining);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Rejects at once when the caller aborts, even while the request still waits its turn. */
function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(localProblem('cancelled'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Waits its turn and the deadline, then sends (one request at a time). */
function sendInLine<T>(send: () => Promise<T>, signal?: AbortSignal): Promise<Outcome<T>> {
  waiting += 1;
  const turn = tail.then(async (): Promise<Outcome<T>> => {
    try {
      if (signal?.aborted) return { ok: false, error: localProblem('cancelled') };
      const slept = await settle(sleepUntilDeadline(signal));
      if (!slept.ok) return slept;
      if (deadline <= Date.now()) clearRateLimited(); // the wait is over (a new 429 sets it again)
      const outcome = await settle(send());
      const limited = rateLimitOf(outcome);
      if (limited) noteRateLimit(limited);
      return outcome;
    } finally {
      waiting -= 1;
      if (waiting === 0 && deadline <= Date.now()) clearRateLimited();
    }
  });
  tail = turn;
  return abortable(turn, signal).catch((error: unknown): Outcome<T> => ({ ok: false, error }));
}

/** Sends through the 429 queue: the first try goes at once unless a wait is running. */
export async function withRateLimitQueue<T>(send: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  let outcome: Outcome<T>;
  if (deadline > Date.now()) {
    outcome = await sendInLine(send, signal);
  } else {
    outcome = await settle(send());
    const limited = rateLimitOf(outcome);
    if (limited) noteRateLimit(limited);
  }
  for (let waits = 0; rateLimitOf(outcome) && waits < RATE_LIMIT_MAX_WAITS; waits += 1) {
    outcome = await sendInLine(send, signal);
  }
  // Gave up (or was cancelled) and nobody else waits: no retry is coming, so no "Retrying in Ns" banner.
  if (!outcome.ok && waiting === 0) clearRateLimited();
  if (outcome.ok) return outcome.value;
  throw outcome.error;
}
