import { context, createContextKey, trace, type Context } from '@opentelemetry/api';
import type { ExportResult } from '@opentelemetry/core';
import { resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import type { ReadableSpan, Span, SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/**
 * Which Kadr service made a span, also when several services share one process (the embedded
 * mode): the process has one tracer provider and one resource, so the service travels in the
 * context instead. A service runs its start-up inside `runAsService(name, …)`; everything it
 * starts from there (servers, consumers, timers, relays) inherits that context, and every span
 * started in it — or under a span that has a service — is reported with `service.name` = name.
 */

const SERVICE = createContextKey('kadr.service');

/** The service each live span belongs to (the processor notes it at start, the exporter reads it). */
const serviceOfSpan = new WeakMap<object, string>();

export function runAsService<T>(service: string, work: () => T): T {
  return context.with(context.active().setValue(SERVICE, service), work);
}

/** The service whose work is running now (undefined outside every service). */
export function currentService(): string | undefined {
  return serviceIn(context.active());
}

/** `base` carrying the current service, so work started in it is still attributed to it. */
export function withCurrentService(base: Context): Context {
  const service = currentService();
  return service ? base.setValue(SERVICE, service) : base;
}

function serviceIn(ctx: Context): string | undefined {
  const value = ctx.getValue(SERVICE);
  return typeof value === 'string' ? value : undefined;
}

/**
 * Notes each span's service when it starts: its parent span's (a local parent), else the one
 * in the parent context, else the one of the context it is started in — an incoming request's
 * span has a remote (or no) parent, but it starts inside the server its service opened.
 */
export class ServiceAttributionProcessor implements SpanProcessor {
  onStart(span: Span, parentContext: Context): void {
    const parent = trace.getSpan(parentContext);
    const service = (parent && serviceOfSpan.get(parent)) ?? serviceIn(parentContext) ?? serviceIn(context.active());
    if (service) serviceOfSpan.set(span, service);
  }

  onEnd(): void {}

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Exports each span under its own service's resource: the process resource with `service.name`
 * replaced. OTLP groups spans by resource, so one process's spans arrive as several services.
 */
export class ServiceResourceExporter implements SpanExporter {
  private readonly resources = new Map<string, Resource>();

  constructor(private readonly exporter: SpanExporter) {}

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    this.exporter.export(
      spans.map((span) => this.attributed(span)),
      resultCallback,
    );
  }

  shutdown(): Promise<void> {
    return this.exporter.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.exporter.forceFlush?.() ?? Promise.resolve();
  }

  private attributed(span: ReadableSpan): ReadableSpan {
    const service = serviceOfSpan.get(span);
    if (!service || span.resource.attributes[ATTR_SERVICE_NAME] === service) return span;
    // The span stays as it is; only the resource it is read with differs.
    return Object.create(span, { resource: { value: this.resourceOf(span.resource, service) } }) as ReadableSpan;
  }

  private resourceOf(processResource: Resource, service: string): Resource {
    let resource = this.resources.get(service);
    if (!resource) {
      resource = processResource.merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: service }));
      this.resources.set(service, resource);
    }
    return resource;
  }
}
