import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  AdminMarkFailedRequestSchema,
  ChargebackRequestSchema,
  CreditAdjustmentRequestSchema,
  ShareReportsQuerySchema,
  type AdminJobDetailPage,
  type AdminLogsPage,
  type AdminUserDeletionResponse,
  type AdminUserJobsPage,
  type AdminUsersPage,
} from '@kadr/contracts';
import { HttpProblem, parseInput, requireInternalCaller, type InternalTokenKeys } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import type { LogRepository } from '../../data-access/log.repository';
import type { AuditTrail } from '../../domain/audit/audit-trail';
import { logEntryView } from '../../domain/audit/log-entry';
import type { AdminReadModel } from '../../domain/read-model/admin-read-model';
import type { UserPurges } from '../../domain/purge/user-purges';
import type { CommerceHoldsClient } from '../../integrations/commerce-holds.client';
import type { JobsAdminClient } from '../../integrations/jobs-admin.client';
import type { MediaSharesClient } from '../../integrations/media-shares.client';
import { requireAdministrator } from './administrator';
import { auditedActions, noTarget, type TargetOf } from './audited-action';
import { deadLetterRoutes, type DeadLetterRoutesDeps } from './dead-letter.routes';
import {
  DeleteJobQuerySchema,
  DeleteUserQuerySchema,
  singleValues,
  IdParamSchema,
  LogsQuerySchema,
  UserJobsQuerySchema,
  UserOrdersQuerySchema,
  UsersQuerySchema,
} from './request-schemas';

export interface AdminRoutesDeps {
  readModel: AdminReadModel;
  purges: UserPurges;
  audit: AuditTrail;
  logs: LogRepository;
  jobs: JobsAdminClient;
  holds: CommerceHoldsClient;
  shares: MediaSharesClient;
  internalTokenKeys: InternalTokenKeys;
  logger: Logger;
  deadLetters: Omit<DeadLetterRoutesDeps, 'audited'>;
}

/**
 * The administrator's Idempotency-Key (the gateway requires one on every state-changing call), forwarded to
 * commerce: one adjustment, one chargeback per key.
 */
const MoneyActionKeySchema = z.string().trim().min(1, 'An Idempotency-Key is required.').max(200);

const idTarget =
  (kind: 'user' | 'job' | 'order' | 'share_link'): TargetOf =>
  (req) => {
    const id = typeof req.params.id === 'string' ? req.params.id : null;
    return { targetId: id, userId: kind === 'user' ? id : null };
  };

