/**
 * The user's own money history (issue 20): the ledger with its running balance (matching the
 * account), filtered by kind and date and paged newest first; its CSV; a job's receipt with the
 * reason of a release. Another user's job is a 404; bad filters are 400 `validation`.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { BillingLedgerResponseSchema, JobProgressKind, JobReceiptResponseSchema } from '@kadr/contracts';
import { bearer, createHarness, eventually, userToken, type Harness } from './support/commerce-harness';

describe('billing history routes (memory)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(() => h.close());

  const asUser = (userId: string) => bearer(userToken(userId));

  /** Welcome 50; job a: 10 held and captured; job b: 5 held, cancelled; job c: 7 held, failed (timeout); job d: 3 held. */
  async function history(userId: string): Promise<void> {
    await request(h.app)
      .get('/api/commerce/credits')
      .set('authorization', await asUser(userId))
      .expect(200);
    for (const [jobId, amount] of [
      ['job-a', 10],
      ['job-b', 5],
      ['job-c', 7],
      ['job-d', 3],
    ] as const) {
      await h.holds.place({ jobId, userId, amount, resolution: '720p' }, 'c');
      // Lines of one millisecond have no order of their own (the ledger sorts by time).
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    await h.publish({ case: 'jobProgress', value: { jobId: 'job-a', userId, kind: JobProgressKind.COMPLETED } });
    await h.publish({
      case: 'jobProgress',
      value: { jobId: 'job-b', userId, kind: JobProgressKind.CANCELLED, errorCode: 'cancelled' },
    });
    await h.publish({
      case: 'jobProgress',
      value: { jobId: 'job-c', userId, kind: JobProgressKind.FAILED, errorCode: 'timeout' },
    });
    await eventually(async () => expect((await h.adapters.accounts.get(userId))?.held).toBe(3));
    await h.relay.drain();
  }

  it('lists every line newest first with the balance and held credits after it; the last balance is the account’s', async () => {
    const userId = `u-${randomUUID()}`;
    await history(userId);
    const res = await request(h.app)
      .get('/api/commerce/ledger?take=100')
      .set('authorization', await asUser(userId))
      .expect(200);
    const page = BillingLedgerResponseSchema.parse(res.body);
    expect(page.total).toBe(8);
    expect(page.balance).toBe(40);
    expect(page.balance).toBe((await h.adapters.accounts.get(userId))?.balance);
    const oldestFirst = [...page.items].reverse();
    expect(oldestFirst[0]).toMatchObject({
      kind: 'grant',
      referenceType: 'welcome',
      balanceDelta: 50,
      balanceAfter: 50,
    });
    const settlements = oldestFirst.filter((line) => line.kind === 'capture' || line.kind === 'release');
    expect(settlements.map((line) => [line.kind, line.reference, line.reason])).toEqual([
      ['capture', 'job-a', null],
      ['release', 'job-b', 'cancelled'],
      ['release', 'job-c', 'timeout'],
    ]);
    expect(oldestFirst.at(-1)).toMatchObject({ balanceAfter: 40, heldAfter: 3 });
    for (const line of page.items) if (line.kind !== 'grant') expect(line.referenceType).toBe('job');
  });

  it('filters by kinds and dates, pages the filtered lines, and refuses a bad filter with 400 validation', async () => {
    const userId = `u-${randomUUID()}`;
    await history(userId);
    const auth = await asUser(userId);
    const holds = BillingLedgerResponseSchema.parse(
      (await request(h.app).get('/api/commerce/ledger?kind=hold&take=2&skip=1').set('authorization', auth).expect(200))
        .body,
    );
    expect(holds).toMatchObject({ total: 4, skip: 1, take: 2 });
    expect(holds.items.map((line) => line.reference)).toEqual(['job-c', 'job-b']);
    const settled = (
      await request(h.app).get('/api/commerce/ledger?kind=capture,release').set('authorization', auth).expect(200)
    ).body as { total: number };
    expect(settled.total).toBe(3);
    const future = new Date(Date.now() + 60_000).toISOString();
    const none = await request(h.app)
      .get(`/api/commerce/ledger?from=${encodeURIComponent(future)}`)
      .set('authorization', auth)
      .expect(200);
    expect(none.body).toMatchObject({ total: 0, items: [], balance: 40 });

    // Every value the API document allows is answered: an empty kind is every kind, from ≥ to an empty range.
    const every = await request(h.app).get('/api/commerce/ledger?kind=').set('authorization', auth).expect(200);
    expect(every.body).toMatchObject({ total: 8 });
    const empty = await request(h.app)
      .get(`/api/commerce/ledger?from=${encodeURIComponent(future)}&to=${encodeURIComponent(future)}`)
      .set('authorization', auth)
      .expect(200);
    expect(empty.body).toMatchObject({ total: 0, items: [] });

    for (const bad of ['kind=gift', 'kind=hold,', 'take=0', 'take=101', 'skip=-1', 'from=yesterday']) {
      const refused = await request(h.app).get(`/api/commerce/ledger?${bad}`).set('authorization', auth).expect(400);
      expect(refused.body).toMatchObject({ type: '/problems/validation' });
      expect(refused.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('exports the filtered view as CSV with a header, every line, and a file name', async () => {
    const userId = `u-${randomUUID()}`;
    await history(userId);
    const res = await request(h.app)
      .get('/api/commerce/ledger.csv?kind=release')
      .set('authorization', await asUser(userId))
      .expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="?kadr-credits-\d{4}-\d{2}-\d{2}\.csv"?$/,
    );
    const rows = res.text.trim().split('\n');
    expect(rows[0]).toBe(
      'occurredAt,kind,balanceDelta,heldDelta,allowanceDelta,balanceAfter,heldAfter,referenceType,reference,reason,id',
    );
    // The two releases may share a millisecond, so their order (and the held credits after each) is not compared.
    const fields = rows.slice(1).map((row) => row.split(','));
    expect(fields.map((row) => [...row.slice(1, 6), ...row.slice(7, 10)]).sort()).toEqual([
      ['release', '0', '-5', '0', '40', 'job', 'job-b', 'cancelled'],
      ['release', '0', '-7', '0', '40', 'job', 'job-c', 'timeout'],
    ]);
    expect(fields[0]![6]).toBe('3'); // the newest line: what is held now (job d)
  });

  it("answers a job's receipt from the ledger; another user's job, or an unknown one, is a 404", async () => {
    const userId = `u-${randomUUID()}`;
    await history(userId);
    const auth = await asUser(userId);
    const cancelled = JobReceiptResponseSchema.parse(
      (await request(h.app).get('/api/commerce/jobs/job-b/receipt').set('authorization', auth).expect(200)).body,
    ).data;
    expect(cancelled).toMatchObject({
      jobId: 'job-b',
      takenFrom: 'credits',
      amount: 5,
      state: 'released',
      reason: 'cancelled',
    });
    expect(cancelled.lines.map((line) => line.kind)).toEqual(['hold', 'release']);
    expect(cancelled.settledAt).not.toBeNull();
    const charged = (
      await request(h.app).get('/api/commerce/jobs/job-a/receipt').set('authorization', auth).expect(200)
    ).body as { data: { state: string; reason: string | null } };
    expect(charged.data).toMatchObject({ state: 'captured', reason: null });
    const running = (
      await request(h.app).get('/api/commerce/jobs/job-d/receipt').set('authorization', auth).expect(200)
    ).body as { data: { state: string; settledAt: string | null } };
    expect(running.data).toMatchObject({ state: 'held', settledAt: null });

    const stranger = await request(h.app)
      .get('/api/commerce/jobs/job-b/receipt')
      .set('authorization', await asUser(`u-${randomUUID()}`))
      .expect(404);
    expect(stranger.body).toMatchObject({ type: '/problems/not_found' });
    await request(h.app).get('/api/commerce/jobs/nope/receipt').set('authorization', auth).expect(404);
    await request(h.app).get('/api/commerce/jobs/bad%20id/receipt').set('authorization', auth).expect(400);
  });

  it("the administrator's adjustment: applied once per key, never below what is available, on the user's ledger with its reason", async () => {
    const userId = `u-${randomUUID()}`;
    await history(userId); // balance 40, 3 held
    const admin = await bearer(userToken('the-admin', ['user', 'admin']));
    const adjust = (key: string | null, body: object, auth = admin) => {
      const call = request(h.app).post(`/internal/users/${userId}/adjustments`).set('authorization', auth);
      return (key ? call.set('idempotency-key', key) : call).send(body);
    };
    const added = await adjust('k1', { amount: 15, reason: 'Goodwill after an outage' }).expect(201);
    expect(added.body.data).toMatchObject({ balance: 55, heldCredits: 3, available: 52, applied: true });
    const replayed = await adjust('k1', { amount: 15, reason: 'Goodwill after an outage' }).expect(200);
    expect(replayed.body.data).toMatchObject({ balance: 55, applied: false });

    const tooMuch = await adjust('k2', { amount: -53, reason: 'Chargeback' }).expect(409);
    expect(tooMuch.body.detail).toBe(
      '52 credits are available (3 held for videos in progress); taking 53 would leave the balance below zero.',
    );
    await adjust('k3', { amount: -52, reason: 'Chargeback' }).expect(201);

    for (const bad of [
      { amount: 0, reason: 'nothing' },
      { amount: 1.5, reason: 'half' },
      { amount: 5, reason: ' ' },
    ]) {
      const refused = await adjust('k4', bad).expect(400);
      expect(refused.body.type).toBe('/problems/validation');
    }
    await adjust(null, { amount: 5, reason: 'no key' }).expect(400);
    await adjust('k5', { amount: 5, reason: 'not the admin' }, await asUser(userId)).expect(403);

    await h.relay.drain();
    const lines = BillingLedgerResponseSchema.parse(
      (
        await request(h.app)
          .get('/api/commerce/ledger?kind=adjustment')
          .set('authorization', await asUser(userId))
          .expect(200)
      ).body,
    );
    expect(lines.items.map((line) => [line.balanceDelta, line.reason, line.referenceType])).toEqual([
      [-52, 'Chargeback', 'other'],
      [15, 'Goodwill after an outage', 'other'],
    ]);
    expect(lines.balance).toBe(3);
    expect((await h.adapters.accounts.get(userId))?.balance).toBe(3);
  });
});
