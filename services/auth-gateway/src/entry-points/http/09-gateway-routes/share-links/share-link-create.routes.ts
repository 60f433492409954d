import { Router } from 'express';
import { z } from 'zod';
import { JOBS_PATHS, JobViewSchema, SHARE_PATHS } from '@kadr/contracts';

/** The one part of jobs' `GET /jobs/{id}` answer (`{ data: JobView }`) this route needs. */
const JobPromptSchema = z.object({ data: JobViewSchema.pick({ prompt: true }) });
import { HttpProblem } from '@kadr/http-kit';
import { getJson, UpstreamAnswerError, type Upstreams } from '../../../../integrations/upstreams';
import { sessionOf } from '../../03-session/request-context';
import { upstreamProblem } from '../../10-proxy/upstream-problems';
import { userCaller } from '../../10-proxy/upstream-caller';

/**
 * `POST /bff/platform/api/media/videos/{jobId}/shares`: media makes the link, but the prompt the
 * public page shows is the jobs service's. The gateway reads the job as its owner and hands the
 * prompt to media with the owner's request, so what the page shows is the job's real prompt and
 * never text the client chose. Everything else (validation, ownership, the answer) is media's.
 */
export function createShareLinkRoutes({ upstreams }: { upstreams: Upstreams }): Router {
  const router = Router();

  router.post('/platform/api/media/videos/:jobId/shares', async (req, res) => {
    const session = sessionOf(res);
    if (!session) throw new HttpProblem('unauthorized', { detail: 'Please log in to continue.' });
    const caller = userCaller(session.user);
    const jobId = String(req.params.jobId);
    let prompt: string | null = null;
    try {
      prompt = (await getJson(upstreams, 'jobs', { path: JOBS_PATHS.job(jobId), caller }, JobPromptSchema)).data.prompt;
    } catch (error) {
      // A job jobs does not know (or not the caller's): media answers its own 404 for the video.
      if (!(error instanceof UpstreamAnswerError && error.status >= 400 && error.status < 500))
        throw upstreamProblem(error) ?? error;
    }
    const body: unknown =
      typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body)
        ? { ...req.body, prompt }
        : req.body;
    let answer;
    try {
      answer = await upstreams.fetch('media', {
        method: 'POST',
        path: SHARE_PATHS.videoShares(jobId),
        caller,
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify(body ?? {})),
        correlationId: res.locals.correlationId as string | undefined,
      });
    } catch (error) {
      throw upstreamProblem(error) ?? error;
    }
    res.status(answer.status);
    for (const name of ['content-type', 'cache-control']) {
      const value = answer.headers[name];
      if (typeof value === 'string') res.set(name, value);
    }
    res.send(answer.body);
  });

  return router;
}