/** `/admin/*` as the gateway forwards it (`/bff/platform` stripped), the administrator's token required. */
export function adminRoutes(deps: AdminRoutesDeps): Router {
  const { readModel, purges, audit, logs, jobs, holds, shares, logger } = deps;
  const router = Router();
  router.use('/admin', requireInternalCaller({ keys: deps.internalTokenKeys, audience: 'admin' }));
  router.use('/admin', requireAdministrator(audit, logger));

  const audited = auditedActions(audit, logger);

  const idOf = (req: Request) => parseInput(IdParamSchema, req.params).id;
  const correlation = (id: string | null) => id ?? undefined;

  router.get(
    '/admin/users',
    audited('users.list', noTarget, async ({ req, res }) => {
      const { skip, take, q } = parseInput(UsersQuerySchema, singleValues(req.query));
      const { items, total } = await readModel.page({ skip, take, q });
      const body: AdminUsersPage = { data: items, pagination: { skip, take, total } };
      res.set('Cache-Control', 'private, no-store').json(body);
      // The search text may be an e-mail address: the audit keeps only whether there was one.
      return { searched: q !== undefined, returned: items.length };
    }),
  );

  router.get(
    '/admin/users/:id',
    audited('users.read', idTarget('user'), async ({ req, res }) => {
      const detail = await readModel.detail(idOf(req));
      if (!detail) throw new HttpProblem('not_found', { detail: 'There is no such user.' });
      res.set('Cache-Control', 'private, no-store').json({ data: detail });
    }),
  );

  router.get(
    '/admin/users/:id/jobs',
    audited('users.jobs.list', idTarget('user'), async ({ req, res, admin, correlationId }) => {
      const userId = idOf(req);
      const page = parseInput(UserJobsQuerySchema, singleValues(req.query));
      const answer = await jobs.userJobs(admin, userId, page, correlation(correlationId));
      const body: AdminUserJobsPage = {
        data: answer.items,
        pagination: { skip: answer.skip, take: answer.take, total: answer.total, hasNext: answer.hasNext },
      };
      res.set('Cache-Control', 'private, no-store').json(body);
      return { returned: answer.items.length };
    }),
  );

  router.get(
    '/admin/users/:id/orders',
    audited('users.orders.list', idTarget('user'), async ({ req, res, admin, correlationId }) => {
      const page = parseInput(UserOrdersQuerySchema, singleValues(req.query));
      const body = await holds.userOrders(admin, idOf(req), page, correlation(correlationId));
      res.set('Cache-Control', 'private, no-store').json(body);
      return { returned: body.data.length };
    }),
  );

  router.delete(
    '/admin/users/:id',
    audited('users.delete', idTarget('user'), async ({ req, res, admin, correlationId }) => {
      const userId = idOf(req);
      parseInput(DeleteUserQuerySchema, singleValues(req.query));
      if (userId === admin.userId) {
        throw new HttpProblem('conflict', { detail: 'The administrator cannot delete their own account here.' });
      }
      if (!(await readModel.detail(userId))) throw new HttpProblem('not_found', { detail: 'There is no such user.' });
      await purges.request(userId, admin.userId, correlationId ?? `admin-purge-${userId}`);
      const body: AdminUserDeletionResponse = { data: { userId, purge: 'accepted' } };
      res.status(202).json(body);
      return { purge: true };
    }),
  );

  router.get(
    '/admin/jobs/:id',
    audited('jobs.read', idTarget('job'), async ({ req, res, admin, correlationId }) => {
      const jobId = idOf(req);
      const { data } = await jobs.job(admin, jobId, correlation(correlationId));
      const [hold, ledger] = await Promise.all([
        holds.hold(admin, jobId, data.job.userId, correlation(correlationId)),
        holds.ledger(admin, jobId, data.job.userId, correlation(correlationId)),
      ]);
      const missing: AdminJobDetailPage['meta']['missing'] = [];
      if (hold === 'unavailable') missing.push('hold');
      if (ledger === 'unavailable') missing.push('ledger');
      const body: AdminJobDetailPage = {
        data: {
          job: data.job,
          events: data.events,
          hold: hold === 'unavailable' ? null : hold.hold,
          ledger: ledger === 'unavailable' ? null : ledger,
        },
        meta: { missing },
      };
      res.set('Cache-Control', 'private, no-store').json(body);
      return { userId: data.job.userId, missing: body.meta.missing.join(',') || null };
    }),
  );

  // Money changed by a person: audited with the amount and the reason; the key makes a retry harmless.
  router.post(
    '/admin/users/:id/credit-adjustments',
    audited('credits.adjust', idTarget('user'), async ({ req, res, admin, correlationId }) => {
      const userId = idOf(req);
      const adjustment = parseInput(CreditAdjustmentRequestSchema, req.body);
      const key = parseInput(MoneyActionKeySchema, req.get('idempotency-key'));
      const { status, body } = await holds.adjustCredits(admin, userId, adjustment, key, correlation(correlationId));
      res.status(status).json(body);
      return {
        userId,
        amount: adjustment.amount,
        reason: adjustment.reason,
        applied: body.data.applied,
        balance: body.data.balance,
      };
    }),
  );

  // A payment reversed by the card issuer: the order is marked refunded and its credits taken back (commerce
  // records any it could not take as the shortfall). Audited with the reason and what was taken.
  router.post(
    '/admin/orders/:id/chargeback',
    audited('orders.chargeback', idTarget('order'), async ({ req, res, admin, correlationId }) => {
      const orderId = idOf(req);
      const chargeback = parseInput(ChargebackRequestSchema, req.body);
      const key = parseInput(MoneyActionKeySchema, req.get('idempotency-key'));
      const { status, body } = await holds.chargeBack(admin, orderId, chargeback, key, correlation(correlationId));
      res.status(status).json(body);
      const recorded = body.data.chargeback;
      return {
        userId: body.data.userId,
        reason: chargeback.reason,
        replayed: status === 200,
        takenCredits: recorded?.takenCredits ?? null,
        shortfallCredits: recorded?.shortfallCredits ?? null,
      };
    }),
  );

  router.post(
    '/admin/jobs/:id/requeue',
    audited('jobs.requeue', idTarget('job'), async ({ req, res, admin, correlationId }) => {
      const answer = await jobs.requeue(admin, idOf(req), correlation(correlationId));
      res.json(answer);
      return { userId: answer.data.userId, status: answer.data.status };
    }),
  );

  router.post(
    '/admin/jobs/:id/mark-failed',
    audited('jobs.mark_failed', idTarget('job'), async ({ req, res, admin, correlationId }) => {
      const jobId = idOf(req);
      const { reason } = parseInput(AdminMarkFailedRequestSchema, req.body ?? {});
      const answer = await jobs.markFailed(admin, jobId, reason, correlation(correlationId));
      res.json(answer);
      return { userId: answer.data.userId, status: answer.data.status };
    }),
  );

  router.delete(
    '/admin/jobs/:id',
    audited('jobs.delete', idTarget('job'), async ({ req, res, admin, correlationId }) => {
      const jobId = idOf(req);
      const { force } = parseInput(DeleteJobQuerySchema, singleValues(req.query));
      const answer = await jobs.delete(admin, jobId, force === 'true', correlation(correlationId));
      res.json(answer);
      return { force: force === 'true' };
    }),
  );

  // Share links (issue 21): reading reports is logged like reading users; a revoke names the link and its video.
  router.get(
    '/admin/share-reports',
    audited('share_reports.list', noTarget, async ({ req, res, admin, correlationId }) => {
      const query = parseInput(ShareReportsQuerySchema, singleValues(req.query));
      res
        .set('Cache-Control', 'private, no-store')
        .json(await shares.reports(admin, query, correlation(correlationId)));
    }),
  );

  router.post(
    '/admin/share-links/:id/revoke',
    audited('share_links.revoke', idTarget('share_link'), async ({ req, res, admin, correlationId }) => {
      const answer = await shares.revoke(admin, idOf(req), correlation(correlationId));
      res.json(answer);
      return { jobId: answer.data.jobId };
    }),
  );

  // Reading the log is not itself logged: every refresh of the Logs screen would add lines to it.
  router.get('/admin/logs', async (req, res) => {
    const query = parseInput(LogsQuerySchema, singleValues(req.query));
    const { items, total } = await logs.query(query);
    const body: AdminLogsPage = {
      data: items.map(logEntryView),
      pagination: { skip: query.skip, take: query.take, total },
    };
    res.set('Cache-Control', 'private, no-store').json(body);
  });

  router.use(deadLetterRoutes({ ...deps.deadLetters, audited }));

  return router;
}
