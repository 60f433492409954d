export { loadConfig, parseConfig, ConfigError } from './load-config';
export { envBoolean, envList, envPort } from './env-types';
