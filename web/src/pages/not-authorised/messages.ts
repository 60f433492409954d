import type { FeatureMessages } from '../../i18n/use-messages';

export const notAuthorisedMessages = {
  en: {
    documentTitle: 'Not allowed — Kadr',
    title: 'You don’t have access to this page',
    text: 'Your account doesn’t have the permission this page needs. If you think it should, contact the administrator.',
    signedInAs: 'Signed in as {{email}}.',
    home: 'Go to the home page',
    back: 'Go back',
  },
  pl: {
    documentTitle: 'Brak dostępu — Kadr',
    title: 'Nie masz dostępu do tej strony',
    text: 'Twoje konto nie ma uprawnień wymaganych przez tę stronę. Jeśli uważasz, że powinno, skontaktuj się z administratorem.',
    signedInAs: 'Zalogowano jako {{email}}.',
    home: 'Przejdź na stronę główną',
    back: 'Wróć',
  },
} satisfies FeatureMessages;
