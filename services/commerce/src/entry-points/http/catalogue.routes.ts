import { Router } from 'express';
import { COMMERCE_PATHS } from '@kadr/contracts';
import { CREDIT_PACKAGES, PLANS } from '../../domain/catalogue/catalogue';

/** Public catalogue (the gateway calls these without a session, with its service token). */
export function catalogueRoutes(): Router {
  const router = Router();
  router.get(COMMERCE_PATHS.packages, (_req, res) => {
    res.json({ data: CREDIT_PACKAGES });
  });
  router.get(COMMERCE_PATHS.plans, (_req, res) => {
    res.json({ data: PLANS });
  });
  return router;
}
