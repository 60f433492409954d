import request from 'supertest';
import type { AdminLogsPage, AdminUser, AdminUsersPage, EncodedEvent } from '@kadr/contracts';
import { administrator, startAdminRig, type AdminRig } from './support/admin-rig';
import { creditsChanged, jobCreated, jobDeleted, jobProgress, minute, planPaid, registered } from './support/events';
import { until } from '@kadr/tooling/test-helpers';

describe('admin read model (consumers)', () => {
  let rig: AdminRig;
  beforeEach(async () => {
    rig = await startAdminRig();
  });
  afterEach(() => rig.close());

  const usersPage = async (query = '') =>
    (
      await request(rig.admin.app)
        .get(`/admin/users${query}`)
        .set('authorization', await rig.auth(administrator()))
    ).body as AdminUsersPage;

  it('applies every event once although each is delivered three times', async () => {
    const events: EncodedEvent[] = [
      registered('u-1', 'Ala@Example.com', 'Ala Kot', minute(0)),
      jobCreated('j-1', 'u-1', minute(1)),
      jobProgress('j-1', 'u-1', 'PROCESSING', minute(2)),
      jobProgress('j-1', 'u-1', 'COMPLETED', minute(3)),
      jobCreated('j-2', 'u-1', minute(4)),
      jobProgress('j-2', 'u-1', 'FAILED', minute(5)),
      jobCreated('j-3', 'u-1', minute(6)),
      jobCreated('j-4', 'u-1', minute(7)),
      jobDeleted('j-4', 'u-1', minute(8)),
      creditsChanged('u-1', 40, minute(9)),
      creditsChanged('u-1', 25, minute(10)),
      planPaid('order-1', 'u-1', 'starter', minute(11)),
    ];
    for (let round = 0; round < 3; round++) for (const event of events) await rig.publish(event);
    // A late, older balance changes nothing either.
    await rig.publish(creditsChanged('u-1', 999, minute(3)));

    const expected: AdminUser = {
      id: 'u-1',
      email: 'Ala@Example.com',
      name: 'Ala Kot',
      createdAt: minute(0).toISOString(),
      lastSeenAt: minute(11).toISOString(),
      tier: 'PRO',
      plan: 'starter',
      balance: 25,
      jobs: { total: 3, completed: 1, failed: 1, active: 1 },
    };
    await until(async () => JSON.stringify((await usersPage()).data[0]) === JSON.stringify(expected));
    await new Promise((r) => setTimeout(r, 50)); // let any straggling redelivery land
    expect(await usersPage()).toEqual({ data: [expected], pagination: { skip: 0, take: 50, total: 1 } });

    // One system line per failed job step and per order, however often they were delivered.
    const logs = (
      await request(rig.admin.app)
        .get('/admin/logs?kind=system_event')
        .set('authorization', await rig.auth(administrator()))
    ).body as AdminLogsPage;
    expect(logs.data.map((e) => e.action)).toEqual(['payment.completed', 'job.failed']);
    expect(logs.data[0]).toMatchObject({
      kind: 'system_event',
      targetId: 'order-1',
      userId: 'u-1',
      outcome: 'success',
      detail: { planId: 'starter', amountMinor: 4900, currency: 'PLN' },
    });
    expect(logs.data[1]).toMatchObject({
      targetId: 'j-2',
      outcome: 'failure',
      detail: { errorCode: 'aiproxy_error' },
    });
  });

  it('lists a dead-lettered message as a system event', async () => {
    await rig.bus.subscribe({
      group: 'always-failing',
      topics: ['job.created'],
      handler: () => Promise.reject(new Error('cannot handle')),
      maxAttempts: 1,
      retryDelayMs: 1,
    });
    await rig.publish(jobCreated('j-dead', 'u-9', minute(1)));
    await until(async () => {
      const logs = await request(rig.admin.app)
        .get('/admin/logs?action=message.dead_lettered')
        .set('authorization', await rig.auth(administrator()));
      return logs.body.pagination.total === 1;
    });
    const logs = await request(rig.admin.app)
      .get('/admin/logs?action=message.dead_lettered')
      .set('authorization', await rig.auth(administrator()));
    expect(logs.body.data[0]).toMatchObject({
      kind: 'system_event',
      targetId: 'j-dead',
      outcome: 'failure',
      detail: { topic: 'job.created', error: 'Error: cannot handle' },
    });
  });
});
