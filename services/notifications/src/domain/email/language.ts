import { DEFAULT_LANGUAGE as PRODUCT_DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '@kadr/contracts';

export const DEFAULT_LANGUAGE: LanguageCode = PRODUCT_DEFAULT_LANGUAGE;

export function isLanguage(value: string): value is LanguageCode {
  return (LANGUAGE_CODES as readonly string[]).includes(value);
}
