import { z } from 'zod';
import { envMetricsPort, envPort, internalTokenEnv, internalTokenKeyCheck } from '@kadr/config';

/** The i18n service's environment (see .env.example). */
export const i18nConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: envPort(8085),
    /** Prometheus scrapes `/metrics` here, never on PORT (the public one). */
    METRICS_PORT: envMetricsPort(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ...internalTokenEnv,
    /** Embedded mode: where the preferences persist across restarts (unset: memory only). */
    DATA_DIR: z.string().min(1).optional(),
    MONGODB_URI: z.string().min(1).optional(),
    MONGODB_DB: z.string().min(1).default('i18n'),
    KAFKA_BROKERS: z.string().min(1).optional(),
  })
  .check(internalTokenKeyCheck);

export type I18nConfig = z.output<typeof i18nConfigSchema>;
