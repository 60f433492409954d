import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { THEME_MODES, type ThemeMode } from '../config/constants';

/** The localStorage key of the browser-local state (spec §3 "Persisted local store"). */
export const LOCAL_STORE_KEY = 'kadr.local';

/** Who was signed in on this browser at the last session check; never a secret (the session is an HttpOnly cookie). */
export interface LocalUser {
  userId: string;
  email: string;
  name: string;
  /** Absolute session expiry from `GET /auth/session` (ISO 8601). */
  expiresAt: string | null;
}

interface LocalData {
  userId: string | null;
  email: string | null;
  name: string | null;
  expiresAt: string | null;
  authenticated: boolean;
  /** Epoch milliseconds of the last pointer/key/visibility activity seen. */
  lastActivity: number | null;
  theme: ThemeMode;
  sidebarOpen: boolean;
}

export interface LocalState extends LocalData {
  setUser: (user: LocalUser) => void;
  /** Forgets the user (sign-out, expired session); theme and sidebar stay, they belong to the browser. */
  clearUser: () => void;
  setLastActivity: (at: number) => void;
  setTheme: (theme: ThemeMode) => void;
  setSidebarOpen: (open: boolean) => void;
  toggleSidebar: () => void;
}

const SIGNED_OUT: Pick<LocalData, 'userId' | 'email' | 'name' | 'expiresAt' | 'authenticated'> = {
  userId: null,
  email: null,
  name: null,
  expiresAt: null,
  authenticated: false,
};

const DEFAULTS: LocalData = { ...SIGNED_OUT, lastActivity: null, theme: 'system', sidebarOpen: true };

export const useLocalStore = create<LocalState>()(
  persist(
    (set) => ({
      ...DEFAULTS,
      setUser: (user) => set({ ...user, authenticated: true }),
      clearUser: () => set(SIGNED_OUT),
      setLastActivity: (at) => set({ lastActivity: at }),
      setTheme: (theme) => set({ theme }),
      setSidebarOpen: (open) => set({ sidebarOpen: open }),
      toggleSidebar: () => set((state) => ({ sidebarOpen: !state.sidebarOpen })),
    }),
    {
      name: LOCAL_STORE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): LocalData => ({
        userId: state.userId,
        email: state.email,
        name: state.name,
        expiresAt: state.expiresAt,
        authenticated: state.authenticated,
        lastActivity: state.lastActivity,
        theme: state.theme,
        sidebarOpen: state.sidebarOpen,
      }),
      // Whatever is in storage was written by some version of us or edited by hand: keep only well-typed values.
      merge: (persisted, current) => ({ ...current, ...sanitize(persisted) }),
    },
  ),
);

function sanitize(value: unknown): Partial<LocalData> {
  if (typeof value !== 'object' || value === null) return {};
  const stored = value as Record<string, unknown>;
  const text = (key: string): string | null | undefined => {
    const field = stored[key];
    return typeof field === 'string' ? field : field === null ? null : undefined;
  };
  const result: Partial<LocalData> = {};
  const userId = text('userId');
  if (userId !== undefined) result.userId = userId;
  const email = text('email');
  if (email !== undefined) result.email = email;
  const name = text('name');
  if (name !== undefined) result.name = name;
  const expiresAt = text('expiresAt');
  if (expiresAt !== undefined) result.expiresAt = expiresAt;
  if (typeof stored.authenticated === 'boolean') result.authenticated = stored.authenticated;
  if (typeof stored.lastActivity === 'number' && Number.isFinite(stored.lastActivity)) {
    result.lastActivity = stored.lastActivity;
  }
  if (isThemeMode(stored.theme)) result.theme = stored.theme;
  if (typeof stored.sidebarOpen === 'boolean') result.sidebarOpen = stored.sidebarOpen;
  return result;
}

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (THEME_MODES as readonly string[]).includes(value);
}
