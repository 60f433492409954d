import { Router } from 'express';
import { z } from 'zod';
import { CreditAdjustmentRequestSchema, HoldRequestSchema, type CreditAdjustmentResponse } from '@kadr/contracts';
import { HttpProblem, callerOf, parseInput } from '@kadr/http-kit';
import type { Entitlements, LedgerEntryView } from '@kadr/contracts';
import type { AccountRepository } from '../../data-access/accounts/account.repository';
import type { LedgerRepository } from '../../data-access/ledger/ledger.repository';
import type { CreditAccounts } from '../../domain/credits/accounts';
import type { Holds, HoldView } from '../../domain/credits/holds';
import { reconcileAccount } from '../../domain/reconciliation/reconcile';
import { entitlementsOf, subscriptionView } from '../../domain/subscriptions/subscription-rules';
import {
  administratorKeyOf,
  correlationIdOf,
  isAdministrator,
  requireAdministrator,
  requireAdministratorOrService,
  requireService,
} from './callers';

const UserIdSchema = z.object({ userId: z.string().min(1).max(128) });
const JobIdSchema = z.object({ jobId: z.string().min(1).max(128) });
const HoldLookupSchema = z.object({ userId: z.string().min(1).max(128) });
const LedgerLookupSchema = z.object({ userId: z.string().min(1).max(128), reference: z.string().min(1).max(128) });

/** The only service that places holds and reads them. */
const HOLD_CALLERS = ['jobs'];

const holdBody = (hold: HoldView) => ({
  data: { holdId: hold.holdId, takenFrom: hold.takenFrom, amount: hold.amount, state: hold.state },
});

/** Internal API: holds for the jobs service, entitlements, reconciliation. */
export function internalRoutes(deps: {
  accounts: CreditAccounts;
  holds: Holds;
  accountStore: AccountRepository;
  ledger: LedgerRepository;
}): Router {
  const router = Router();

  router.post('/internal/holds', async (req, res) => {
    requireService(res, ...HOLD_CALLERS);
    const request = parseInput(HoldRequestSchema, req.body);
    const { hold, created } = await deps.holds.place(request, correlationIdOf(res));
    res.status(created ? 201 : 200).json(holdBody(hold));
  });

  router.get('/internal/holds/:jobId', async (req, res) => {
    // The jobs service, and the administrator's job detail (composed by the admin service).
    if (!isAdministrator(callerOf(res))) requireService(res, ...HOLD_CALLERS);
    const { jobId } = parseInput(JobIdSchema, req.params);
    const { userId } = parseInput(HoldLookupSchema, req.query);
    const hold = await deps.holds.find(jobId, userId);
    if (!hold) throw new HttpProblem('not_found', { detail: 'No hold for this job.' });
    res.json(holdBody(hold));
  });

  router.get('/internal/users/:userId/entitlements', async (req, res) => {
    requireService(res);
    const { userId } = parseInput(UserIdSchema, req.params);
    const account = await deps.accounts.ensure(userId, correlationIdOf(res));
    const now = deps.accounts.now();
    const view = subscriptionView(account.subscription, now);
    const entitled = entitlementsOf(account.subscription, now);
    const data: Entitlements = {
      userId,
      plan: entitled.plan,
      tier: entitled.tier,
      maxResolution: entitled.maxResolution,
      allowance: view.allowance,
      credits: {
        balance: account.balance,
        currency: account.currency,
        heldCredits: account.held,
        available: account.available,
      },
    };
    res.json({ data });
  });

  router.get('/internal/ledger', async (req, res) => {
    requireAdministratorOrService(res);
    const { userId, reference } = parseInput(LedgerLookupSchema, req.query);
    const entries = await deps.ledger.listByReference(userId, reference);
    const data: LedgerEntryView[] = entries
      .map((e) => ({
        id: e.id,
        kind: e.kind,
        balanceDelta: e.balanceDelta,
        heldDelta: e.heldDelta,
        allowanceDelta: e.allowanceDelta,
        reference: e.reference,
        occurredAt: e.occurredAt.toISOString(),
      }))
      .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
    res.json({ data });
  });

  // The administrator only (a service token is refused): every adjustment is a person's decision, audited by admin.
  router.post('/internal/users/:userId/adjustments', async (req, res) => {
    requireAdministrator(res, 'Only the administrator adjusts credits.');
    const { userId } = parseInput(UserIdSchema, req.params);
    const key = administratorKeyOf(req);
    const body = parseInput(CreditAdjustmentRequestSchema, req.body);
    const { account, applied } = await deps.accounts.adjust(
      userId,
      { adjustmentId: key, amount: body.amount, reason: body.reason },
      correlationIdOf(res),
    );
    const answer: CreditAdjustmentResponse = {
      data: { userId, balance: account.balance, heldCredits: account.held, available: account.available, applied },
    };
    res.status(applied ? 201 : 200).json(answer);
  });

  router.get('/internal/reconciliation/:userId', async (req, res) => {
    requireAdministratorOrService(res);
    const { userId } = parseInput(UserIdSchema, req.params);
    const report = await reconcileAccount(deps.accountStore, deps.ledger, userId);
    if (!report) throw new HttpProblem('not_found', { detail: 'No account for this user.' });
    res.json({ data: report });
  });

  return router;
}
