import type { IncomingMessage } from 'node:http';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { MongooseInstrumentation } from '@opentelemetry/instrumentation-mongoose';
import {
  detectResources,
  envDetector,
  hostDetector,
  processDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BatchSpanProcessor, NoopSpanProcessor, TracerProvider, type Sampler } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { samplerFromEnvironment } from './sampler';
import { ServiceAttributionProcessor, ServiceResourceExporter } from './service-attribution';

export interface TracingOptions {
  serviceName: string;
  /** OTLP/HTTP endpoint; without it spans are still created (trace ids in logs) but not exported. */
  otlpEndpoint?: string;
  /** Which traces are kept. Default: OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG (sampler.ts), parent-based, ratio 1.0 unset. */
  sampler?: Sampler;
}

/** What `startTracing` set up, to stop it. */
export interface Tracing {
  shutdown(): Promise<void>;
}

let started: Tracing | undefined;

/** OTEL_BSP_SCHEDULE_DELAY (ms between exports; the SDK's 5000 when unset), which this SDK version leaves to us. */
function scheduledDelayFromEnvironment(): number | undefined {
  const delay = process.env.OTEL_BSP_SCHEDULE_DELAY ? Number(process.env.OTEL_BSP_SCHEDULE_DELAY) : NaN;
  return delay >= 0 ? delay : undefined;
}

/** Health probes and metric scrapes would drown real traffic in traces. */
function isProbe(req: IncomingMessage): boolean {
  return /^\/(health|metrics)/.test(req.url ?? '');
}

/**
 * An event stream (`Accept: text/event-stream`, what every EventSource sends) lives for hours. A server
 * span open that long holds its context, listener wrappers and attributes for every stream — half of
 * a live stream's heap in the gateway (issue 19) — and reaches a trace backend only when it ends. The
 * service traces the stream's opening itself (auth-gateway's `live stream open`).
 */
function isEventStream(req: IncomingMessage): boolean {
  return /\btext\/event-stream\b/i.test(req.headers.accept ?? '');
}

/**
 * Starts tracing: a tracer provider with the sampler, the processors and the instrumentations below,
 * the AsyncLocalStorage context manager, W3C trace-context and baggage propagation, and a resource of
 * `serviceName` plus what the environment, the process and the host say (OTEL_RESOURCE_ATTRIBUTES
 * included) — what OpenTelemetry's NodeSDK set up for us, without the NodeSDK: its package loads
 * ~500 modules (a YAML parser, the metrics and logs SDKs, gRPC, proto and Zipkin exporters) that no
 * service uses, a third of a service's start-up (issue 19). Spans made inside `runAsService` are
 * exported under that service's name (service-attribution.ts). Must run before the instrumented
 * libraries are first required (load `@kadr/telemetry/register` first in main.ts), or their calls
 * are not traced. Metrics go through prom-client and logs through pino.
 */
export function startTracing({ serviceName, otlpEndpoint, sampler }: TracingOptions): Tracing {
  if (started) return started;
  const exportProcessor = otlpEndpoint
    ? new BatchSpanProcessor({
        exporter: new ServiceResourceExporter(
          new OTLPTraceExporter({ url: `${otlpEndpoint.replace(/\/$/, '')}/v1/traces` }),
        ),
        scheduledDelayMillis: scheduledDelayFromEnvironment(),
      })
    : new NoopSpanProcessor();
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(
    new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  );
  const provider = new TracerProvider({
    sampler: sampler ?? samplerFromEnvironment(),
    resource: detectResources({ detectors: [envDetector, processDetector, hostDetector] }).merge(
      resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }),
    ),
    // Attribution first: it notes each span's service before anything can export it.
    spanProcessors: [new ServiceAttributionProcessor(), exportProcessor],
  });
  trace.setGlobalTracerProvider(provider);
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => isProbe(req) || isEventStream(req) }),
      // A span per request handler, none per middleware or router layer: those were ~20 spans per
      // proxied call and a fifth of its CPU (issue 19). Ignored layers still name the route, so the
      // server span keeps its `http.route`.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER] }),
      new KafkaJsInstrumentation(),
      new MongooseInstrumentation(),
      // Statement bodies can hold user data; keep them out of spans.
      new MongoDBInstrumentation({ enhancedDatabaseReporting: false }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  started = {
    async shutdown() {
      unregister();
      await provider.shutdown();
    },
  };
  return started;
}

export async function stopTracing(): Promise<void> {
  const sdk = started;
  started = undefined;
  await sdk?.shutdown();
}
