export { startAuthGateway, type RunningGateway } from './service';
export { gatewayConfigSchema, type GatewayConfig } from './config';
