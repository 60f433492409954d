export { startTracing, stopTracing, type TracingOptions } from './tracing';
export {
  DEFAULT_TRACES_SAMPLER,
  DEFAULT_TRACES_SAMPLER_RATIO,
  SamplerConfigError,
  samplerFromEnvironment,
  TRACES_SAMPLERS,
} from './sampler';
export { createLogger, redactSecrets, REDACTED_KEYS, type CreateLoggerOptions, type Logger } from './logger';
export { createMetrics, metricOnce, STORE_CALL_BUCKETS, type ServiceMetrics } from './metrics';
export { ScrapeReadings, type ScrapeReadingsOptions } from './scrape-readings';
export { acceptCorrelationId, currentCorrelationId, outsideRequestContext, runWithCorrelationId } from './correlation';
export {
  currentService,
  runAsService,
  withCurrentService,
  ServiceAttributionProcessor,
  ServiceResourceExporter,
} from './service-attribution';
export { contextOfTraceparent, currentTraceContext, inTraceOf, withTraceHeaders } from './trace-context';
export { endsWith, traced, type TracedOptions } from './traced';
