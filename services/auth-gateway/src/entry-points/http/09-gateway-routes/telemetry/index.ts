export { createTelemetryRoutes, TELEMETRY_PATH, type TelemetryRoutesOptions } from './telemetry.routes';
export {
  TelemetryBatchSchema,
  TelemetryAcceptedSchema,
  ANALYTICS_EVENT_NAMES,
  TELEMETRY_MAX_ITEMS_PER_KIND,
  type TelemetryBatch,
  type TelemetryAccepted,
} from './telemetry.schema';
export { API_ROUTE_TEMPLATES, apiRouteTemplate } from './api-route-templates';
export { redactClientText, redactClientProps } from './client-text-redaction';
