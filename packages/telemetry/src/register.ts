/**
 * Import this first in a service's main.ts (`import '@kadr/telemetry/register';`) so tracing
 * starts before express, kafkajs, mongoose and ioredis are loaded. Reads OTEL_SERVICE_NAME and
 * OTEL_EXPORTER_OTLP_ENDPOINT; OTEL_SDK_DISABLED=true turns tracing off.
 */
import { startTracing } from './tracing';

if (process.env.OTEL_SDK_DISABLED !== 'true') {
  startTracing({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'kadr',
    otlpEndpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
  });
}
