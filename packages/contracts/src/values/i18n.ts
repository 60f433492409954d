/** Languages the product speaks (spec §1, §5); the default is `pl`. */
export const LANGUAGE_CODES = ['en', 'pl'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = 'pl';
