import { I18N_USER_LANGUAGE_PATH, UserLanguageResponseSchema, type LanguageCode } from '@kadr/contracts';
import type { InternalCaller } from '@kadr/http-kit';
import type { InternalClientOptions } from './commerce-client';
import { getJson } from './json-answer';
import type { Upstreams } from './upstreams';

/** The i18n service's API for a user's own settings (contract: the i18n schemas of `@kadr/contracts`). */
export interface I18nClient {
  userLanguage(caller: InternalCaller): Promise<LanguageCode>;
}

export function createI18nClient(upstreams: Upstreams, { timeoutMs }: InternalClientOptions = {}): I18nClient {
  return {
    userLanguage: async (caller) =>
      (
        await getJson(
          upstreams,
          'i18n',
          { path: I18N_USER_LANGUAGE_PATH, caller, timeoutMs },
          UserLanguageResponseSchema,
        )
      ).data.language,
  };
}
