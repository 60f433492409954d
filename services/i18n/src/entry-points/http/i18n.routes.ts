import { Router } from 'express';
import { I18N_INTERNAL_USER_LANGUAGE_PATH, UserLanguageRequestSchema } from '@kadr/contracts';
import { callerOf, HttpProblem, parseInput, requireInternalCaller, type InternalTokenKeys } from '@kadr/http-kit';
import type { PreferenceRepository } from '../../data-access/preference.repository';
import { DEFAULT_LANGUAGE, isSupportedLanguage, LANGUAGES } from '../../domain/languages';

export interface I18nRoutesDeps {
  preferences: PreferenceRepository;
  internalTokenKeys: InternalTokenKeys;
  now?: () => Date;
}

/** The services that may read any user's language (for what they send while nobody is signed in). */
const LANGUAGE_READERS = new Set(['notifications']);

/** `/api/i18n/*` as the gateway forwards it (it strips `/bff/platform`), and `/internal/users/:id/language`. */
export function i18nRoutes({ preferences, internalTokenKeys, now = () => new Date() }: I18nRoutesDeps): Router {
  const router = Router();
  router.use('/api/i18n', requireInternalCaller({ keys: internalTokenKeys, audience: 'i18n' }));

  // Public through the gateway (it calls with its service token when nobody is signed in).
  router.get('/api/i18n/languages', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(LANGUAGES);
  });

  const userOf = (res: Parameters<typeof callerOf>[0]) => {
    const caller = callerOf(res);
    if (caller.kind !== 'user') throw new HttpProblem('forbidden', { detail: 'Only a signed-in user has a language.' });
    return caller;
  };

  router.get('/api/i18n/user-language', async (_req, res) => {
    const preference = await preferences.find(userOf(res).userId);
    res.json({ data: { language: preference?.language ?? DEFAULT_LANGUAGE } });
  });

  router.put('/api/i18n/user-language', async (req, res) => {
    const { userId } = userOf(res);
    const { language } = parseInput(UserLanguageRequestSchema, req.body);
    if (!isSupportedLanguage(language)) throw new HttpProblem('validation'); // narrowed by the schema
    const saved = await preferences.setLanguage(userId, language, now());
    res.json({ data: { language: saved.language } });
  });

  // The language to write to a user in when nobody is signed in (notifications' e-mails).
  router.get(
    I18N_INTERNAL_USER_LANGUAGE_PATH,
    requireInternalCaller({ keys: internalTokenKeys, audience: 'i18n' }),
    async (req, res) => {
      const caller = callerOf(res);
      if (caller.kind !== 'service' || !LANGUAGE_READERS.has(caller.service)) {
        throw new HttpProblem('forbidden', { detail: "Only Kadr's services may read another user's language." });
      }
      const preference = await preferences.find(String(req.params.id));
      res.json({ data: { language: preference?.language ?? DEFAULT_LANGUAGE } });
    },
  );

  return router;
}
