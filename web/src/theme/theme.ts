import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { THEME_TOGGLE_CYCLE, type ThemeMode } from '../config/constants';
import { useLocalStore } from '../session/local-store';

/** The colours actually painted: `system` resolves to one of these. */
export type ResolvedTheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function darkQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY)
    : null;
}

export function systemPrefersDark(): boolean {
  return darkQuery()?.matches ?? false;
}

export function resolveTheme(mode: ThemeMode, prefersDark: boolean = systemPrefersDark()): ResolvedTheme {
  if (mode === 'system') return prefersDark ? 'dark' : 'light';
  return mode;
}

/** The toggle's next mode: dark → light → system → dark (spec §4). */
export function nextThemeMode(mode: ThemeMode): ThemeMode {
  const index = THEME_TOGGLE_CYCLE.indexOf(mode);
  return THEME_TOGGLE_CYCLE[(index + 1) % THEME_TOGGLE_CYCLE.length] ?? 'system';
}

/**
 * Paints a mode: `data-theme` selects the token set in styles/tokens.css, `color-scheme` makes
 * form controls and scrollbars match. Safe to call repeatedly; returns what was applied.
 */
export function applyTheme(mode: ThemeMode, prefersDark: boolean = systemPrefersDark()): ResolvedTheme {
  const resolved = resolveTheme(mode, prefersDark);
  if (typeof document !== 'undefined') {
    const root = document.documentElement;
    if (root.dataset.theme !== resolved) root.dataset.theme = resolved;
    root.style.colorScheme = resolved;
  }
  return resolved;
}

function subscribeToSystemTheme(onChange: () => void): () => void {
  const query = darkQuery();
  if (!query) return () => undefined;
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The operating system's preference, live: re-renders when the user flips it. */
export function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark, () => false);
}

export interface ThemeControls {
  /** What the user chose (persisted in `kadr.local`). */
  mode: ThemeMode;
  /** What is painted now (`system` resolved through prefers-color-scheme). */
  resolved: ResolvedTheme;
  /** The mode the next `cycle()` switches to (for the toggle's label). */
  next: ThemeMode;
  cycle: () => void;
  setMode: (mode: ThemeMode) => void;
}

/** The theme, kept applied to the document while mounted (also following the system live in `system`). */
export function useTheme(): ThemeControls {
  const mode = useLocalStore((state) => state.theme);
  const setTheme = useLocalStore((state) => state.setTheme);
  const prefersDark = useSystemPrefersDark();
  const resolved = resolveTheme(mode, prefersDark);

  useEffect(() => {
    applyTheme(mode, prefersDark);
  }, [mode, prefersDark]);

  const cycle = useCallback(() => setTheme(nextThemeMode(useLocalStore.getState().theme)), [setTheme]);
  return { mode, resolved, next: nextThemeMode(mode), cycle, setMode: setTheme };
}

/**
 * Keeps the document's theme in step with the stored mode and the system preference, outside React
 * (so public pages without a toggle follow too). Call once at start-up; returns a stop function.
 */
export function startThemeSync(): () => void {
  const apply = (): void => {
    applyTheme(useLocalStore.getState().theme);
  };
  apply();
  const unsubscribeStore = useLocalStore.subscribe((state, previous) => {
    if (state.theme !== previous.theme) apply();
  });
  const unsubscribeSystem = subscribeToSystemTheme(apply);
  return () => {
    unsubscribeStore();
    unsubscribeSystem();
  };
}
