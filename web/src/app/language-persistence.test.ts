import { initI18n, setLanguage } from '../i18n/i18n';
import { LANGUAGE_STORAGE_KEY, persistLanguageChanges, readPersistedLanguage } from './language-persistence';

describe('the UI language between visits', () => {
  beforeAll(() => initI18n('pl'));
  beforeEach(() => localStorage.clear());

  it('starts in pl without a stored choice, and ignores anything but en or pl', () => {
    expect(readPersistedLanguage()).toBe('pl');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    expect(readPersistedLanguage()).toBe('pl');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(readPersistedLanguage()).toBe('en');
  });

  it('stores every change of language, whoever made it', async () => {
    const stop = persistLanguageChanges();
    await setLanguage('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    stop();
    await setLanguage('pl');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });
});
