import { LOCAL_STORE_KEY, useLocalStore } from './local-store';

describe('useLocalStore (kadr.local)', () => {
  beforeEach(() => {
    localStorage.clear();
    useLocalStore.setState({ theme: 'system', sidebarOpen: true });
    useLocalStore.getState().clearUser();
  });

  it('defaults: signed out, system theme, sidebar open', () => {
    expect(useLocalStore.getState()).toMatchObject({
      userId: null,
      authenticated: false,
      lastActivity: null,
      theme: 'system',
      sidebarOpen: true,
    });
  });

  it('persists the user, theme and sidebar under kadr.local, in zustand’s { state } format', () => {
    useLocalStore
      .getState()
      .setUser({ userId: 'u1', email: 'u1@example.com', name: 'U', expiresAt: '2030-01-01T00:00:00Z' });
    useLocalStore.getState().setTheme('dark');
    useLocalStore.getState().toggleSidebar();
    const stored = JSON.parse(localStorage.getItem(LOCAL_STORE_KEY) ?? '{}');
    expect(stored.state).toEqual({
      userId: 'u1',
      email: 'u1@example.com',
      name: 'U',
      expiresAt: '2030-01-01T00:00:00Z',
      authenticated: true,
      lastActivity: null,
      theme: 'dark',
      sidebarOpen: false,
    });
  });

  it('clearUser forgets the person but keeps the browser’s theme and sidebar', () => {
    useLocalStore.getState().setUser({ userId: 'u1', email: 'e', name: 'n', expiresAt: null });
    useLocalStore.getState().setTheme('light');
    useLocalStore.getState().clearUser();
    expect(useLocalStore.getState()).toMatchObject({ userId: null, email: null, authenticated: false, theme: 'light' });
  });

  it('keeps only well-typed values from storage', async () => {
    localStorage.setItem(
      LOCAL_STORE_KEY,
      JSON.stringify({ state: { theme: 'neon', sidebarOpen: 'yes', userId: 42, lastActivity: 7 }, version: 1 }),
    );
    await useLocalStore.persist.rehydrate();
    expect(useLocalStore.getState()).toMatchObject({
      theme: 'system',
      sidebarOpen: true,
      userId: null,
      lastActivity: 7,
    });
  });
});
