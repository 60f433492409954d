import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '@kadr/contracts';

export interface Language {
  code: LanguageCode;
  /** The language's own name, as a speaker of it would look for it in a list. */
  name: string;
}

const NAMES: Record<LanguageCode, string> = { en: 'English', pl: 'Polski' };

/** The languages Kadr speaks, in the order the language menu lists them. */
export const LANGUAGES: readonly Language[] = LANGUAGE_CODES.map((code) => ({ code, name: NAMES[code] }));

export { DEFAULT_LANGUAGE };

export const isSupportedLanguage = (code: unknown): code is LanguageCode =>
  typeof code === 'string' && (LANGUAGE_CODES as readonly string[]).includes(code);
