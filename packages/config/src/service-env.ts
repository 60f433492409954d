import { z } from 'zod';
import { envMetricsPort, envPort } from './env-types';
import { internalTokenEnv } from './internal-token-env';

/** The log levels pino knows, lowest volume last. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * The variables every Kadr service reads, the same way in each (spread into its schema):
 * NODE_ENV, HOST, PORT (the service's own default), METRICS_PORT, LOG_LEVEL and the internal
 * token keys.
 */
export function serviceBaseEnv(defaultPort: number) {
  return {
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /** Loopback unless told otherwise: a container or pod sets 0.0.0.0. */
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: envPort(defaultPort),
    /** Prometheus scrapes `/metrics` here, never on PORT (the public one). */
    METRICS_PORT: envMetricsPort(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    ...internalTokenEnv,
  };
}
