import { decodeEventOn, encodeEvent, timestampFromDate } from '@kadr/contracts';
import type { DeliveredMessage } from '@kadr/event-bus';
import { TestBrowser } from './helpers/browser';
import { DEMO_EMAIL, signInThroughProvider, startIdentityRig, type IdentityRig } from './helpers/identity-rig';

async function until(check: () => Promise<boolean> | boolean, what: string, deadlineMs = 3_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function signedInUserId(browser: TestBrowser, rig: IdentityRig): Promise<string> {
  const answer = (await (await browser.request(`${rig.gatewayUrl}/auth/session`)).json()) as { user: { id: string } };
  return answer.user.id;
}

describe('user.deleted (from admin)', () => {
  let rig: IdentityRig;
  beforeAll(async () => {
    rig = await startIdentityRig();
  });
  afterAll(async () => {
    await rig.close();
  });

  const publishDeleted = async (userId: string, purge: boolean) => {
    const event = encodeEvent(
      {
        case: 'userDeleted',
        value: { userId, requestedBy: 'admin-1', purge, requestedAt: timestampFromDate(new Date()) },
      },
      { producer: 'admin', correlationId: 'corr-delete' },
    );
    await rig.bus.publish(event.topic, [event]);
  };

  it('with purge: ends every session of the user, removes the user record and answers user.purged', async () => {
    const purged: DeliveredMessage[] = [];
    await rig.bus.subscribe({
      group: 'test-admin',
      topics: ['user.purged'],
      handler: (message) => {
        purged.push(message);
        return Promise.resolve();
      },
    });
    const laptop = new TestBrowser();
    const phone = new TestBrowser();
    const email = `leaving-${Date.now()}@example.org`;
    await signInThroughProvider(laptop, rig, email);
    await signInThroughProvider(phone, rig, email);
    const userId = await signedInUserId(laptop, rig);
    const bystander = new TestBrowser();
    await signInThroughProvider(bystander, rig, DEMO_EMAIL);

    await publishDeleted(userId, true);
    await until(() => purged.length === 1, 'user.purged');

    const event = decodeEventOn('user.purged', purged[0]!.value);
    expect(event.payload.value).toMatchObject({ userId, service: 'auth-gateway' });
    expect(event.correlationId).toBe('corr-delete');
    expect(await rig.users.findById(userId)).toBeNull();
    for (const browser of [laptop, phone]) {
      expect(await (await browser.request(`${rig.gatewayUrl}/auth/session`)).json()).toEqual({ authenticated: false });
    }
    expect(await (await bystander.request(`${rig.gatewayUrl}/auth/session`)).json()).toMatchObject({
      authenticated: true,
    });

    // Signing in again later is a new registration (a new user id).
    await signInThroughProvider(laptop, rig, email);
    expect(await signedInUserId(laptop, rig)).not.toBe(userId);
  });

  it('without purge: signs the user out everywhere, and no user.purged', async () => {
    const browser = new TestBrowser();
    await signInThroughProvider(browser, rig, `closing-${Date.now()}@example.org`);
    const userId = await signedInUserId(browser, rig);
    await publishDeleted(userId, false);
    await until(async () => (await rig.users.findById(userId)) === null, 'the user record to go');
    expect(await (await browser.request(`${rig.gatewayUrl}/auth/session`)).json()).toEqual({ authenticated: false });
  });

  it('is idempotent: a redelivered event changes nothing more', async () => {
    await publishDeleted('00000000-0000-4000-8000-000000000000', true);
    await publishDeleted('00000000-0000-4000-8000-000000000000', true);
    // Nothing to assert beyond "no dead letter": both are handled.
    const dlq: DeliveredMessage[] = [];
    await rig.bus.subscribe({
      group: 'test-dlq',
      topics: ['user.deleted.dlq'],
      handler: (message) => {
        dlq.push(message);
        return Promise.resolve();
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(dlq).toEqual([]);
  });
});
