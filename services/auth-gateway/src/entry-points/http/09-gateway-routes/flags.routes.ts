import { Router } from 'express';
import type { FeatureFlag } from './feature-flags';

export const FLAGS_PATH = '/platform/api/flags';

/** `GET /bff/platform/api/flags` (public): the configured flags, the same for everyone. */
export function createFlagsRoutes(flags: FeatureFlag[]): Router {
  const router = Router();
  const body = JSON.stringify(flags);
  router.get(FLAGS_PATH, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=60');
    res.type('application/json').send(body);
  });
  return router;
}
