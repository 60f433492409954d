import { context, SpanStatusCode, trace, type Attributes, type Link, type Span } from '@opentelemetry/api';
import { contextOfTraceparent } from './trace-context';

const tracer = trace.getTracer('@kadr/telemetry');

export interface TracedOptions {
  /**
   * The trace the work belongs to when that is not the one running now (a job rendered long after
   * the request that created it): the work's span is its child, linked to the current one.
   */
  traceparent?: string;
  attributes?: Attributes;
}

/** Runs `work` as a span named `name`; a failure marks the span and is thrown on. */
export function traced<T>(name: string, options: TracedOptions, work: () => Promise<T>): Promise<T> {
  const current = trace.getSpanContext(context.active());
  const parent = options.traceparent ? contextOfTraceparent(options.traceparent) : context.active();
  const parentSpan = trace.getSpanContext(parent);
  const links: Link[] = current && parentSpan && current.spanId !== parentSpan.spanId ? [{ context: current }] : [];
  return tracer.startActiveSpan(name, { attributes: options.attributes, links }, parent, (span) =>
    endsWith(span, work),
  );
}

/** Awaits `work`, then ends `span` — marked as failed, with the error, when `work` threw. */
export async function endsWith<T>(span: Span, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    span.end();
  }
}
