import request from 'supertest';
import type { AdminJobCounts, AdminUserDetailResponse } from '@kadr/contracts';
import { mintInternalToken } from '@kadr/http-kit';
import { createLogger, createMetrics } from '@kadr/telemetry';
import type { AdminStores } from '../../src/data-access/stores';
import { adminConfigSchema } from '../../src/config';
import { composeAdmin, type ComposedAdmin } from '../../src/service';
import { administrator, TEST_KEYS, TEST_SECRET } from './admin-rig';
import { deliveries, playHistories, type Replay } from './job-histories';
import { ScriptedEventBus } from '@kadr/tooling/scripted-bus';

export interface ReplayAdmin {
  /** Delivers the replay's events to admin's consumer in the replay's order, then compares every user's counts. */
  check(replay: Replay, runId: string): Promise<void>;
  close(): Promise<void>;
}

/** Admin composed on `stores` with its real consumer behind a scripted bus, read through its HTTP route. */
export async function startReplayAdmin(stores: AdminStores): Promise<ReplayAdmin> {
  const bus = new ScriptedEventBus();
  const admin: ComposedAdmin = composeAdmin({
    config: adminConfigSchema.parse({ NODE_ENV: 'test', INTERNAL_TOKEN_SECRET: TEST_SECRET, LOG_LEVEL: 'silent' }),
    adapters: { eventBus: bus, stores },
    logger: createLogger({ service: 'admin', level: 'silent' }),
    metrics: createMetrics({ service: 'admin', defaultMetrics: false }),
  });
  await admin.startBackground();
  // A token per request, as the gateway mints them: one token for the whole replay outlived its
  // short lifetime on a loaded machine (401 after ~66 s) and failed the suite for no product reason.
  const authorization = async () =>
    `Bearer ${await mintInternalToken(administrator(), { keys: TEST_KEYS, audience: 'admin' })}`;

  const countsShown = async (userId: string): Promise<AdminJobCounts | undefined> => {
    const response = await request(admin.app)
      .get(`/admin/users/${userId}`)
      .set('authorization', await authorization());
    if (response.status !== 200) throw new Error(`GET /admin/users/${userId} answered ${response.status}`);
    return (response.body as AdminUserDetailResponse).data.user?.jobs;
  };

  return {
    async check(replay, runId) {
      const { events, truth } = playHistories(replay.plans, replay.users, runId);
      for (const event of deliveries(events, replay)) await bus.deliver(event);
      const shown = new Map<string, AdminJobCounts | undefined>();
      for (const userId of truth.keys()) shown.set(userId, await countsShown(userId));
      expect(shown).toEqual(truth);
    },
    async close() {
      await admin.stop();
      await bus.close();
    },
  };
}
