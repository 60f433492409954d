import { Router } from 'express';
import type { CreateJobResponse, JobListResponse, JobResponse } from '@kadr/contracts';
import { HttpProblem, parseInput } from '@kadr/http-kit';
import type { JobRepository } from '../../data-access/jobs/job.repository';
import type { JobCreation } from '../../domain/jobs/create-job';
import type { JobCancellation } from '../../domain/jobs/job-cancellation';
import { ACTIVE_STATUSES, VISIBLE_STATUSES } from '../../domain/jobs/job';
import { jobTimeline, jobView, jobViewWithQueue } from '../../domain/jobs/job-view';
import type { QueueForecasts } from '../../domain/queue/queue-forecasts';
import { correlationIdOf, requireUser } from './callers';
import {
  CreateJobBodySchema,
  HistoryQuerySchema,
  IdParamSchema,
  IdempotencyKeySchema,
  TakeQuerySchema,
} from './request-schemas';

/** The user's jobs: create (the saga), cancel, active, recent (paged), one. Someone else's job is a 404, never a 403. */
export function jobsRoutes(deps: {
  jobs: JobRepository;
  creation: JobCreation;
  cancellation: JobCancellation;
  forecasts: QueueForecasts;
}): Router {
  const router = Router();

  router.post('/jobs', async (req, res) => {
    const { userId } = requireUser(res);
    const keyCheck = IdempotencyKeySchema.safeParse(req.get('idempotency-key'));
    const body = CreateJobBodySchema.safeParse(req.body);
    if (!keyCheck.success || !body.success) {
      const errors: Record<string, string> = {};
      for (const issue of body.error?.issues ?? []) errors[issue.path.join('.') || 'body'] ??= issue.message;
      if (!keyCheck.success) errors['Idempotency-Key'] = keyCheck.error.issues[0]?.message ?? 'required';
      throw new HttpProblem('validation', { detail: 'Please fix highlighted fields.', errors });
    }
    const job = await deps.creation.create({
      userId,
      idempotencyKey: keyCheck.data,
      correlationId: correlationIdOf(res),
      ...body.data,
    });
    const answer: CreateJobResponse = {
      id: job.id,
      status: job.status === 'RESERVING' ? 'PENDING' : job.status,
      progress: Math.round(job.progress),
      createdAt: job.createdAt.toISOString(),
      cost: job.chargedFrom === 'allowance' ? 0 : job.cost,
    };
    res.status(202).json(answer);
  });

  // Idempotent by nature (a cancelled job answers as it is), so no Idempotency-Key is needed here;
  // the gateway still asks one of every state-changing /bff request.
  router.post('/jobs/:id/cancel', async (req, res) => {
    const { userId } = requireUser(res);
    const { id } = parseInput(IdParamSchema, req.params);
    const job = await deps.cancellation.cancel(id, userId);
    const body: JobResponse = { data: jobView(job) };
    res.json(body);
  });

  router.get('/jobs/active', async (req, res) => {
    const { userId } = requireUser(res);
    const { take } = parseInput(TakeQuerySchema, req.query);
    const jobs = await deps.jobs.listForUser(userId, { statuses: ACTIVE_STATUSES, skip: 0, take });
    const forecasts = await deps.forecasts.forJobs(jobs);
    const body: JobListResponse = { items: jobs.map((job) => jobViewWithQueue(job, forecasts)) };
    res.json(body);
  });

  router.get('/jobs/recent', async (req, res) => {
    const { userId } = requireUser(res);
    const { skip, take } = parseInput(HistoryQuerySchema, req.query);
    const jobs = await deps.jobs.listForUser(userId, { statuses: VISIBLE_STATUSES, skip, take });
    const body: JobListResponse = { items: jobs.map(jobView) };
    res.json(body);
  });

  router.get('/jobs/:id', async (req, res) => {
    const { userId } = requireUser(res);
    const { id } = parseInput(IdParamSchema, req.params);
    const job = await deps.jobs.findById(id);
    if (!job || job.userId !== userId || job.deletedAt || job.status === 'RESERVING') {
      throw new HttpProblem('not_found', { detail: 'No such job.' });
    }
    const active = job.status === 'PENDING' || job.status === 'PROCESSING';
    const view = active ? jobViewWithQueue(job, await deps.forecasts.forJobs([job])) : jobView(job);
    const body: JobResponse = { data: { ...view, timeline: jobTimeline(job) } };
    res.json(body);
  });

  return router;
}
