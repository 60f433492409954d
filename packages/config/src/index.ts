export { loadConfig, parseConfig, ConfigError } from './load-config';
export { envBoolean, envList, envPort, envMetricsPort, DEFAULT_METRICS_PORT } from './env-types';
