import { Router } from 'express';
import { GalleryQuerySchema, type GalleryFavouriteResponse, type GalleryPageResponse } from '@kadr/contracts';
import { parseInput } from '@kadr/http-kit';
import type { JobGallery } from '../../domain/gallery/job-gallery';
import { requireUser } from './callers';
import { IdParamSchema } from './request-schemas';

/**
 * The user's gallery (issue 21): `GET /jobs/gallery`, the star (`PUT` / `DELETE /jobs/{id}/favourite`) and
 * deleting one's own video (`DELETE /jobs/{id}`). Mounted before `GET /jobs/:id`. Someone else's job is a 404.
 */
export function galleryRoutes(gallery: JobGallery): Router {
  const router = Router();

  router.get('/jobs/gallery', async (req, res) => {
    const { userId } = requireUser(res);
    const query = parseInput(GalleryQuerySchema, req.query);
    const body: GalleryPageResponse = await gallery.page(userId, query);
    res.set('Cache-Control', 'private, no-store').json(body);
  });

  for (const [method, favourite] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    router[method]('/jobs/:id/favourite', async (req, res) => {
      const { userId } = requireUser(res);
      const { id } = parseInput(IdParamSchema, req.params);
      const body: GalleryFavouriteResponse = { data: await gallery.setFavourite(userId, id, favourite) };
      res.json(body);
    });
  }

  router.delete('/jobs/:id', async (req, res) => {
    const { userId } = requireUser(res);
    const { id } = parseInput(IdParamSchema, req.params);
    await gallery.delete(userId, id);
    res.status(204).end();
  });

  return router;
}
