import type { Request, Response } from 'express';
import { toProblem } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import type { AuditTrail } from '../../domain/audit/audit-trail';
import type { LogDetail } from '../../domain/audit/log-entry';
import { administratorOf, correlationIdOf, type Administrator } from './administrator';

export interface ActionContext {
  req: Request;
  res: Response;
  admin: Administrator;
  correlationId: string | null;
}

/** What an action is done to, for its audit line (from the request, or from who is calling). */
export type TargetOf = (req: Request, res: Response) => { targetId: string | null; userId: string | null };

export const noTarget: TargetOf = () => ({ targetId: null, userId: null });

/**
 * Wraps an administrator's action so that it appends its audit line with the outcome — also when it
 * fails (then with the problem's reason). A failed audit write is logged, never hides the answer.
 */
export function auditedActions(audit: AuditTrail, logger: Logger) {
  return (action: string, targetOf: TargetOf, run: (context: ActionContext) => Promise<LogDetail | void>) =>
    async (req: Request, res: Response) => {
      const admin = administratorOf(res);
      const correlationId = correlationIdOf(res);
      const target = targetOf(req, res);
      // A job action names its job; the job's owner, once the upstream told us, becomes the entry's
      // user, so the Logs screen's user filter finds actions on that user's jobs too.
      const userOf = (detail: LogDetail) => target.userId ?? (typeof detail.userId === 'string' ? detail.userId : null);
      const record = (outcome: 'success' | 'failure', detail: LogDetail) =>
        audit
          .record({ action, actorId: admin.userId, ...target, userId: userOf(detail), outcome, correlationId, detail })
          .catch((error: unknown) => logger.error({ err: error, action }, 'audit write failed'));
      let detail: LogDetail;
      try {
        detail = (await run({ req, res, admin, correlationId })) ?? {};
      } catch (error) {
        // The problem the answer will carry, so the line says what the administrator was told.
        const problem = toProblem(error);
        await record('failure', { reason: problem.reason, status: problem.status });
        throw error;
      }
      await record('success', detail);
    };
}
