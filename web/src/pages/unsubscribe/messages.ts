import type { FeatureMessages } from '../../i18n/use-messages';

/** `/unsubscribe?token=…`, the e-mails' unsubscribe link (namespace `unsubscribe`). */
export const unsubscribeMessages = {
  en: {
    documentTitle: 'Stop e-mails — Kadr',
    title: 'Stop e-mails about your videos',
    lead: 'Kadr e-mails you when a video you started is ready, or has failed, after you have left the site. Press the button to stop these e-mails.',
    later: 'You can turn them on again at any time in Settings.',
    button: 'Stop e-mails',
    sending: 'Stopping the e-mails…',
    done: {
      title: 'E-mails stopped',
      text: 'You will no longer get an e-mail when a video is ready. The notifications in the app and in your browser stay as they are.',
    },
    invalid: {
      title: 'This link is invalid or has expired',
      text: 'It may be incomplete, or older than the e-mails’ links last. Sign in and turn the e-mails off in Settings instead.',
    },
    failed: 'The e-mails could not be stopped right now. Please try again.',
    signIn: 'Sign in to manage your settings',
  },
  pl: {
    documentTitle: 'Wyłącz e-maile — Kadr',
    title: 'Wyłącz e-maile o Twoich filmach',
    lead: 'Kadr wysyła Ci e-mail, gdy film, który zlecisz, jest gotowy albo się nie udał, a Ty już wyszedłeś ze strony. Naciśnij przycisk, aby wyłączyć te e-maile.',
    later: 'W każdej chwili możesz je z powrotem włączyć w Ustawieniach.',
    button: 'Wyłącz e-maile',
    sending: 'Wyłączamy e-maile…',
    done: {
      title: 'E-maile wyłączone',
      text: 'Nie dostaniesz już e-maila, gdy film będzie gotowy. Powiadomienia w aplikacji i w przeglądarce zostają bez zmian.',
    },
    invalid: {
      title: 'Ten link jest nieprawidłowy albo wygasł',
      text: 'Może być niepełny albo starszy, niż działają linki z e-maili. Zaloguj się i wyłącz e-maile w Ustawieniach.',
    },
    failed: 'Nie udało się teraz wyłączyć e-maili. Spróbuj ponownie.',
    signIn: 'Zaloguj się, aby zarządzać ustawieniami',
  },
} satisfies FeatureMessages;
