import {
  I18N_INTERNAL_USER_LANGUAGE_PATH,
  InternalUserLanguageResponseSchema,
  type LanguageCode,
} from '@kadr/contracts';
import type { LanguageSource } from '../../domain/email/email-dispatcher';
import type { ServiceCall } from './service-call';

/** The user's chosen language from i18n; null when i18n cannot say now (the caller falls back). */
export class I18nLanguageClient implements LanguageSource {
  constructor(private readonly i18n: ServiceCall) {}

  async languageOf(userId: string): Promise<LanguageCode | null> {
    try {
      const body = await this.i18n.getJson(I18N_INTERNAL_USER_LANGUAGE_PATH.replace(':id', encodeURIComponent(userId)));
      return InternalUserLanguageResponseSchema.parse(body).data.language;
    } catch {
      return null;
    }
  }
}
