import { Router } from 'express';
import { ACCOUNT_DELETION_PATH, type AdminUserDeletionResponse } from '@kadr/contracts';
import { HttpProblem, callerOf, requireInternalCaller, type InternalTokenKeys } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import type { AuditTrail } from '../../domain/audit/audit-trail';
import type { UserPurges } from '../../domain/purge/user-purges';
import { ADMIN_ROLE } from './administrator';
import { auditedActions, type TargetOf } from './audited-action';

export interface AccountDeletionRoutesDeps {
  purges: UserPurges;
  audit: AuditTrail;
  internalTokenKeys: InternalTokenKeys;
  logger: Logger;
}

/** The account being deleted is always the caller's own: no id is ever read from the request. */
const callerAccount: TargetOf = (_req, res) => {
  const caller = callerOf(res);
  const userId = caller.kind === 'user' ? caller.userId : null;
  return { targetId: userId, userId };
};

/**
 * `POST /internal/account-deletion`: a person deletes their own account. The gateway calls it with
 * that person's token once they have confirmed (their e-mail typed again); it is not forwarded from
 * the browser. It starts the very purge `DELETE /admin/users/{id}` starts — the purge record, with the
 * person as `requestedBy`, then `user.deleted` with purge, answered by every service's `user.purged`
 * — so a self-deletion is erased exactly as thoroughly, and the administrator sees its progress the
 * same way. Repeating it publishes again (every purge is idempotent). Audited `users.self_delete`.
 *
 * The administrator is refused (409): the role belongs to whoever signs in with ADMIN_EMAIL, so the
 * account would come back as administrator at the next sign-in while its history was gone
 * (docs/decisions.md, "Your data: export and self-service deletion").
 */
export function accountDeletionRoutes({ purges, audit, internalTokenKeys, logger }: AccountDeletionRoutesDeps): Router {
  const router = Router();
  const audited = auditedActions(audit, logger);
  router.post(
    ACCOUNT_DELETION_PATH,
    requireInternalCaller({ keys: internalTokenKeys, audience: 'admin' }),
    audited('users.self_delete', callerAccount, async ({ res, admin: person, correlationId }) => {
      if (person.roles.includes(ADMIN_ROLE)) {
        throw new HttpProblem('conflict', {
          detail:
            'The administrator’s account cannot be deleted: it is the account of ADMIN_EMAIL. Hand the role to another e-mail address first.',
        });
      }
      await purges.request(person.userId, person.userId, correlationId ?? `account-deletion-${person.userId}`);
      const body: AdminUserDeletionResponse = { data: { userId: person.userId, purge: 'accepted' } };
      res.status(202).json(body);
      return { purge: true };
    }),
  );
  return router;
}
