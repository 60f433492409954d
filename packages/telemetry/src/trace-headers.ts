import { context, propagation } from '@opentelemetry/api';

/** `headers` with the W3C trace context of the active span added (`traceparent`), for an outgoing call. */
export function withTraceHeaders(headers: Record<string, string>): Record<string, string> {
  propagation.inject(context.active(), headers);
  return headers;
}
