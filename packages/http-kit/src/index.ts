export { createHttpApp, type CreateAppOptions, type HttpApp } from './create-app';
export { startHttpServer, DEFAULT_SERVER_LIMITS, type RunningServer, type ServerLimits } from './server';
export { MAX_JSON_DEPTH, jsonDepthExceeds, tooDeepProblem } from './json-depth';
export { startMetricsServer, mergeExpositions, type MetricsServerOptions } from './metrics-server';
export {
  serveComposed,
  serveService,
  type AdapterContext,
  type ComposedService,
  type OpenedAdapters,
  type RunningService,
  type ServeComposedOptions,
  type ServeServiceOptions,
  type ServedConfig,
  type ServedService,
  type ServiceParts,
  type StartOptions,
} from './serve-composed';
export { backgroundWork, repeatEvery } from './background-work';
export { handleShutdownSignals, type ShutdownStep } from './shutdown';
export type { ReadinessCheck, HealthState } from './health.routes';
export { CORRELATION_HEADER } from './correlation.middleware';
export { sendProblem, type ErrorMapping } from './problem.middleware';
export {
  HttpProblem,
  PROBLEM_CATALOGUE,
  problemType,
  isProblemReason,
  type ProblemReason,
  type ProblemBody,
  type ProblemOptions,
} from './problems';
export { toProblem, validationProblem, malformedUrlProblem } from './error-mapping';
export { parseInput } from './validation';
export {
  mintInternalToken,
  verifyInternalToken,
  requireInternalCaller,
  callerOf,
  internalTokenKeys,
  INTERNAL_ISSUER,
  type InternalCaller,
  type InternalTokenKey,
  type InternalTokenKeys,
  type InternalTokenKeyConfig,
  type MintOptions,
  type VerifyOptions,
} from './internal-token';
export { isBlockedAddress, isLoopbackAddress } from './egress/blocked-addresses';
export {
  checkDestination,
  hostMatches,
  pinnedLookup,
  systemResolver,
  DestinationUnresolvedError,
  EgressRefusedError,
  type DestinationPolicy,
  type EgressRefusal,
  type ResolvedAddress,
  type Resolver,
} from './egress/destination';
export {
  callInternal,
  internalCallBreaker,
  internalCallHeaders,
  type InternalCall,
  type InternalCallBreaker,
  type InternalCallBreakerOptions,
  type InternalCallIdentity,
  type InternalCallOutcome,
} from './internal-call';
