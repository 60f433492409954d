import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { JobProgressKind } from '@kadr/contracts';
import { createLogger } from '@kadr/telemetry';
import { accountChange } from '../src/domain/credits/account-change';
import {
  bearer,
  createHarness,
  eventually,
  metricValue,
  serviceToken,
  userToken,
  type Harness,
} from './support/commerce-harness';

/**
 * Commerce's money metrics, read from the service's registry (what /metrics serves) after real
 * requests, events and background runs: each counts once per change that took effect.
 */
describe('commerce metrics', () => {
  let h: Harness;
  afterEach(() => h.close());

  const value = (name: string, labels: Record<string, string> = {}) => metricValue(h.metrics.registry, name, labels);
  const holds = (source: string, outcome: string) => value('credit_holds_total', { source, outcome });

  describe('holds and grants', () => {
    beforeEach(async () => {
      h = await createHarness();
    });

    async function placeHold(jobId: string, userId: string, resolution: string, expected: number) {
      const answer = await request(h.app)
        .post('/internal/holds')
        .set('authorization', await bearer(serviceToken('jobs')))
        .send({ jobId, userId, amount: 10, resolution })
        .expect(expected);
      return answer.body.data as { takenFrom: string };
    }

    it('counts holds placed, captured and released by source, once each: replays and races are not counted', async () => {
      const userId = randomUUID();
      await h.subscriptions.activate(userId, 'starter', 'order-plan', 'c');
      // Starter's allowance covers 720p; above its resolution cap the job costs credits.
      expect(await placeHold('credits-done', userId, '1080p', 201)).toMatchObject({ takenFrom: 'credits' });
      expect(await placeHold('credits-failed', userId, '1080p', 201)).toMatchObject({ takenFrom: 'credits' });
      expect(await placeHold('allowance-done', userId, '720p', 201)).toMatchObject({ takenFrom: 'allowance' });
      expect(await placeHold('allowance-deleted', userId, '720p', 201)).toMatchObject({ takenFrom: 'allowance' });
      await placeHold('credits-done', userId, '1080p', 200);
      await placeHold('allowance-done', userId, '720p', 200);

      const completed = (jobId: string) => ({
        case: 'jobProgress' as const,
        value: { jobId, userId, kind: JobProgressKind.COMPLETED, progress: 100 },
      });
      await h.publish(completed('credits-done'));
      await h.publish(completed('allowance-done'));
      await h.publish({
        case: 'jobProgress',
        value: { jobId: 'credits-failed', userId, kind: JobProgressKind.FAILED },
      });
      await h.publish({ case: 'jobDeleted', value: { jobId: 'allowance-deleted', userId } });
      await eventually(async () => expect((await h.adapters.accounts.get(userId))?.holds).toEqual([]));

      // Replayed settlements, and ten parallel ones of a new hold, change (and count) one at most.
      expect(await h.holds.settle(userId, 'credits-done', 'capture', 'c')).toBeNull();
      expect(await h.holds.settle(userId, 'allowance-deleted', 'release', 'c')).toBeNull();
      await placeHold('credits-raced', userId, '1080p', 201);
      const raced = await Promise.all(
        Array.from({ length: 10 }, () => h.holds.settle(userId, 'credits-raced', 'capture', 'c')),
      );
      expect(raced.filter((settled) => settled !== null)).toHaveLength(1);

      expect({
        credits: [
          await holds('credits', 'placed'),
          await holds('credits', 'captured'),
          await holds('credits', 'released'),
        ],
        allowance: [
          await holds('allowance', 'placed'),
          await holds('allowance', 'captured'),
          await holds('allowance', 'released'),
        ],
      }).toEqual({ credits: [3, 2, 1], allowance: [2, 1, 1] });
    });

    it('counts 200 racing holds against 50 credits as the 50 that were placed', async () => {
      const userId = randomUUID();
      const results = await Promise.allSettled(
        Array.from({ length: 200 }, (_, i) =>
          h.holds.place({ jobId: `race-${i}`, userId, amount: 1, resolution: '720p' }, 'c'),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(50);
      expect(await holds('credits', 'placed')).toBe(50);
    });

    it('counts credits granted as amounts: one welcome grant for ten racing opens, a paid package once', async () => {
      const userId = randomUUID();
      await Promise.all(Array.from({ length: 10 }, () => h.accounts.ensure(userId, 'c')));
      expect(await value('credits_granted_total', { reason: 'welcome' })).toBe(50);

      const auth = await bearer(userToken(userId));
      const created = await request(h.app)
        .post('/api/commerce/payment/create-order')
        .set('authorization', auth)
        .set('idempotency-key', 'k1')
        .send({ packageId: 'credits-300' })
        .expect(201);
      const orderId = created.body.data.orderId as string;
      for (let i = 0; i < 2; i += 1) {
        await request(h.app)
          .post('/api/commerce/payment/mock-process')
          .set('authorization', auth)
          .send({ orderId, outcome: 'success' })
          .expect(200);
      }
      await eventually(async () => expect((await h.adapters.accounts.get(userId))?.balance).toBe(350));
      // A redelivered payment.completed grants (and counts) nothing more.
      expect(await h.accounts.grantPurchase(userId, orderId, 300, 'c')).toBe(false);
      expect(await value('credits_granted_total', { reason: 'purchase' })).toBe(300);
      expect(await value('credits_granted_total', { reason: 'welcome' })).toBe(50);
    });

    it('counts mock payments started, completed and failed; a repeated create or settlement is not counted', async () => {
      const auth = await bearer(userToken('payer'));
      const order = async (key: string, expected: number) =>
        (
          await request(h.app)
            .post('/api/commerce/payment/create-order')
            .set('authorization', auth)
            .set('idempotency-key', key)
            .send({ packageId: 'credits-100' })
            .expect(expected)
        ).body.data.orderId as string;
      const settle = (orderId: string, outcome: string, expected: number) =>
        request(h.app)
          .post('/api/commerce/payment/mock-process')
          .set('authorization', auth)
          .send({ orderId, outcome })
          .expect(expected);

      const paid = await order('paid', 201);
      await order('paid', 200);
      const failed = await order('failed', 201);
      await settle(paid, 'success', 200);
      await settle(paid, 'success', 200);
      await settle(failed, 'failure', 200);
      await settle(failed, 'success', 409);

      const payments = (outcome: string) => value('payments_total', { provider: 'mock', outcome });
      expect([await payments('started'), await payments('completed'), await payments('failed')]).toEqual([2, 1, 1]);
    });
  });

  describe('ledger reconciliation', () => {
    it('checks the most recently changed accounts every interval: 0 mismatches, then the one account corrupted', async () => {
      const logger = createLogger({ service: 'commerce', level: 'silent' });
      const errors = jest.spyOn(logger, 'error');
      h = await createHarness({ logger, env: { RECONCILIATION_INTERVAL_MS: '50' } });
      const users = [randomUUID(), randomUUID(), randomUUID()];
      for (const userId of users) await h.accounts.ensure(userId, 'c');
      await h.holds.place({ jobId: 'job', userId: users[0]!, amount: 10, resolution: '720p' }, 'c');

      const startedAt = Date.now() / 1000;
      await eventually(async () => {
        expect(await value('ledger_reconciliation_last_run_timestamp_seconds')).toBeGreaterThanOrEqual(startedAt);
        expect(await value('ledger_reconciliation_checked_accounts')).toBe(3);
      });
      expect(await value('ledger_reconciliation_mismatches')).toBe(0);

      // A ledger entry the account never saw (as a change applied twice to the ledger would be).
      const stray = accountChange({ kind: 'grant', balanceDelta: 7, reference: 'stray', correlationId: 'c' });
      await h.adapters.ledger.append([{ ...stray, userId: users[1]! }]);
      await eventually(async () => expect(await value('ledger_reconciliation_mismatches')).toBe(1));
      expect(await value('ledger_reconciliation_checked_accounts')).toBe(3);
      const logged = errors.mock.calls.map(([fields]) => fields as { reconciliation?: { userId: string } });
      expect(logged.find((fields) => fields.reconciliation)?.reconciliation).toMatchObject({
        userId: users[1],
        ok: false,
        balance: 50,
        ledgerBalance: 57,
      });
    });

    it('checks at most RECONCILIATION_SAMPLE_SIZE accounts per run', async () => {
      h = await createHarness({ env: { RECONCILIATION_INTERVAL_MS: '50', RECONCILIATION_SAMPLE_SIZE: '2' } });
      for (let i = 0; i < 3; i += 1) await h.accounts.ensure(randomUUID(), 'c');
      await eventually(async () => expect(await value('ledger_reconciliation_checked_accounts')).toBe(2));
    });
  });
});
