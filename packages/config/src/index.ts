export { loadConfig, parseConfig, ConfigError } from './load-config';
export { envBoolean, envList, envPort, envPositiveInt, envMetricsPort, DEFAULT_METRICS_PORT } from './env-types';
export {
  breakerEnv,
  breakerSettingsOf,
  LOG_LEVELS,
  objectStorageCheck,
  objectStorageEnv,
  serviceBaseEnv,
  storageEnv,
} from './service-env';
export {
  internalTokenEnv,
  internalTokenKeyCheck,
  DEFAULT_INTERNAL_TOKEN_KEY_ID,
  type InternalTokenEnv,
} from './internal-token-env';
