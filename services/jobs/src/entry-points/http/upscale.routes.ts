import { Router } from 'express';
import type { CreateJobResponse, UpscaleQuoteResponse } from '@kadr/contracts';
import { HttpProblem, parseInput } from '@kadr/http-kit';
import type { JobUpscale } from '../../domain/upscale/job-upscale';
import { correlationIdOf, requireUser } from './callers';
import { IdParamSchema, IdempotencyKeySchema } from './request-schemas';

/**
 * `GET /jobs/{id}/upscale` (the quote: target and price, or why not) and `POST /jobs/{id}/upscale` (the new job, 202
 * like `POST /jobs`, with the same Idempotency-Key rule). Someone else's job is a 404 on both.
 */
export function upscaleRoutes(upscale: JobUpscale): Router {
  const router = Router();

  router.get('/jobs/:id/upscale', async (req, res) => {
    const { userId } = requireUser(res);
    const { id } = parseInput(IdParamSchema, req.params);
    const body: UpscaleQuoteResponse = { data: await upscale.quote(userId, id, correlationIdOf(res)) };
    res.json(body);
  });

  router.post('/jobs/:id/upscale', async (req, res) => {
    const { userId } = requireUser(res);
    const { id } = parseInput(IdParamSchema, req.params);
    const keyCheck = IdempotencyKeySchema.safeParse(req.get('idempotency-key'));
    if (!keyCheck.success) {
      const message = keyCheck.error.issues[0]?.message ?? 'required';
      throw new HttpProblem('validation', {
        detail: 'Please fix highlighted fields.',
        errors: { 'Idempotency-Key': message },
      });
    }
    const job = await upscale.create({
      userId,
      sourceJobId: id,
      idempotencyKey: keyCheck.data,
      correlationId: correlationIdOf(res),
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

  return router;
}
