export {
  startAuthGateway,
  composeAuthGateway,
  type RunningGateway,
  type StartOptions,
  type ComposedGateway,
  type GatewayParts,
  type PipelineFactory,
} from './service';
export { openGatewayAdapters, type GatewayAdapters, KEY_PREFIX } from './adapters';
export { gatewayConfigSchema, type GatewayConfig } from './config';
export type { PipelineMounts } from './entry-points/http/app';
