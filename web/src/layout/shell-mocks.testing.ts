import { create } from 'zustand';
import type { Language, TierLabel } from '../config/constants';

/**
 * Stand-ins for the session and network stores the shell reads (their real modules pull in the API
 * client). Use from `jest.mock` factories: `jest.mock('../session/session-store', () =>
 * require('./shell-mocks.testing').sessionStoreMock)`.
 */
interface SessionLike {
  status: 'unknown' | 'authenticated' | 'unauthenticated';
  user?: { id: string; email: string; name: string; roles: string[]; permissions: string[] };
}

export const sessionStoreMock = {
  useSession: create<SessionLike>()(() => ({ status: 'unauthenticated' })),
  signOut: jest.fn(() => Promise.resolve()),
};

interface TopBarLike {
  tier: TierLabel;
  language: Language | null;
  credits: { balance: number; currency: string; heldCredits: number } | null;
}

export const topBarStoreMock = {
  useTopBar: create<TopBarLike>()(() => ({ tier: 'FREE', language: null, credits: null })),
};

export const networkStatusMock = {
  useNetworkStatus: create<{ online: boolean; rateLimitedUntil: number | null }>()(() => ({
    online: true,
    rateLimitedUntil: null,
  })),
};

export function signIn(roles: string[] = ['user']): void {
  sessionStoreMock.useSession.setState({
    status: 'authenticated',
    user: { id: 'u1', email: 'ada@example.com', name: 'Ada', roles, permissions: [] },
  });
}

export function signOutLocally(): void {
  sessionStoreMock.useSession.setState({ status: 'unauthenticated', user: undefined });
}
