import { Router, type Request } from 'express';
import { z } from 'zod';
import { MediaJobIdParamsSchema, ShareLinkCreateRequestSchema, ShareReportsQuerySchema } from '@kadr/contracts';
import { HttpProblem, parseInput, requireInternalCaller, type InternalTokenKeys } from '@kadr/http-kit';
import type { ShareLinks } from '../../domain/shares/share-links';
import { noSuchShare } from '../../domain/shares/share-links';
import { noSuchVideo, viewerOf } from './viewer';

/** The gateway adds the job's prompt (read from jobs as the owner); a client cannot reach media directly. */
const CreateWithPromptSchema = ShareLinkCreateRequestSchema.extend({
  prompt: z.string().max(4000).nullable().optional(),
});

const LinkIdSchema = z.object({ linkId: z.uuid() });

/** The owner's share-link routes and the administrator's, below `/api/media` (the internal token is checked there). */
export function shareLinkRoutes(shares: ShareLinks, internalTokenKeys: InternalTokenKeys): Router {
  const router = Router();
  // `/api/media` is checked by mediaRoutes; the administrator's routes live below `/internal`.
  router.use('/internal/admin', requireInternalCaller({ keys: internalTokenKeys, audience: 'media' }));

  const jobIdOf = (req: Request): string => {
    const parsed = MediaJobIdParamsSchema.safeParse(req.params);
    if (!parsed.success) throw noSuchVideo();
    return parsed.data.jobId;
  };
  const linkIdOf = (req: Request): string => {
    const parsed = LinkIdSchema.safeParse(req.params);
    if (!parsed.success) throw noSuchShare();
    return parsed.data.linkId;
  };

  router.get('/api/media/videos/:jobId/shares', async (req, res) => {
    const viewer = viewerOf(res);
    const data = await shares.list(viewer, jobIdOf(req));
    res.set('Cache-Control', 'private, no-store').json({ data });
  });

  router.post('/api/media/videos/:jobId/shares', async (req, res) => {
    const viewer = viewerOf(res);
    const jobId = jobIdOf(req);
    const request = parseInput(CreateWithPromptSchema, req.body ?? {});
    const data = await shares.create(viewer, jobId, request);
    res.status(201).set('Cache-Control', 'private, no-store').json({ data });
  });

  router.post('/api/media/videos/:jobId/shares/:linkId/revoke', async (req, res) => {
    const viewer = viewerOf(res);
    const jobId = jobIdOf(req);
    const data = await shares.revoke(viewer, jobId, linkIdOf(req));
    res.set('Cache-Control', 'private, no-store').json({ data });
  });

  // The administrator's (admin's service calls them with the administrator's identity, and audits).
  const requireAdministrator = (res: Parameters<typeof viewerOf>[0]) => {
    if (!viewerOf(res).isAdministrator) throw new HttpProblem('forbidden');
  };

  router.get('/internal/admin/share-reports', async (req, res) => {
    requireAdministrator(res);
    const query = parseInput(ShareReportsQuerySchema, {
      skip: req.query.skip === '' ? undefined : req.query.skip,
      take: req.query.take === '' ? undefined : req.query.take,
    });
    res.set('Cache-Control', 'private, no-store').json(await shares.reports(query));
  });

  router.post('/internal/admin/share-links/:linkId/revoke', async (req, res) => {
    requireAdministrator(res);
    const data = await shares.revokeAny(linkIdOf(req));
    res.set('Cache-Control', 'private, no-store').json({ data });
  });

  return router;
}
