import type { FeatureMessages } from '../../i18n/use-messages';

/** Strings of the public pages' frame (header, footer) and of the legal page layout. */
export const publicSharedMessages = {
  en: {
    header: {
      skip: 'Skip to content',
      nav: 'Site',
      logo: 'Kadr — home',
      pricing: 'Pricing',
      privacy: 'Privacy',
      terms: 'Terms',
      signIn: 'Sign in',
      dashboard: 'Dashboard',
      language: 'Language',
      languageOption: { en: 'English', pl: 'Polski' },
    },
    footer: {
      label: 'Footer',
      tagline: 'Videos from a sentence. Pay with credits that never expire.',
      privacy: 'Privacy policy',
      terms: 'Terms of service',
      copyright: '© {{year}} Kadr',
    },
    legal: {
      updated: 'Last updated: {{date}}',
      contents: 'Contents',
      otherLanguage: 'Czytaj po polsku',
      otherLanguageHint: 'Polish version',
      backToTop: 'Back to top',
      placeholderNote: 'Highlighted parts are filled in by the operator of this Kadr installation.',
      related: { privacy: 'See also the Privacy policy', terms: 'See also the Terms of service' },
    },
  },
  pl: {
    header: {
      skip: 'Przejdź do treści',
      nav: 'Serwis',
      logo: 'Kadr — strona główna',
      pricing: 'Cennik',
      privacy: 'Prywatność',
      terms: 'Regulamin',
      signIn: 'Zaloguj się',
      dashboard: 'Panel',
      language: 'Język',
      languageOption: { en: 'English', pl: 'Polski' },
    },
    footer: {
      label: 'Stopka',
      tagline: 'Filmy z jednego zdania. Płacisz kredytami, które nigdy nie wygasają.',
      privacy: 'Polityka prywatności',
      terms: 'Regulamin',
      copyright: '© {{year}} Kadr',
    },
    legal: {
      updated: 'Ostatnia aktualizacja: {{date}}',
      contents: 'Spis treści',
      otherLanguage: 'Read in English',
      otherLanguageHint: 'Wersja angielska',
      backToTop: 'Na górę',
      placeholderNote: 'Wyróżnione fragmenty uzupełnia operator tej instalacji Kadr.',
      related: { privacy: 'Zobacz też Politykę prywatności', terms: 'Zobacz też Regulamin' },
    },
  },
} satisfies FeatureMessages;
