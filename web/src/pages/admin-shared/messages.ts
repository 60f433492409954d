import type { FeatureMessages } from '../../i18n/use-messages';

/** Strings shared by the two admin screens (namespace `adminShared`): paging, copying, error toasts. */
export const adminSharedMessages = {
  en: {
    pager: {
      label: 'Pages',
      previous: 'Previous',
      next: 'Next',
      range: '{{from}}–{{to}} of {{total}}',
      none: '0 of {{total}}',
    },
    copy: {
      button: 'Copy',
      label: 'Copy {{what}}',
      copied: 'Copied',
      failed: 'Could not copy',
    },
    error: {
      withCorrelation: '{{message}} (correlation ID: {{correlationId}})',
      unexpected: 'Unexpected error',
    },
  },
  pl: {
    pager: {
      label: 'Strony',
      previous: 'Poprzednia',
      next: 'Następna',
      range: '{{from}}–{{to}} z {{total}}',
      none: '0 z {{total}}',
    },
    copy: {
      button: 'Kopiuj',
      label: 'Kopiuj {{what}}',
      copied: 'Skopiowano',
      failed: 'Nie udało się skopiować',
    },
    error: {
      withCorrelation: '{{message}} (identyfikator korelacji: {{correlationId}})',
      unexpected: 'Nieoczekiwany błąd',
    },
  },
} satisfies FeatureMessages;
