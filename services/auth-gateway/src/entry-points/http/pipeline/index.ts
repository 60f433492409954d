export { createRequestPipeline, type RequestPipeline, type RequestPipelineOptions } from './request-pipeline';
export { createBffPipeline, type BffPipelineOptions, type BffPipelineConfig } from './bff-pipeline';
export { createRateLimits, type RateLimits, type RateLimitsOptions } from './rate-limits';
export { createStaticWebRouter } from './static-web.router';
export {
  parseFeatureFlags,
  FeatureFlagSchema,
  FeatureFlagListSchema,
  FeatureFlagConfigSchema,
  type FeatureFlag,
} from './feature-flags';
export { OpenApiRegistry, type OpenApiRoute, type OpenApiResponse, type OpenApiInfo } from './openapi/openapi-registry';
export { createGatewayOpenApi } from './openapi/gateway-openapi';
export { ProblemSchema } from './openapi/problem-schema';
export { SessionAnswerSchema, CurrentUserAnswerSchema, SessionUserViewSchema } from './openapi/identity-schemas';
export {
  IdempotencyKeySchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  STATE_CHANGING_METHODS,
} from './idempotency-key';
export { upstreamProblem } from './upstream-problems';
export { userCaller } from './upstream-caller';
