import type { FeatureMessages } from '../i18n/use-messages';

/** The app frame's own strings (namespace `app`); "Checking authentication…" and "Loading…" are in `common`. */
export const appMessages = {
  en: {
    skipToContent: 'Skip to content',
    sessionCheckFailed: 'We could not check whether you are signed in.',
    retry: 'Try again',
  },
  pl: {
    skipToContent: 'Przejdź do treści',
    sessionCheckFailed: 'Nie udało się sprawdzić, czy jesteś zalogowany.',
    retry: 'Spróbuj ponownie',
  },
} satisfies FeatureMessages;
