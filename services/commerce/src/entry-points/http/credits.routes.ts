import { Router } from 'express';
import { COMMERCE_PATHS } from '@kadr/contracts';
import type { CreditAccounts } from '../../domain/credits/accounts';
import type { Subscriptions } from '../../domain/subscriptions/subscriptions';
import { correlationIdOf, userOf } from './callers';

/** The signed-in user's credits and plan. */
export function creditsRoutes(accounts: CreditAccounts, subscriptions: Subscriptions): Router {
  const router = Router();
  router.get(COMMERCE_PATHS.credits, async (_req, res) => {
    const user = userOf(res);
    res.json({ data: await accounts.credits(user.userId, correlationIdOf(res)) });
  });
  router.get(COMMERCE_PATHS.subscription, async (_req, res) => {
    const user = userOf(res);
    res.json({ data: await subscriptions.view(user.userId, correlationIdOf(res)) });
  });
  router.post(COMMERCE_PATHS.cancelSubscription, async (_req, res) => {
    const user = userOf(res);
    res.json({ data: await subscriptions.cancel(user.userId, correlationIdOf(res)) });
  });
  return router;
}
