import {
  BrokenCircuitError,
  circuitBreaker,
  CircuitState,
  ConsecutiveBreaker,
  handleAll,
  IsolatedCircuitError,
  type CircuitBreakerPolicy,
} from 'cockatiel';
import { Gauge, Histogram, type Registry } from 'prom-client';
import { currentCorrelationId, metricOnce, withTraceHeaders, type Logger } from '@kadr/telemetry';
import { CORRELATION_HEADER } from './correlation.middleware';
import { mintInternalToken, type InternalCaller, type InternalTokenKeys } from './internal-token';

export interface InternalCallIdentity {
  caller: InternalCaller;
  /** The called service: the token's audience, so it is refused anywhere else. */
  audience: string;
  /** Minted with the current key (its id in the token's `kid` header). */
  keys: InternalTokenKeys;
  /** Defaults to the correlation id of the request being handled. */
  correlationId?: string;
}

/**
 * The headers every internal call carries: a freshly minted short-lived identity token (the only
 * identity services trust), the correlation id and the W3C trace context of the active span.
 */
export async function internalCallHeaders(identity: InternalCallIdentity): Promise<Record<string, string>> {
  const token = await mintInternalToken(identity.caller, { keys: identity.keys, audience: identity.audience });
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  const correlationId = identity.correlationId ?? currentCorrelationId();
  if (correlationId) headers[CORRELATION_HEADER] = correlationId;
  return withTraceHeaders(headers);
}

export interface InternalCall {
  method: string;
  /** The called service's base URL and the path on it. */
  baseUrl: string;
  path: string;
  /** Sent as JSON when given. */
  body?: unknown;
  /** The caller's Idempotency-Key, passed on so the called service applies a retried change once. */
  idempotencyKey?: string;
  identity: InternalCallIdentity;
  timeoutMs: number;
  /** The called service's breaker (`internalCallBreaker`): while open, the call fails at once. */
  breaker?: InternalCallBreaker;
}

/** How an internal call ended: an answer below 500, an answer of 500 or more, none in time, none at all, or refused by the open breaker. */
export type InternalCallOutcome = 'ok' | 'error_status' | 'timeout' | 'unavailable' | 'breaker_open';

/** A called service's circuit breaker: cockatiel's policy, and where its calls are measured. */
export interface InternalCallBreaker {
  /** The called service (the metrics' `upstream` label). */
  readonly service: string;
  readonly policy: CircuitBreakerPolicy;
  /** Records one call through the breaker (nothing without a registry). */
  observe(outcome: InternalCallOutcome, seconds: number): void;
}

/** An answer that says the service itself is sick (a 500 or 501 is one request's bug, not that). */
const SICK_STATUSES = new Set([502, 503, 504]);

export interface InternalCallBreakerOptions {
  /** The called service, for the log line when the breaker changes state and the metrics' `upstream` label. */
  service: string;
  /** Consecutive failures (no answer in time, no connection, 502/503/504) that open it. */
  failureThreshold: number;
  /** How long it stays open before one call is let through to test the service. */
  openMs: number;
  logger: Logger;
  /**
   * The calling service's registry: `internal_call_breaker_state{upstream}` and
   * `internal_call_duration_seconds{upstream,outcome}` go there. Without it nothing is measured.
   */
  registry?: Registry;
}

/**
 * A circuit breaker for the calls to one service, as the gateway has per upstream (cockatiel):
 * after `failureThreshold` consecutive failures calls fail at once for `openMs`, so a caller does
 * not spend its time-out on a service that is down; then one call tests it.
 */
export function internalCallBreaker({
  service,
  failureThreshold,
  openMs,
  logger,
  registry,
}: InternalCallBreakerOptions): InternalCallBreaker {
  const policy = circuitBreaker(
    handleAll.orWhenResult((answer) => SICK_STATUSES.has((answer as Response).status)),
    { halfOpenAfter: openMs, breaker: new ConsecutiveBreaker(failureThreshold) },
  );
  policy.onBreak(() => logger.warn({ upstream: service }, 'internal-call circuit breaker opened'));
  policy.onReset(() => logger.info({ upstream: service }, 'internal-call circuit breaker closed'));
  if (!registry) return { service, policy, observe: () => undefined };

  const { state, duration } = internalCallMetrics(registry);
  state.set({ upstream: service }, CircuitState.Closed);
  policy.onStateChange((next) => state.set({ upstream: service }, next));
  return { service, policy, observe: (outcome, seconds) => duration.observe({ upstream: service, outcome }, seconds) };
}

/** The internal-call metrics of one registry, shared by every breaker registered there (one per called service). */
function internalCallMetrics(registry: Registry) {
  const registers = [registry];
  return {
    state: metricOnce(
      registry,
      'internal_call_breaker_state',
      () =>
        new Gauge({
          name: 'internal_call_breaker_state',
          help: 'Circuit breaker state per called service: 0 closed, 1 open, 2 half-open, 3 isolated',
          labelNames: ['upstream'] as const,
          registers,
        }),
    ),
    duration: metricOnce(
      registry,
      'internal_call_duration_seconds',
      () =>
        new Histogram({
          name: 'internal_call_duration_seconds',
          help: 'Seconds from sending an internal call until its answer (or failure), by called service and outcome (ok, error_status, timeout, unavailable, breaker_open)',
          labelNames: ['upstream', 'outcome'] as const,
          buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
          registers,
        }),
    ),
  };
}

/**
 * One JSON call to another Kadr service with the internal-call headers, a time-out and, when
 * given, the service's breaker (which measures it). Resolves with the answer whatever its status;
 * rejects when there was none (unreachable, timed out, breaker open: `BrokenCircuitError`) — the
 * caller says what that means for its own users.
 */
export async function callInternal(call: InternalCall): Promise<Response> {
  const { breaker } = call;
  if (!breaker) return send(call);
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const answer = await breaker.policy.execute(() => send(call));
    breaker.observe(answer.status >= 500 ? 'error_status' : 'ok', seconds());
    return answer;
  } catch (error) {
    breaker.observe(failureOutcome(error), seconds());
    throw error;
  }
}

function failureOutcome(error: unknown): InternalCallOutcome {
  if (error instanceof BrokenCircuitError || error instanceof IsolatedCircuitError) return 'breaker_open';
  // fetch rejects with the signal's reason: AbortSignal.timeout's is a TimeoutError.
  if ((error as { name?: unknown } | null)?.name === 'TimeoutError') return 'timeout';
  return 'unavailable';
}

async function send({
  method,
  baseUrl,
  path,
  body,
  idempotencyKey,
  identity,
  timeoutMs,
}: InternalCall): Promise<Response> {
  return fetch(new URL(path, baseUrl), {
    method,
    headers: {
      ...(await internalCallHeaders(identity)),
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
}
