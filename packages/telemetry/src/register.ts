/**
 * Import this first in a service's main.ts (`import '@kadr/telemetry/register';`) so tracing
 * starts before express, kafkajs, mongoose and ioredis are loaded. Reads OTEL_SERVICE_NAME,
 * OTEL_EXPORTER_OTLP_ENDPOINT and the sampler (OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG:
 * sampler.ts); OTEL_SDK_DISABLED=true turns tracing off. A bad sampler setting stops the process
 * as any invalid configuration does: one line naming the variable, exit status 78.
 */
import { SamplerConfigError, samplerFromEnvironment } from './sampler';
import { startTracing } from './tracing';

if (process.env.OTEL_SDK_DISABLED !== 'true') {
  const serviceName = process.env.OTEL_SERVICE_NAME ?? 'kadr';
  try {
    startTracing({
      serviceName,
      otlpEndpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
      sampler: samplerFromEnvironment(process.env),
    });
  } catch (error) {
    if (!(error instanceof SamplerConfigError)) throw error;
    process.stderr.write(`${serviceName}: invalid configuration\n  ${error.message}\n`);
    process.exit(78);
  }
}
