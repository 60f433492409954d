import { useQuery } from '@tanstack/react-query';
import { getLanguages } from '../api/endpoints';

/** Spec §3 "Language option": code and name. */
export interface LanguageOption {
  code: string;
  name: string;
}

/** Until (or unless) the server answers: the product's two languages, named in themselves. */
export const FALLBACK_LANGUAGES: readonly LanguageOption[] = [
  { code: 'en', name: 'English' },
  { code: 'pl', name: 'Polski' },
];

const FLAGS: Record<string, string> = { en: '🇬🇧', pl: '🇵🇱' };
const GLOBE = '🌐';

/** Spec §2: flags for en and pl, a globe for any other code. */
export function languageFlag(code: string): string {
  return FLAGS[code] ?? GLOBE;
}

/** `[{ code, name }]` or `{ data: [...] }`; anything malformed is skipped. Never empty: falls back to en/pl. */
export function readLanguageOptions(answer: unknown): LanguageOption[] {
  const body = answer as { data?: unknown } | null | undefined;
  const list: unknown = Array.isArray(answer) ? answer : body && Array.isArray(body.data) ? body.data : [];
  const options: LanguageOption[] = [];
  for (const item of list as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { code, name } = item as Record<string, unknown>;
    if (typeof code !== 'string' || code === '' || options.some((option) => option.code === code)) continue;
    options.push({ code, name: typeof name === 'string' && name !== '' ? name : code.toUpperCase() });
  }
  return options.length > 0 ? options : [...FALLBACK_LANGUAGES];
}

/** The languages the listbox offers (`GET /bff/platform/api/i18n/languages`, public; cached for the visit). */
export function useLanguageOptions(): LanguageOption[] {
  const { data } = useQuery({
    queryKey: ['i18n', 'languages'],
    queryFn: async ({ signal }) => readLanguageOptions(await getLanguages({ signal })),
    staleTime: Infinity,
  });
  return data ?? [...FALLBACK_LANGUAGES];
}
