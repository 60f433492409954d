import { Router } from 'express';
import { z } from 'zod';
import {
  AdminMarkFailedRequestSchema,
  type AdminJobActionResponse,
  type AdminJobDetailResponse,
  type AdminJobListResponse,
} from '@kadr/contracts';
import { parseInput } from '@kadr/http-kit';
import type { JobAdministration } from '../../domain/jobs/job-admin';
import { adminJobView, jobEvents } from '../../domain/jobs/job-view';
import { correlationIdOf, requireAdministrator } from './callers';
import { AdminPageQuerySchema, IdParamSchema, UserIdParamSchema } from './request-schemas';

const ForceQuerySchema = z.object({ force: z.enum(['true', 'false']).optional() });

/** Internal admin operations, called by the admin service with the administrator's user token. */
export function adminRoutes(admin: JobAdministration): Router {
  const router = Router();

  router.get('/internal/admin/users/:userId/jobs', async (req, res) => {
    requireAdministrator(res);
    const { userId } = parseInput(UserIdParamSchema, req.params);
    const { skip, take } = parseInput(AdminPageQuerySchema, req.query);
    const { items, total } = await admin.listForUser(userId, skip, take);
    const body: AdminJobListResponse = {
      items: items.map(adminJobView),
      skip,
      take,
      total,
      hasNext: skip + items.length < total,
    };
    res.json(body);
  });

  router.get('/internal/admin/jobs/:id', async (req, res) => {
    requireAdministrator(res);
    const { id } = parseInput(IdParamSchema, req.params);
    const job = await admin.get(id);
    const body: AdminJobDetailResponse = { data: { job: adminJobView(job), events: jobEvents(job) } };
    res.json(body);
  });

  router.post('/internal/admin/jobs/:id/requeue', async (req, res) => {
    const { userId } = requireAdministrator(res);
    const { id } = parseInput(IdParamSchema, req.params);
    const job = await admin.requeue(id, userId, correlationIdOf(res));
    const body: AdminJobActionResponse = { data: adminJobView(job) };
    res.json(body);
  });

  router.post('/internal/admin/jobs/:id/mark-failed', async (req, res) => {
    const { userId } = requireAdministrator(res);
    const { id } = parseInput(IdParamSchema, req.params);
    const { reason } = parseInput(AdminMarkFailedRequestSchema, req.body ?? {});
    const job = await admin.markFailed(id, userId, reason);
    const body: AdminJobActionResponse = { data: adminJobView(job) };
    res.json(body);
  });

  router.delete('/internal/admin/jobs/:id', async (req, res) => {
    const { userId } = requireAdministrator(res);
    const { id } = parseInput(IdParamSchema, req.params);
    const { force } = parseInput(ForceQuerySchema, req.query);
    await admin.delete(id, userId, force === 'true');
    res.json({ data: { id, deleted: true } });
  });

  return router;
}
