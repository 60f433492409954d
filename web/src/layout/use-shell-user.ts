import { useSession } from '../session/session-store';

/** The administrator role the gateway grants (auth-gateway README: `admin` for ADMIN_EMAIL). */
export const ADMIN_ROLE = 'admin';

export interface ShellUser {
  signedIn: boolean;
  /** Still checking: auth-dependent parts render nothing rather than flash the wrong state. */
  checking: boolean;
  isAdmin: boolean;
  email: string | null;
}

/** What the shell needs to know about who is signed in. */
export function useShellUser(): ShellUser {
  const status = useSession((state) => state.status);
  const user = useSession((state) => state.user);
  return {
    signedIn: status === 'authenticated',
    checking: status === 'unknown',
    isAdmin: status === 'authenticated' && (user?.roles.includes(ADMIN_ROLE) ?? false),
    email: user?.email || null,
  };
}
