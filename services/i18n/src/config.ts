import { z } from 'zod';
import { internalTokenKeyCheck, serviceBaseEnv } from '@kadr/config';

/** The i18n service's environment (see .env.example). */
export const i18nConfigSchema = z
  .object({
    ...serviceBaseEnv(8085),
    /** Embedded mode: where the preferences persist across restarts (unset: memory only). */
    DATA_DIR: z.string().min(1).optional(),
    MONGODB_URI: z.string().min(1).optional(),
    MONGODB_DB: z.string().min(1).default('i18n'),
    KAFKA_BROKERS: z.string().min(1).optional(),
  })
  .check(internalTokenKeyCheck);

export type I18nConfig = z.output<typeof i18nConfigSchema>;
