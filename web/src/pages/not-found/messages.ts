import type { FeatureMessages } from '../../i18n/use-messages';

export const notFoundMessages = {
  en: {
    documentTitle: 'Not found — Kadr',
    title: 'Not found',
    text: 'There is no page at {{path}}. It may have moved, or the address may be mistyped.',
    home: 'Go to the home page',
    back: 'Go back',
  },
  pl: {
    documentTitle: 'Nie znaleziono — Kadr',
    title: 'Nie znaleziono',
    text: 'Pod adresem {{path}} nie ma żadnej strony. Mogła zostać przeniesiona albo adres zawiera literówkę.',
    home: 'Przejdź na stronę główną',
    back: 'Wróć',
  },
} satisfies FeatureMessages;
