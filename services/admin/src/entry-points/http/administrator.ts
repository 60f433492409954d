import type { Request, RequestHandler, Response } from 'express';
import { callerOf, HttpProblem, type InternalCaller } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import type { AuditTrail } from '../../domain/audit/audit-trail';

/** The role the gateway gives the administrator (the verified ADMIN_EMAIL). */
export const ADMIN_ROLE = 'admin';

export type Administrator = Extract<InternalCaller, { kind: 'user' }>;

export const correlationIdOf = (res: Response): string | null => {
  const id: unknown = res.locals.correlationId;
  return typeof id === 'string' && id ? id : null;
};

/** Who a refused caller was, for the audit line. */
const callerName = (caller: InternalCaller): string =>
  caller.kind === 'user' ? caller.userId : `service:${caller.service}`;

/**
 * The gateway lets only the administrator through to `/admin`; this checks it again (ARCHITECTURE
 * §5): a user token whose roles include `admin`. Anyone else — another user, a service — gets 403
 * `forbidden`, and the attempt is audited.
 */
export function requireAdministrator(audit: AuditTrail, logger: Logger): RequestHandler {
  return async (req: Request, res: Response, next) => {
    const caller = callerOf(res);
    if (caller.kind === 'user' && caller.roles.includes(ADMIN_ROLE)) {
      next();
      return;
    }
    await audit
      .record({
        action: 'access.denied',
        actorId: callerName(caller),
        targetId: null,
        userId: caller.kind === 'user' ? caller.userId : null,
        outcome: 'denied',
        correlationId: correlationIdOf(res),
        detail: { method: req.method, path: req.path },
      })
      .catch((error: unknown) => logger.error({ err: error }, 'audit write failed'));
    throw new HttpProblem('forbidden', { detail: 'Only the administrator can use the admin area.' });
  };
}

export function administratorOf(res: Response): Administrator {
  const caller = callerOf(res);
  if (caller.kind !== 'user') throw new HttpProblem('forbidden');
  return caller;
}
