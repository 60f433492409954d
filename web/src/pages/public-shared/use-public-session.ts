import { useEffect } from 'react';
import { useLocalStore } from '../../session/local-store';
import { checkSession, useSession } from '../../session/session-store';

export interface PublicSession {
  /** True/false once known; before the first answer, this browser's last known state (a hint only). */
  signedIn: boolean;
  /** The answer has arrived (false while only the hint is known). */
  known: boolean;
  name?: string;
}

/**
 * Who is signed in, for pages outside the session wrapper (landing, login, legal pages): they only
 * adapt a link ("Sign in" or "Go to dashboard"), so they start the check but never wait for it.
 */
export function usePublicSession(): PublicSession {
  const status = useSession((state) => state.status);
  const user = useSession((state) => state.user);
  const hint = useLocalStore((state) => state.authenticated);
  const hintName = useLocalStore((state) => state.name);

  useEffect(() => {
    if (useSession.getState().status === 'unknown') void checkSession();
  }, []);

  if (status === 'unknown') return { signedIn: hint, known: false, ...(hintName ? { name: hintName } : {}) };
  return { signedIn: status === 'authenticated', known: true, ...(user?.name ? { name: user.name } : {}) };
}
