/**
 * The shell's visible texts the journeys look for, in both languages. English ones are the
 * spec's fixed strings (spec §2); Polish ones mirror web/src/i18n/common-messages.ts (the web
 * app's source is not imported here: it is an ES module for the browser, this runs in Node).
 */
export type Language = 'pl' | 'en';

export const SHELL_TEXTS = {
  en: {
    checkingAuth: 'Checking authentication…',
    loading: 'Loading…',
    home: 'Home',
    gallery: 'Gallery',
    generate: 'Generate',
    login: 'Login',
    upgrade: 'Upgrade',
    logout: 'Logout',
    language: /^Language/,
    theme: /^Theme:/,
    openMenu: 'Open menu',
    adminMenu: 'Admin menu',
    english: /English/,
    polish: /Polski|Polish/,
  },
  pl: {
    checkingAuth: 'Sprawdzanie uwierzytelnienia…',
    loading: 'Ładowanie…',
    home: 'Strona główna',
    gallery: 'Galeria',
    generate: 'Generuj',
    login: 'Zaloguj się',
    upgrade: 'Ulepsz',
    logout: 'Wyloguj się',
    language: /^Język/,
    theme: /^Motyw:/,
    openMenu: 'Otwórz menu',
    adminMenu: 'Administracja — menu',
    english: /English|angielski/i,
    polish: /Polski/,
  },
} as const satisfies Record<Language, Record<string, string | RegExp>>;
