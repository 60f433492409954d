export {
  createRequestPipeline,
  requestPipeline,
  type PipelineFactory,
  type RequestPipeline,
  type RequestPipelineOptions,
} from './request-pipeline';
export { createBffPipeline, type BffPipelineOptions, type BffPipelineConfig } from './08-bff/bff-pipeline';
export { createRateLimits, type RateLimits, type RateLimitsOptions } from './04-rate-limits/rate-limits';
export { createStaticWebRouter } from './11-static-web/static-web.router';
export {
  parseFeatureFlags,
  FeatureFlagSchema,
  FeatureFlagListSchema,
  FeatureFlagConfigSchema,
  type FeatureFlag,
} from './09-gateway-routes/feature-flags';
export {
  OpenApiRegistry,
  type OpenApiRoute,
  type OpenApiResponse,
  type OpenApiInfo,
} from './09-gateway-routes/openapi/openapi-registry';
export { createGatewayOpenApi } from './09-gateway-routes/openapi/gateway-openapi';
export { ProblemSchema } from './09-gateway-routes/openapi/problem-schema';
export {
  SessionAnswerSchema,
  CurrentUserAnswerSchema,
  SessionUserViewSchema,
} from './09-gateway-routes/openapi/identity-schemas';
export {
  IdempotencyKeySchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  STATE_CHANGING_METHODS,
} from './08-bff/idempotency-key';
export { upstreamProblem } from './10-proxy/upstream-problems';
export { userCaller } from './10-proxy/upstream-caller';
