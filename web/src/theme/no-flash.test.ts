import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NO_FLASH_SCRIPT } from './no-flash';

/** The file index.html loads in <head> before any app code (prettier may reformat it; behaviour must match). */
function themeInitScriptOfIndexHtml(): string {
  const html = readFileSync(join(__dirname, '..', '..', 'index.html'), 'utf8');
  const head = html.slice(0, html.indexOf('</head>'));
  if (!head.includes('<script src="/theme-init.js"></script>'))
    throw new Error('index.html does not load /theme-init.js');
  return readFileSync(join(__dirname, '..', '..', 'public', 'theme-init.js'), 'utf8');
}

function prefersDark(dark: boolean): void {
  window.matchMedia = ((query: string) => ({
    matches: dark && query.includes('dark'),
  })) as unknown as typeof window.matchMedia;
}

const SCRIPTS = [
  ['theme/no-flash.ts', () => NO_FLASH_SCRIPT],
  ['public/theme-init.js', themeInitScriptOfIndexHtml],
] as const;

describe.each(SCRIPTS)('no-flash theme script (%s)', (_, script) => {
  /** Runs the script as the browser would, before any app code. */
  const run = (): void => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the point of the test: run the script text itself
    (new Function(script()) as () => void)();
  };

  beforeEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.theme;
    document.documentElement.style.colorScheme = '';
    prefersDark(false);
  });

  it('reads the local store key', () => {
    expect(script()).toContain("'kadr.local'");
  });

  it('paints the stored mode from kadr.local', () => {
    localStorage.setItem('kadr.local', JSON.stringify({ state: { theme: 'dark' }, version: 1 }));
    prefersDark(false);
    run();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');

    localStorage.setItem('kadr.local', JSON.stringify({ state: { theme: 'light' }, version: 1 }));
    prefersDark(true);
    run();
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('falls back to the system preference without a stored mode, or with a broken one', () => {
    prefersDark(true);
    run();
    expect(document.documentElement.dataset.theme).toBe('dark');
    localStorage.setItem('kadr.local', '{not json');
    prefersDark(false);
    run();
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('follows the system in system mode', () => {
    localStorage.setItem('kadr.local', JSON.stringify({ state: { theme: 'system' } }));
    prefersDark(true);
    run();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('copes with a browser without matchMedia', () => {
    (window as { matchMedia?: unknown }).matchMedia = undefined;
    run();
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
