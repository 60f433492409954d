import { currentCorrelationId, withTraceHeaders } from '@kadr/telemetry';
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
}

/**
 * One JSON call to another Kadr service with the internal-call headers and a time-out. Resolves
 * with the answer whatever its status; rejects when there was none (unreachable, timed out) —
 * the caller says what that means for its own users.
 */
export async function callInternal({
  method,
  baseUrl,
  path,
  body,
  identity,
  timeoutMs,
}: InternalCall): Promise<Response> {
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
