import { circuitBreaker, ConsecutiveBreaker, handleAll, type CircuitBreakerPolicy } from 'cockatiel';
import { currentCorrelationId, withTraceHeaders, type Logger } from '@kadr/telemetry';
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
  identity: InternalCallIdentity;
  timeoutMs: number;
  /** The called service's breaker (`internalCallBreaker`): while open, the call fails at once. */
  breaker?: InternalCallBreaker;
}

/** A called service's circuit breaker (cockatiel's policy). */
export type InternalCallBreaker = CircuitBreakerPolicy;

/** An answer that says the service itself is sick (a 500 or 501 is one request's bug, not that). */
const SICK_STATUSES = new Set([502, 503, 504]);

export interface InternalCallBreakerOptions {
  /** The called service, for the log line when the breaker changes state. */
  service: string;
  /** Consecutive failures (no answer in time, no connection, 502/503/504) that open it. */
  failureThreshold: number;
  /** How long it stays open before one call is let through to test the service. */
  openMs: number;
  logger: Logger;
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
}: InternalCallBreakerOptions): InternalCallBreaker {
  const breaker = circuitBreaker(
    handleAll.orWhenResult((answer) => SICK_STATUSES.has((answer as Response).status)),
    { halfOpenAfter: openMs, breaker: new ConsecutiveBreaker(failureThreshold) },
  );
  breaker.onBreak(() => logger.warn({ upstream: service }, 'internal-call circuit breaker opened'));
  breaker.onReset(() => logger.info({ upstream: service }, 'internal-call circuit breaker closed'));
  return breaker;
}

/**
 * One JSON call to another Kadr service with the internal-call headers, a time-out and, when
 * given, the service's breaker. Resolves with the answer whatever its status; rejects when there
 * was none (unreachable, timed out, breaker open: `BrokenCircuitError`) — the caller says what
 * that means for its own users.
 */
export function callInternal(call: InternalCall): Promise<Response> {
  return call.breaker ? call.breaker.execute(() => send(call)) : send(call);
}

async function send({ method, baseUrl, path, body, identity, timeoutMs }: InternalCall): Promise<Response> {
  return fetch(new URL(path, baseUrl), {
    method,
    headers: {
      ...(await internalCallHeaders(identity)),
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
}
