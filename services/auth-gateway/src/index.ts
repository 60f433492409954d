export {
  startAuthGateway,
  composeAuthGateway,
  type RunningGateway,
  type GatewayStartOptions,
  type ComposedGateway,
  type GatewayParts,
} from './service';
export type { PipelineFactory } from './entry-points/http';
export { openGatewayAdapters, type GatewayAdapters, KEY_PREFIX } from './adapters';
export { gatewayConfigSchema, type GatewayConfig } from './config';
export type { PipelineMounts } from './entry-points/http/app';
