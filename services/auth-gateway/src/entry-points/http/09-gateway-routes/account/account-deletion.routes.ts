import { Router } from 'express';
import { HttpProblem, parseInput } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import type { SessionStore } from '../../../../data-access/sessions/session-store';
import type { UserRepository } from '../../../../data-access/users/user.repository';
import { createAdminClient, UpstreamAnswerError, type Upstreams } from '../../../../integrations/upstreams';
import { clearSessionCookies, type CookiePolicy } from '../../03-session/cookies';
import { isAdmin, sessionOf } from '../../03-session/request-context';
import { upstreamProblem } from '../../10-proxy/upstream-problems';
import { userCaller } from '../../10-proxy/upstream-caller';
import { ACCOUNT_PATH, AccountDeletionBodySchema, type AccountDeleted } from './account-schemas';

export interface AccountDeletionRoutesOptions {
  upstreams: Upstreams;
  users: Pick<UserRepository, 'findById'>;
  sessions: Pick<SessionStore, 'destroy' | 'destroyAllForUser'>;
  cookies: CookiePolicy;
  logger: Logger;
}

const ADMINISTRATOR_STAYS =
  'The administrator’s account cannot be deleted: the role belongs to whoever signs in with ADMIN_EMAIL. Hand it to another e-mail address first.';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * `DELETE /bff/platform/account` `{ confirmEmail }`: the person deletes their own account. Behind
 * the `/bff` rules like every change (session, CSRF token, Idempotency-Key). Once the typed e-mail
 * matches the account's, admin is asked to start the purge an administrator starts
 * (`POST /internal/account-deletion` with the person's token: `user.deleted` with purge, every
 * service erases and answers `user.purged`); then every session of the person ends, on every
 * device, and this answer clears the cookies. The purge comes first: if admin cannot be reached,
 * nothing happened and the person is still signed in to try again.
 *
 * The administrator is refused (409), here and again by admin (docs/decisions.md).
 */
export function accountDeletionRoutes({ upstreams, users, sessions, cookies, logger }: AccountDeletionRoutesOptions) {
  const admin = createAdminClient(upstreams);
  const router = Router();
  router.delete(ACCOUNT_PATH, async (req, res) => {
    const session = sessionOf(res);
    const user = session ? await users.findById(session.user.id) : null;
    if (!session || !user) throw new HttpProblem('unauthorized', { detail: 'Please log in to continue.' });
    const { confirmEmail } = parseInput(AccountDeletionBodySchema, req.body ?? {});
    if (!sameAddress(confirmEmail, user.email)) {
      throw new HttpProblem('validation', {
        detail: 'The e-mail address you typed is not the one of your account, so nothing was deleted.',
        errors: { confirmEmail: 'This is not the e-mail address of your account.' },
      });
    }
    if (isAdmin(session.user)) throw new HttpProblem('conflict', { detail: ADMINISTRATOR_STAYS });

    try {
      await admin.deleteOwnAccount(userCaller(session.user));
    } catch (error) {
      if (error instanceof UpstreamAnswerError && error.status === 409) {
        throw new HttpProblem('conflict', { detail: ADMINISTRATOR_STAYS });
      }
      throw upstreamProblem(error) ?? new HttpProblem('backend_http');
    }

    // Every device at once; this session too, should the per-user index have lost it.
    const ended = await sessions.destroyAllForUser(user.id);
    await sessions.destroy(session.id);
    clearSessionCookies(res, cookies);
    logger.info({ userId: user.id, endedSessions: ended }, 'account deletion requested by its owner');
    const body: AccountDeleted = { data: { userId: user.id, purge: 'accepted', redirectTo: '/' } };
    res.status(202).set('Cache-Control', 'no-store').json(body);
  });
  return router;
}
