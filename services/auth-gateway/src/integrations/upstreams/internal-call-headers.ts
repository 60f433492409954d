import { context, propagation } from '@opentelemetry/api';
import { CORRELATION_HEADER, mintInternalToken, type InternalCaller, type InternalTokenKeys } from '@kadr/http-kit';
import { currentCorrelationId } from '@kadr/telemetry';

/** Who the gateway is when it calls on nobody's behalf (public routes without a session). */
export const GATEWAY_SERVICE_CALLER: InternalCaller = { kind: 'service', service: 'auth-gateway', roles: [] };

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
  propagation.inject(context.active(), headers);
  return headers;
}
