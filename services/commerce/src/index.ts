// @kadr/commerce: what the embedded launcher and tests use to run the service in-process.
export { commerceConfigSchema, type CommerceConfig } from './config';
export {
  startCommerce,
  composeCommerce,
  type RunningCommerce,
  type ComposedCommerce,
  type CommerceParts,
} from './service';
export type { CommerceAdapters } from './adapters';
