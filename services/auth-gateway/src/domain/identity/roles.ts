/**
 * Who may do what. Roles come from the identity provider's claims at every sign-in (never
 * stored as a decision someone could forget to revoke); permissions follow from roles.
 */

export type Role = 'user' | 'admin';

/** What each role adds. The web app shows the admin menu and guards admin screens with these. */
const PERMISSIONS_OF_ROLE: Record<Role, readonly string[]> = {
  user: [],
  admin: ['admin:users', 'admin:jobs', 'admin:logs'],
};

export interface EmailClaim {
  email: string;
  /** The provider's `email_verified` claim: only a verified address can make someone the administrator. */
  emailVerified: boolean;
}

const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/**
 * Everyone is a `user`; the administrator is the one person whose VERIFIED e-mail equals
 * `adminEmail` (case-insensitive). An unverified address proves nothing about who typed it.
 */
export function rolesFor(claim: EmailClaim, adminEmail: string): Role[] {
  const isAdministrator = claim.emailVerified && normaliseEmail(claim.email) === normaliseEmail(adminEmail);
  return isAdministrator ? ['user', 'admin'] : ['user'];
}

/** The union of the roles' permissions, without duplicates, in a stable order. */
export function permissionsFor(roles: readonly string[]): string[] {
  const permissions = new Set<string>();
  for (const role of roles) {
    for (const permission of PERMISSIONS_OF_ROLE[role as Role] ?? []) permissions.add(permission);
  }
  return [...permissions];
}
