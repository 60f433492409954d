import { z } from 'zod';
import { internalTokenKeyCheck, serviceBaseEnv, storageEnv } from '@kadr/config';

/** The i18n service's environment (see .env.example). */
export const i18nConfigSchema = z
  .object({
    ...serviceBaseEnv(8085),
    /** Embedded mode: where the preferences persist across restarts (unset: memory only). */
    ...storageEnv('i18n'),
  })
  .check(internalTokenKeyCheck);

export type I18nConfig = z.output<typeof i18nConfigSchema>;
