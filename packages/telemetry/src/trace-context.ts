import { context, propagation, type Context } from '@opentelemetry/api';

/**
 * The W3C trace context (`traceparent`) of the work running now, carried to work done later or
 * elsewhere on its behalf: an outgoing call, an outbox entry published by a relay, a live
 * announcement. Uses the propagator the process registered; without one, nothing is carried.
 */

/** `headers` with the trace context of the active span added, for an outgoing call. */
export function withTraceHeaders(headers: Record<string, string>): Record<string, string> {
  propagation.inject(context.active(), headers);
  return headers;
}

/** `{ traceparent }` of the work running now, or `{}` outside any trace: to store with what is done later. */
export function currentTraceContext(): { traceparent?: string } {
  const { traceparent } = withTraceHeaders({});
  return traceparent ? { traceparent } : {};
}

/** The context a stored `traceparent` names, on top of `base` (whatever else it carries stays). */
export function contextOfTraceparent(traceparent: string, base: Context = context.active()): Context {
  return propagation.extract(base, { traceparent });
}

/** Runs `work` in the trace a stored `traceparent` names; as it is when there is none. */
export function inTraceOf<T>(stored: { traceparent?: string }, work: () => T): T {
  return stored.traceparent ? context.with(contextOfTraceparent(stored.traceparent), work) : work();
}
