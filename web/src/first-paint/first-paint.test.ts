import { WEB_APP_INLINE_SCRIPT_HASHES } from '@kadr/contracts';
import { inlineScriptHash, inlineScriptText, type FirstPaintScript } from '../../scripts/first-paint';
import { LANGUAGE_STORAGE_KEY, readPersistedLanguage } from '../app/language-persistence';
import { LOCAL_STORE_KEY } from '../session/local-store';
import { prerenderFits } from './prerender-fit';

/** Runs an inline script as a page does: a <script> element in <head> (document.currentScript is set). */
function runInline(name: FirstPaintScript, data: Record<string, string> = {}): HTMLScriptElement {
  const script = document.createElement('script');
  Object.assign(script.dataset, data);
  script.textContent = inlineScriptText(name);
  document.head.appendChild(script);
  return script;
}

function prefersDark(dark: boolean): void {
  window.matchMedia = ((query: string) => ({
    matches: dark && query.includes('dark'),
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
  delete document.documentElement.dataset.theme;
  delete document.documentElement.dataset.prerender;
  document.documentElement.style.colorScheme = '';
  prefersDark(false);
});

describe('the Content-Security-Policy', () => {
  it.each<FirstPaintScript>(['theme-init.js', 'prerender-boot.js'])('allows the inline %s by its hash', (name) => {
    const hash = inlineScriptHash(inlineScriptText(name));
    // When this fails, the script changed: put the new hash in @kadr/contracts WEB_APP_INLINE_SCRIPT_HASHES
    // (packages/contracts/src/http/web-app-security.ts) and regenerate web/nginx/csp.conf
    // (tools/web/generate-nginx-headers.ts).
    expect(WEB_APP_INLINE_SCRIPT_HASHES).toContain(hash);
  });

  it('allows no other inline script', () => {
    expect(WEB_APP_INLINE_SCRIPT_HASHES).toHaveLength(2);
  });

  it('inlines the code only, not the comment above it', () => {
    expect(inlineScriptText('theme-init.js')).toMatch(/^\(function \(\) \{/);
    expect(inlineScriptText('prerender-boot.js')).toMatch(/^\(function \(\) \{/);
  });
});

describe('theme-init.js (every page)', () => {
  it('reads the local store key', () => {
    expect(inlineScriptText('theme-init.js')).toContain(`'${LOCAL_STORE_KEY}'`);
  });

  it('paints the stored mode from kadr.local', () => {
    localStorage.setItem(LOCAL_STORE_KEY, JSON.stringify({ state: { theme: 'dark' }, version: 1 }));
    runInline('theme-init.js');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');

    localStorage.setItem(LOCAL_STORE_KEY, JSON.stringify({ state: { theme: 'light' }, version: 1 }));
    prefersDark(true);
    runInline('theme-init.js');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('falls back to the system preference without a stored mode, or with a broken one', () => {
    prefersDark(true);
    runInline('theme-init.js');
    expect(document.documentElement.dataset.theme).toBe('dark');
    localStorage.setItem(LOCAL_STORE_KEY, '{not json');
    prefersDark(false);
    runInline('theme-init.js');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('follows the system in system mode', () => {
    localStorage.setItem(LOCAL_STORE_KEY, JSON.stringify({ state: { theme: 'system' } }));
    prefersDark(true);
    runInline('theme-init.js');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('copes with a browser without matchMedia', () => {
    (window as { matchMedia?: unknown }).matchMedia = undefined;
    runInline('theme-init.js');
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});

describe('prerender-boot.js (the prerendered landing page)', () => {
  const BOOT = { language: 'pl', entry: '/assets/index-1.js', preload: '/assets/react-1.js /assets/landing-1.js' };
  const entryScripts = () =>
    [...document.head.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'));
  const preloads = () =>
    [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('loads the app only after the next frame has painted, once', () => {
    runInline('prerender-boot.js', BOOT);
    expect(entryScripts()).toEqual([]);
    jest.advanceTimersByTime(20); // a frame, then the task after it
    expect(entryScripts()).toEqual(['/assets/index-1.js']);
    expect(preloads()).toEqual(['/assets/react-1.js', '/assets/landing-1.js']);
    jest.advanceTimersByTime(2000); // the fallback timer finds it loaded
    expect(entryScripts()).toHaveLength(1);
    expect(document.documentElement.dataset.prerender).toBeUndefined();
  });

  it('hides the markup from a visitor with another stored language and loads the app at once', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    runInline('prerender-boot.js', BOOT);
    expect(document.documentElement.dataset.prerender).toBe('stale');
    expect(entryScripts()).toEqual(['/assets/index-1.js']);
  });

  it('decides as the app does, for every stored language', () => {
    const root = document.createElement('div');
    root.dataset.prerendered = 'pl';
    for (const stored of [null, 'pl', 'en', 'de', '']) {
      localStorage.clear();
      delete document.documentElement.dataset.prerender;
      if (stored !== null) localStorage.setItem(LANGUAGE_STORAGE_KEY, stored);
      runInline('prerender-boot.js', BOOT);
      const hidden = document.documentElement.dataset.prerender === 'stale';
      expect({ stored, hidden }).toEqual({
        stored,
        hidden: !prerenderFits(root, readPersistedLanguage(localStorage), '/'),
      });
    }
  });
});

describe('prerenderFits', () => {
  it('fits the language it was made in, at / only', () => {
    const root = document.createElement('div');
    expect(prerenderFits(root, 'pl', '/')).toBe(false);
    root.dataset.prerendered = 'pl';
    expect(prerenderFits(root, 'pl', '/')).toBe(true);
    expect(prerenderFits(root, 'en', '/')).toBe(false);
    expect(prerenderFits(root, 'pl', '/landing')).toBe(false);
  });
});
