import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n } from '../i18n/i18n';
import { useLocalStore } from '../session/local-store';
import { nextThemeMode, resolveTheme, startThemeSync, useTheme } from './theme';
import { ThemeToggle } from './ThemeToggle';

/** A controllable prefers-color-scheme: flip `setDark` to simulate the OS switching. */
function mockSystemTheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<() => void>();
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query.includes('dark') ? dark : false;
    },
    media: query,
    onchange: null,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  return {
    setDark(next: boolean) {
      dark = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

beforeAll(() => initI18n('en'));

beforeEach(() => {
  localStorage.clear();
  useLocalStore.setState({ theme: 'system' });
  delete document.documentElement.dataset.theme;
  mockSystemTheme(false);
});

describe('theme cycle', () => {
  it('cycles dark → light → system → dark', () => {
    expect(nextThemeMode('dark')).toBe('light');
    expect(nextThemeMode('light')).toBe('system');
    expect(nextThemeMode('system')).toBe('dark');
  });

  it('resolves system through prefers-color-scheme', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});

describe('useTheme', () => {
  it('cycles the stored mode and paints the resolved theme on the document', () => {
    mockSystemTheme(true);
    useLocalStore.setState({ theme: 'dark' });
    const { result } = renderHook(() => useTheme());
    expect(result.current).toMatchObject({ mode: 'dark', resolved: 'dark', next: 'light' });
    expect(document.documentElement.dataset.theme).toBe('dark');

    act(() => result.current.cycle());
    expect(result.current).toMatchObject({ mode: 'light', resolved: 'light' });
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.documentElement.style.colorScheme).toBe('light');

    act(() => result.current.cycle());
    expect(result.current).toMatchObject({ mode: 'system', resolved: 'dark' });
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(useLocalStore.getState().theme).toBe('system');
    expect(JSON.parse(localStorage.getItem('kadr.local') ?? '{}').state.theme).toBe('system');
  });

  it('follows the system preference live while in system mode', () => {
    const system = mockSystemTheme(false);
    const { result } = renderHook(() => useTheme());
    expect(result.current.resolved).toBe('light');
    system.setDark(true);
    expect(result.current.resolved).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('ignores the system preference in an explicit mode', () => {
    const system = mockSystemTheme(false);
    useLocalStore.setState({ theme: 'light' });
    const { result } = renderHook(() => useTheme());
    system.setDark(true);
    expect(result.current.resolved).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});

describe('ThemeToggle', () => {
  it('says the current mode and the next one, and cycles on click', async () => {
    const user = userEvent.setup();
    useLocalStore.setState({ theme: 'dark' });
    render(<ThemeToggle />);
    await user.click(screen.getByRole('button', { name: 'Theme: Dark. Switch to Light' }));
    await user.click(screen.getByRole('button', { name: 'Theme: Light. Switch to System' }));
    expect(screen.getByRole('button', { name: 'Theme: System. Switch to Dark' })).toBeInTheDocument();
    expect(useLocalStore.getState().theme).toBe('system');
  });
});

describe('startThemeSync', () => {
  it('applies store changes and system changes without any component', () => {
    const system = mockSystemTheme(false);
    const stop = startThemeSync();
    expect(document.documentElement.dataset.theme).toBe('light');
    system.setDark(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    act(() => useLocalStore.getState().setTheme('light'));
    expect(document.documentElement.dataset.theme).toBe('light');
    stop();
    act(() => useLocalStore.getState().setTheme('dark'));
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
