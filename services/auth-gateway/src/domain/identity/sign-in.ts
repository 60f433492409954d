import { randomUUID } from 'node:crypto';
import type { UserRepository } from '../../data-access/users/user.repository';
import { rolesFor } from './roles';
import type { User, VerifiedIdentity } from './user';
import { userRegisteredOutboxEntry, type EventContext } from './user-registered-event';

export interface SignInDeps {
  users: UserRepository;
  /** ADMIN_EMAIL: the one administrator's address. */
  adminEmail: string;
  /** Called after a write that put an event into the outbox, so the relay publishes it soon. */
  onOutboxWritten?: () => void;
  now?: () => Date;
}

export type SignIn = (identity: VerifiedIdentity, context: EventContext) => Promise<User>;

/**
 * Sign-in as a use case: the first sign-in of an identity creates the user together with its
 * `user.registered` event (one document, one write); every sign-in recomputes the roles from
 * the provider's current claims and records the time.
 */
export function createSignIn({ users, adminEmail, onOutboxWritten, now = () => new Date() }: SignInDeps): SignIn {
  return async (identity, context) => {
    const at = now();
    const roles = rolesFor(identity, adminEmail);
    const update = { email: identity.email, emailVerified: identity.emailVerified, name: identity.name, roles };

    const existing = await users.findByIdentity(identity.issuer, identity.subject);
    if (!existing) {
      const id = randomUUID();
      const fresh: User = {
        id,
        issuer: identity.issuer,
        subject: identity.subject,
        ...update,
        tenantId: null,
        createdAt: at,
        lastLoginAt: at,
        outbox: [],
      };
      fresh.outbox.push(userRegisteredOutboxEntry(fresh, identity.locale, context));
      const { user, created } = await users.insertIfAbsent(fresh);
      if (created) {
        onOutboxWritten?.();
        return user;
      }
      // A concurrent first sign-in of the same person won the insert: fall through to an update of its user.
      return (await users.recordSignIn(user.id, { ...update, lastLoginAt: at })) ?? user;
    }
    const updated = await users.recordSignIn(existing.id, { ...update, lastLoginAt: at });
    if (!updated) throw new Error('the user disappeared during sign-in (deleted concurrently)');
    return updated;
  };
}
