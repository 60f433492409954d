import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { HttpProblem } from '@kadr/http-kit';

const tracer = trace.getTracer('@kadr/auth-gateway/live');

/** The name of the span of a stream's opening (the trace scenario looks for it). */
export const STREAM_OPEN_SPAN = 'live stream open';

/**
 * Runs `open` — a live stream's opening: the session's checks, the follow, the replay — as a short
 * span of its own. The HTTP instrumentation gives event streams no server span (one open for hours
 * held half a stream's heap, packages/telemetry/src/tracing.ts); this one ends when the stream is
 * established or refused. It is not made the active span: whatever the stream keeps for its life
 * (listeners, timers, promises) is created in the request's context and would hold it.
 */
export async function withStreamOpenSpan(route: string, open: () => Promise<void>): Promise<void> {
  // A root span: the HTTP instrumentation runs an ignored request with tracing suppressed in its context.
  const span = tracer.startSpan(
    STREAM_OPEN_SPAN,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': 'GET', 'http.route': route } },
    ROOT_CONTEXT,
  );
  try {
    await open();
    span.setAttribute('http.response.status_code', 200);
  } catch (error) {
    const status = error instanceof HttpProblem ? error.status : 500;
    span.setAttribute('http.response.status_code', status);
    if (status >= 500) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    }
    throw error;
  } finally {
    span.end();
  }
}
