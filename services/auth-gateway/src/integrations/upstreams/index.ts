export {
  createUpstreams,
  Upstreams,
  type UpstreamsOptions,
  type UpstreamsConfig,
  type UpstreamRequest,
  type BufferedAnswer,
} from './upstreams';
export { UPSTREAM_NAMES, type UpstreamName } from './upstream-names';
export { ROUTE_TABLE, upstreamForPath } from './route-table';
export { GATEWAY_SERVICE_CALLER } from './gateway-caller';
export { createCommerceClient, type CommerceClient, type InternalClientOptions, type Page } from './commerce-client';
export { createI18nClient, type I18nClient } from './i18n-client';
export { createJobsClient, type JobsClient } from './jobs-client';
export { createMediaClient, type MediaClient } from './media-client';
export { createAdminClient, type AdminClient } from './admin-client';
export { getJson, parseJsonAnswer } from './json-answer';
export {
  UpstreamError,
  UpstreamFailure,
  UpstreamNotConfiguredError,
  UpstreamCircuitOpenError,
  UpstreamCallCancelledError,
  UpstreamTimeoutError,
  UpstreamUnreachableError,
  UpstreamServerError,
  UpstreamRequestFailedError,
  isSicknessStatus,
  UpstreamAnswerError,
} from './upstream-errors';
