import { encodeEvent, JobProgressKind, JobStatus, timestampFromDate, type EventPayloadInit } from '@kadr/contracts';
import { TestBrowser } from '../identity/helpers/browser';
import {
  DEMO_EMAIL,
  signInThroughProvider,
  startIdentityRig,
  type IdentityRig,
} from '../identity/helpers/identity-rig';
import { dataOf, openStream } from './helpers/sse-client';

/**
 * Issue 7, second "Done when" bullet, as far as the gateway goes: a person signed in through
 * the development identity provider reads `/bff/sse/jobs` over HTTP while job events and a
 * `credits.changed` arrive on the gateway's (embedded, in-process) bus. The jobs service and
 * commerce producing them in the embedded launcher are wired by the lead.
 */
describe('live job stream in the embedded mode (signed in through the development provider)', () => {
  let rig: IdentityRig;
  beforeAll(async () => {
    rig = await startIdentityRig();
  });
  afterAll(async () => {
    await rig.close();
  });

  const publish = async (payload: EventPayloadInit) => {
    const event = encodeEvent(payload, { producer: 'jobs', correlationId: 'corr-live' });
    await rig.bus.publish(event.topic, [event]);
  };

  it('streams created, started, progress, completed for a job and credits with the new balance', async () => {
    const browser = new TestBrowser();
    await signInThroughProvider(browser, rig, DEMO_EMAIL);
    const session = (await (await browser.request(`${rig.gatewayUrl}/auth/session`)).json()) as {
      user: { id: string };
    };
    const userId = session.user.id;
    const stream = await openStream(rig.gatewayUrl, {
      cookie: `kadr_session=${browser.cookie(rig.host, 'kadr_session') ?? ''}`,
    });
    expect(stream.status).toBe(200);
    await stream.waitFor((e) => e.event === 'connected');

    const jobId = 'job-embedded-1';
    const step = (kind: JobProgressKind, progress: number, status: JobStatus) =>
      publish({
        case: 'jobProgress',
        value: { jobId, userId, kind, progress, status, occurredAt: timestampFromDate(new Date()) },
      });
    await publish({ case: 'jobCreated', value: { jobId, userId, createdAt: timestampFromDate(new Date()) } });
    await step(JobProgressKind.STARTED, 0, JobStatus.PROCESSING);
    await step(JobProgressKind.PROGRESS, 50, JobStatus.PROCESSING);
    await step(JobProgressKind.COMPLETED, 100, JobStatus.COMPLETED);
    await publish({
      case: 'creditsChanged',
      value: { userId, balance: 150, heldCredits: 0, currency: 'credits', changedAt: timestampFromDate(new Date()) },
    });

    const events = await stream.waitFor((e) => !['connected', 'heartbeat'].includes(e.event), 5);
    const jobEvents = events.filter((e) => e.event !== 'credits');
    expect(jobEvents.map((e) => [e.event, dataOf(e).status, dataOf(e).progress])).toEqual([
      ['created', 'PENDING', 0],
      ['started', 'PROCESSING', 0],
      ['progress', 'PROCESSING', 50],
      ['completed', 'COMPLETED', 100],
    ]);
    expect(jobEvents.every((e) => dataOf(e).id === jobId && e.id !== undefined)).toBe(true);
    const credits = events.find((e) => e.event === 'credits')!;
    expect(dataOf(credits)).toEqual({ balance: 150, heldCredits: 0, currency: 'credits' });
    stream.close();
  });

  it('answers 401 problem to a browser that is not signed in', async () => {
    const stream = await openStream(rig.gatewayUrl);
    expect(stream.status).toBe(401);
    expect(JSON.parse(await stream.body)).toMatchObject({ type: '/problems/unauthorized' });
  });
});
