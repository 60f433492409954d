import type { FeatureMessages } from './use-messages';

/**
 * The shell's strings (namespace `common`), loaded with the first chunk. Feature strings live in
 * their own folders (`messages.ts`) and arrive with their lazily loaded page.
 */
export const commonMessages = {
  en: {
    app: { name: 'Kadr', checkingAuth: 'Checking authentication…', loading: 'Loading…' },
  },
  pl: {
    app: { name: 'Kadr', checkingAuth: 'Sprawdzanie uwierzytelnienia…', loading: 'Ładowanie…' },
  },
} satisfies FeatureMessages;
