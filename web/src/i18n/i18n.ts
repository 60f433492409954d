import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../config/constants';
import { commonMessages } from './common-messages';

/**
 * One i18next instance for the app. Resources are registered by feature (see `use-messages.ts`),
 * so a lazily loaded page brings its own strings; the shell's strings (`common`) are here from the start.
 */
export const i18n: I18n = i18next.createInstance();

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function initI18n(language: string | undefined = DEFAULT_LANGUAGE): I18n {
  if (i18n.isInitialized) return i18n;
  const lng = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  void i18n.use(initReactI18next).init({
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    resources: { en: { common: commonMessages.en }, pl: { common: commonMessages.pl } },
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
  });
  syncDocumentLanguage(lng);
  return i18n;
}

export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

/** Switches the UI language at once (the caller saves the choice on the server). */
export async function setLanguage(language: Language): Promise<void> {
  if (currentLanguage() === language) return;
  await i18n.changeLanguage(language);
  syncDocumentLanguage(language);
}

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
