import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { hasAccess, useSession } from '../session/session-store';
import { loginPageUrl } from '../session/return-to';

export interface RequireAuthProps {
  /** Every one of these roles is needed (e.g. `['admin']`). */
  roles?: readonly string[];
  /** Every one of these permissions is needed (e.g. `['admin:logs']`). */
  permissions?: readonly string[];
  /** The guarded content; without it the nested routes (`<Outlet/>`). */
  children?: ReactNode;
}

/**
 * The guard of spec §6: signed out → the login page with `returnTo` = the original path and query;
 * signed in without a required role or permission → /403. It sits inside the SessionGate, so the
 * status is known; while it is not (or a sign-out is leaving the page) it renders nothing.
 */
export function RequireAuth({ roles, permissions, children }: RequireAuthProps) {
  const location = useLocation();
  const status = useSession((state) => state.status);
  const user = useSession((state) => state.user);
  const signingOut = useSession((state) => state.signingOut);

  if (status === 'unknown' || signingOut) return null;
  if (status === 'unauthenticated') return <Navigate to={loginPageUrl(location)} replace />;
  if (!hasAccess(user, { roles, permissions })) return <Navigate to="/403" replace />;
  return <>{children ?? <Outlet />}</>;
}
