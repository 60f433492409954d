import type { FeatureMessages } from '../../i18n/use-messages';

/**
 * The inbox (namespace `inbox`): the bell in the top bar, its list, and the browser's notification
 * when a video finishes. Why a video failed is the `billing` feature's plain words.
 */
export const inboxMessages = {
  en: {
    bell: {
      label: 'Notifications',
      unread_one: 'Notifications, {{count}} unread',
      unread_other: 'Notifications, {{count}} unread',
    },
    title: 'Notifications',
    markAllRead: 'Mark all as read',
    markAllFailed: 'The notifications could not be marked as read. Please try again.',
    loading: 'Loading notifications…',
    loadFailed: 'Your notifications could not be loaded.',
    retry: 'Try again',
    empty: 'No notifications yet. We’ll tell you here when a video is ready.',
    unread: 'Unread:',
    settings: 'Notification settings',
    item: {
      ready: 'Your video is ready: “{{prompt}}”',
      readyUntitled: 'Your video is ready',
      failed: 'Your video failed — {{reason}}; your credits were returned',
      prompt: '“{{prompt}}”',
    },
    browser: {
      readyTitle: 'Your video is ready',
      readyBody: '“{{prompt}}”',
      readyBodyUntitled: 'Open it in Kadr.',
      failedTitle: 'Your video failed',
      failedBody: 'Reason: {{reason}}. Your credits were returned.',
    },
  },
  pl: {
    bell: {
      label: 'Powiadomienia',
      unread_one: 'Powiadomienia, {{count}} nieprzeczytane',
      unread_few: 'Powiadomienia, {{count}} nieprzeczytane',
      unread_many: 'Powiadomienia, {{count}} nieprzeczytanych',
      unread_other: 'Powiadomienia, {{count}} nieprzeczytanego',
    },
    title: 'Powiadomienia',
    markAllRead: 'Oznacz wszystkie jako przeczytane',
    markAllFailed: 'Nie udało się oznaczyć powiadomień jako przeczytanych. Spróbuj ponownie.',
    loading: 'Wczytujemy powiadomienia…',
    loadFailed: 'Nie udało się wczytać powiadomień.',
    retry: 'Spróbuj ponownie',
    empty: 'Nie masz jeszcze powiadomień. Damy Ci tu znać, gdy film będzie gotowy.',
    unread: 'Nieprzeczytane:',
    settings: 'Ustawienia powiadomień',
    item: {
      ready: 'Twój film jest gotowy: „{{prompt}}”',
      readyUntitled: 'Twój film jest gotowy',
      failed: 'Nie udało się utworzyć filmu — {{reason}}; kredyty wróciły na Twoje konto',
      prompt: '„{{prompt}}”',
    },
    browser: {
      readyTitle: 'Twój film jest gotowy',
      readyBody: '„{{prompt}}”',
      readyBodyUntitled: 'Otwórz go w Kadr.',
      failedTitle: 'Nie udało się utworzyć filmu',
      failedBody: 'Powód: {{reason}}. Kredyty wróciły na Twoje konto.',
    },
  },
} satisfies FeatureMessages;
