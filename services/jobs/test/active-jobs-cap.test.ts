/**
 * One user cannot fill the queue (issue 13): a cap on jobs in progress per user by tier (429
 * quota_exceeded naming the cap), holding under parallel creates; and a prompt of only
 * invisible characters is a 400 validation problem, never a charged job.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startRig, userToken, type Rig } from './helpers/test-rig';

const LITE = { prompt: 'capped', modelId: 'kadr-motion-v1', duration: 5, quality: 'Lite', speed: 'Normal' };

describe('jobs in progress per user [HTTP, without a worker]', () => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await startRig({ worker: false, env: { ACTIVE_JOBS_CAP_FREE: '3', ACTIVE_JOBS_CAP_PRO: '5' } });
  });
  afterAll(() => rig.close());

  const create = async (userId: string, body: object = LITE) =>
    request(rig.api.url)
      .post('/jobs')
      .set('authorization', `Bearer ${await userToken(userId)}`)
      .set('idempotency-key', randomUUID())
      .send(body);

  it('FREE: the 4th job in progress is refused with 429 quota_exceeded naming the cap; nothing held for it', async () => {
    const userId = `u-${randomUUID()}`;
    const account = rig.commerce.give(userId, 100);
    for (let i = 0; i < 3; i += 1) expect((await create(userId)).status).toBe(202);
    const held = account.held;
    const refused = await create(userId);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      type: '/problems/quota_exceeded',
      status: 429,
      detail: 'You already have 3 videos in progress, the most your plan allows. Wait for one to finish.',
      activeJobsCap: 3,
      tier: 'FREE',
    });
    expect(account.held).toBe(held);
    expect(await rig.api.adapters.jobs.countForUser(userId, ['RESERVING', 'PENDING', 'PROCESSING'])).toBe(3);
  });

  it('the cap follows the tier (PRO from the plan)', async () => {
    const userId = `u-${randomUUID()}`;
    const account = rig.commerce.give(userId, 100);
    account.plan = 'pro';
    for (let i = 0; i < 5; i += 1) expect((await create(userId)).status).toBe(202);
    expect((await create(userId)).body).toMatchObject({ activeJobsCap: 5, tier: 'PRO' });
  });

  it('12 parallel creates: exactly the cap is accepted (never 0, never more), and every refusal holds nothing', async () => {
    const userId = `u-${randomUUID()}`;
    const account = rig.commerce.give(userId, 100);
    const answers = await Promise.all(Array.from({ length: 12 }, () => create(userId)));
    const accepted = answers.filter((a) => a.status === 202);
    expect(answers.every((a) => a.status === 202 || a.body.type === '/problems/quota_exceeded')).toBe(true);
    // Admission is one at a time per user: before that, every create could count the others'
    // half-admitted jobs and all 12 were refused now and then (CI, stop 30).
    expect(accepted).toHaveLength(3);
    expect(await rig.api.adapters.jobs.countForUser(userId, ['RESERVING', 'PENDING', 'PROCESSING'])).toBe(
      accepted.length,
    );
    expect(account.held).toBe(accepted.reduce((sum, a) => sum + (a.body.cost as number), 0));
  });

  it.each([
    ['zero-width spaces', '\u200b\u200b\u200b'],
    ['word joiner, BOM and spaces', ' \u2060\ufeff\u00a0 '],
    ['a Hangul filler', '\u3164\u3164'],
    ['a lone combining mark', '\u0301'],
    ['bidi marks and a zero-width joiner', '\u200e\u200f\u200d'],
  ])('a prompt of only %s is a 400 validation problem and nothing is held', async (_name, prompt) => {
    const userId = `u-${randomUUID()}`;
    const account = rig.commerce.give(userId, 100);
    const answer = await create(userId, { ...LITE, prompt });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ type: '/problems/validation', errors: { prompt: 'Enter a prompt.' } });
    expect(account.held).toBe(0);
  });

  it('invisible characters at the edges are trimmed; a visible prompt with them is accepted', async () => {
    const userId = `u-${randomUUID()}`;
    rig.commerce.give(userId, 100);
    const answer = await create(userId, { ...LITE, prompt: '\u200b a red kite \u2060' });
    expect(answer.status).toBe(202);
    expect((await rig.api.adapters.jobs.findById(answer.body.id as string))?.prompt).toBe('a red kite');
  });
});
