import type { InternalCaller } from '@kadr/http-kit';
import type { SessionUser } from '../03-session/request-context';

/** The identity the internal token carries for a signed-in user (sub = user id, e-mail, name, roles). */
export function userCaller(user: SessionUser): InternalCaller {
  return { kind: 'user', userId: user.id, email: user.email, name: user.name, roles: user.roles };
}
