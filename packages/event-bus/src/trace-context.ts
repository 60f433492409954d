import { context, defaultTextMapGetter, defaultTextMapSetter, propagation } from '@opentelemetry/api';

/**
 * Carries the OpenTelemetry context across the bus in message headers (W3C `traceparent`), the
 * same way in every adapter. Uses whatever propagator the process registered; without one
 * (tests, embedded mode without telemetry) both functions are harmless no-ops.
 */

/**
 * The headers to publish: the active context injected, then the caller's headers on top. The
 * caller wins so a relay can publish a stored event with the `traceparent` captured when the
 * event was created (the outbox case) instead of the relay's own context.
 */
export function headersWithTraceContext(headers: Record<string, string> | undefined): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier, defaultTextMapSetter);
  return { ...carrier, ...headers };
}

/** Runs `fn` inside the context extracted from a delivered message's headers. */
export function runInTraceContextOf<T>(headers: Record<string, string>, fn: () => T): T {
  const extracted = propagation.extract(context.active(), headers, defaultTextMapGetter);
  return context.with(extracted, fn);
}
