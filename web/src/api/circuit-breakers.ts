import {
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  handleWhen,
  isBrokenCircuitError,
  type CircuitBreakerPolicy,
} from 'cockatiel';
import { BREAKER_FAILURE_THRESHOLD, BREAKER_OPEN_MS } from '../config/constants';
import { isApiError, type ApiError } from './api-error';
import { localProblem } from './problem-catalogue';

/**
 * One circuit breaker per endpoint (spec §4, §9): 5 consecutive failures open it for 30 s; while
 * open a call fails at once with 503 `circuit_open` ("Temporarily unavailable"); the first call
 * after the pause is the half-open test (others wait for it), success closes it, failure reopens it.
 *
 * What counts (the same rule as the gateway's own breakers):
 * - failure: no usable answer — network error, client time-out, any 5xx;
 * - success: any answer below 500, 4xx included (the server is there; the request was the problem);
 * - neither: the caller cancelled (says nothing about the server).
 */
export function countsAsBreakerFailure(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status >= 500 || error.reason === 'network_error' || error.reason === 'timeout';
}

/** A server answer that proves the endpoint works even though the call failed (4xx, odd 2xx body). */
function isAnsweredFailure(error: unknown): error is ApiError {
  return isApiError(error) && error.status > 0 && error.status < 500;
}

const breakers = new Map<string, CircuitBreakerPolicy>();

function breakerFor(endpoint: string): CircuitBreakerPolicy {
  let breaker = breakers.get(endpoint);
  if (!breaker) {
    breaker = circuitBreaker(handleWhen(countsAsBreakerFailure), {
      halfOpenAfter: BREAKER_OPEN_MS,
      breaker: new ConsecutiveBreaker(BREAKER_FAILURE_THRESHOLD),
    });
    breakers.set(endpoint, breaker);
  }
  return breaker;
}

/** Sends through the endpoint's breaker. */
export async function throughBreaker<T>(endpoint: string, send: () => Promise<T>): Promise<T> {
  // A 4xx is handed back as a value so the breaker records a success, then rethrown here.
  let answered: ApiError | undefined;
  try {
    const value = await breakerFor(endpoint).execute(async () => {
      try {
        return await send();
      } catch (error) {
        if (!isAnsweredFailure(error)) throw error;
        answered = error;
        return undefined;
      }
    });
    if (answered) throw answered;
    return value as T;
  } catch (error) {
    if (isBrokenCircuitError(error)) throw localProblem('circuit_open', { status: 503 });
    throw error;
  }
}

export type BreakerState = 'closed' | 'open' | 'half-open' | 'isolated';

const STATE_NAMES: Record<CircuitState, BreakerState> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half-open',
  [CircuitState.Isolated]: 'isolated',
};

/** The endpoint's breaker state (diagnostics); `closed` for an endpoint never called. */
export function breakerState(endpoint: string): BreakerState {
  const breaker = breakers.get(endpoint);
  return breaker ? STATE_NAMES[breaker.state] : 'closed';
}

/** Forgets every breaker (a fresh start, e.g. after sign-out or between tests). */
export function resetCircuitBreakers(): void {
  breakers.clear();
}
