import { z } from 'zod';
import { LANGUAGE_CODES } from '../values';

/** The i18n service's API as other services call it (the gateway with the user's internal token, audience `i18n`). */

export const I18N_USER_LANGUAGE_PATH = '/api/i18n/user-language';

/** Languages the product speaks (`LANGUAGE_CODES`, `DEFAULT_LANGUAGE` are in `values/i18n.ts`). */
export const LanguageCodeSchema = z.enum(LANGUAGE_CODES);

/** `GET /api/i18n/user-language`: the signed-in user's preferred language (the default when never set). */
export const UserLanguageResponseSchema = z.object({
  data: z.object({ language: LanguageCodeSchema }),
});
export type UserLanguageResponse = z.infer<typeof UserLanguageResponseSchema>;

/** `PUT /api/i18n/user-language` body. */
export const UserLanguageRequestSchema = z.object({
  language: z.enum(LANGUAGE_CODES, { error: `Choose one of: ${LANGUAGE_CODES.join(', ')}.` }),
});
export type UserLanguageRequest = z.infer<typeof UserLanguageRequestSchema>;

/** `GET /api/i18n/languages`: the languages Kadr speaks, each with its own name, in menu order. */
export const LanguagesResponseSchema = z.array(z.object({ code: LanguageCodeSchema, name: z.string().min(1) }));
