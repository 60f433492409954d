import { DEFAULT_LANGUAGE, type Language } from '../config/constants';
import { i18n, isLanguage } from '../i18n/i18n';

/** The UI language of this browser, kept so the next visit starts in it before any server answer. */
export const LANGUAGE_STORAGE_KEY = 'kadr.language';

/** The language to start in: the stored one when it is en or pl (spec §5), else pl. */
export function readPersistedLanguage(storage: Storage = window.localStorage): Language {
  try {
    const stored = storage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/**
 * Stores every language change (the listbox, the user summary's preferred language), whoever made
 * it. Returns a function that stops listening.
 */
export function persistLanguageChanges(storage: Storage = window.localStorage): () => void {
  const onChange = (language: string): void => {
    if (!isLanguage(language)) return;
    try {
      storage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Storage full or blocked: the language still applies for this visit.
    }
  };
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}
