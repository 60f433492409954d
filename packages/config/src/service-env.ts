import { z } from 'zod';
import { envBoolean, envMetricsPort, envPort, envPositiveInt } from './env-types';
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

const optionalText = z.string().min(1).optional();

/**
 * Where a service keeps its state, the same variables in each: DATA_DIR (embedded mode: memory
 * stores persisted under DATA_DIR/<service>), MONGODB_URI with MONGODB_DB (the service's own
 * database, `database` by default) and KAFKA_BROKERS (unset: the in-process bus).
 */
export function storageEnv(database: string) {
  return {
    DATA_DIR: optionalText,
    MONGODB_URI: optionalText,
    MONGODB_DB: z.string().min(1).default(database),
    KAFKA_BROKERS: optionalText,
  };
}

/** The object storage videos and thumbnails live in (jobs writes them, media serves them); unset S3_ENDPOINT: the local disk. */
export const objectStorageEnv = {
  S3_ENDPOINT: z.url({ error: 'must be an absolute URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).default('kadr-media'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: envBoolean(true),
};

/** With S3_ENDPOINT, its keys are required (rather than quietly writing to the local disk). */
export function objectStorageCheck(
  config: { S3_ENDPOINT?: string; S3_ACCESS_KEY_ID?: string; S3_SECRET_ACCESS_KEY?: string },
  ctx: z.RefinementCtx,
): void {
  if (!config.S3_ENDPOINT) return;
  for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!config[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required when S3_ENDPOINT is set' });
  }
}

/**
 * The circuit breaker of every caller of another service (the gateway per upstream, jobs for
 * commerce, admin for jobs and commerce): BREAKER_FAILURE_THRESHOLD consecutive failures open
 * it for BREAKER_OPEN_MS.
 */
export const breakerEnv = {
  BREAKER_FAILURE_THRESHOLD: envPositiveInt(5),
  BREAKER_OPEN_MS: envPositiveInt(30_000),
};

/** `breakerEnv` as the options of http-kit's `internalCallBreaker`. */
export function breakerSettingsOf(config: { BREAKER_FAILURE_THRESHOLD: number; BREAKER_OPEN_MS: number }): {
  failureThreshold: number;
  openMs: number;
} {
  return { failureThreshold: config.BREAKER_FAILURE_THRESHOLD, openMs: config.BREAKER_OPEN_MS };
}
