export {
  track,
  logClientError,
  recordApiLatency,
  setTelemetryUser,
  flushTelemetry,
  pendingTelemetry,
  startTelemetry,
} from './telemetry';
export type {
  TelemetryBatch,
  TelemetryAccepted,
  AnalyticsEventName,
  TelemetryMetric,
  AnalyticsEvent,
  ClientLogEntry,
} from './telemetry-batch';
export { ANALYTICS_EVENT_NAMES } from './telemetry-batch';
export type { TelemetryUser, TelemetryConsent } from './telemetry-client';
