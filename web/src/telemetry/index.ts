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
} from '@kadr/contracts/values';
export { ANALYTICS_EVENT_NAMES } from '@kadr/contracts/values';
export type { TelemetryUser, TelemetryConsent } from './telemetry-client';
