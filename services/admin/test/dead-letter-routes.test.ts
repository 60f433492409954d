import request from 'supertest';
import {
  ALL_TOPICS,
  type AdminDeadLetter,
  type AdminDeadLetterActionResponse,
  type AdminDeadLettersPage,
  type AdminDeadLetterTopicsResponse,
  type AdminLogEntry,
  type EncodedEvent,
} from '@kadr/contracts';
import type { ConsumerHandle, DeliveredMessage } from '@kadr/event-bus';
import { until } from '@kadr/tooling/test-helpers';
import { handlingIdOf } from '../src/domain/dead-letters/dead-letter-handling';
import { STALE_REPLAY_MS } from '../src/domain/dead-letters/dead-letter-desk';
import { administrator, startAdminRig, user, type AdminRig } from './support/admin-rig';
import { jobProgress, minute, planPaid } from './support/events';

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('admin dead-letter routes', () => {
  let rig: AdminRig;
  /** A consumer group with a bug: it refuses every message of its topics while `refusing` is set. */
  let refusing = true;
  let buggy: ConsumerHandle;
  /** Every delivery of the topics to a healthy group: what a replay publishes. */
  let delivered: DeliveredMessage[];

  beforeEach(async () => {
    rig = await startAdminRig();
    refusing = true;
    buggy = await rig.bus.subscribe({
      group: 'buggy-consumer',
      topics: ['job.progress', 'payment.completed'],
      maxAttempts: 1,
      handler: () => (refusing ? Promise.reject(new TypeError('cannot read jobId of undefined')) : Promise.resolve()),
    });
    delivered = [];
    await rig.bus.subscribe({
      group: 'healthy-observer',
      topics: ['job.progress', 'payment.completed'],
      handler: (message) => {
        delivered.push(message);
        return Promise.resolve();
      },
    });
  });
  afterEach(async () => {
    await buggy.stop();
    await rig.close();
  });

  const as = async (caller = administrator()) => ({ authorization: await rig.auth(caller) });
  const get = async (route: string, caller = administrator()) =>
    request(rig.admin.app)
      .get(route)
      .set(await as(caller));
  const post = async (route: string, body?: object, caller = administrator()) => {
    const call = request(rig.admin.app)
      .post(route)
      .set(await as(caller));
    return body === undefined ? call : call.send(body);
  };
  const auditLines = async (action: string): Promise<AdminLogEntry[]> =>
    (await get(`/admin/logs?kind=admin_action&action=${action}`)).body.data as AdminLogEntry[];
  const letters = async (topic: string, query = '') =>
    (await get(`/admin/dead-letters/${topic}${query}`)).body as AdminDeadLettersPage;
  const deliveriesOf = (eventId: string) => delivered.filter((m) => m.headers['event-id'] === eventId).length;

  /** Publishes the events and waits until the buggy consumer has dead-lettered each of them. */
  async function deadLetter(...events: EncodedEvent[]): Promise<void> {
    const before = (await rig.bus.readDeadLetters([...ALL_TOPICS])).length;
    for (const event of events) await rig.publish(event);
    await until(async () => (await rig.bus.readDeadLetters([...ALL_TOPICS])).length === before + events.length, {
      what: `${events.length} dead letters`,
    });
  }

  async function oneDeadLetter(event = jobProgress('job-1', 'u-1', 'COMPLETED', minute(1))): Promise<AdminDeadLetter> {
    await deadLetter(event);
    const { data } = await letters(event.topic);
    return data.find((letter) => letter.headers['event-id'] === event.headers['event-id'])!;
  }

  it('counts pending and handled dead letters of every catalogue topic', async () => {
    await deadLetter(
      jobProgress('job-1', 'u-1', 'COMPLETED', minute(1)),
      jobProgress('job-2', 'u-1', 'FAILED', minute(2)),
      planPaid('order-1', 'u-1', 'pro', minute(3)),
    );
    const res = await get('/admin/dead-letters');
    expect(res.status).toBe(200);
    const { data } = res.body as AdminDeadLetterTopicsResponse;
    expect(data.map((topic) => topic.topic)).toEqual([...ALL_TOPICS]);
    expect(data.find((topic) => topic.topic === 'job.progress')).toEqual({
      topic: 'job.progress',
      pending: 2,
      handled: 0,
    });
    expect(data.find((topic) => topic.topic === 'payment.completed')).toMatchObject({ pending: 1, handled: 0 });
    expect(data.find((topic) => topic.topic === 'user.registered')).toMatchObject({ pending: 0, handled: 0 });
  });

  it("lists a topic's dead letters newest first: decoded event, error, attempts, original headers, paged", async () => {
    const first = jobProgress('job-1', 'u-1', 'COMPLETED', minute(1));
    const second = jobProgress('job-2', 'u-1', 'FAILED', minute(2));
    await deadLetter(first);
    await deadLetter(second);

    const page = await letters('job.progress');
    expect(page.pagination).toEqual({ skip: 0, take: 50, total: 2 });
    expect(page.data.map((letter) => letter.eventId)).toEqual([second.headers['event-id'], first.headers['event-id']]);
    const [letter] = page.data;
    expect(letter).toMatchObject({
      id: `${letter!.partition}-${letter!.offset}`,
      topic: 'job.progress',
      key: 'job-2',
      error: 'TypeError: cannot read jobId of undefined',
      attempts: 1,
      originalTopic: 'job.progress',
      headers: { 'event-id': second.headers['event-id'], 'event-type': 'job.progress' },
      payload: {
        eventType: 'job.progress',
        jobProgress: { jobId: 'job-2', userId: 'u-1', status: 'JOB_STATUS_FAILED' },
      },
      decodeError: null,
      handling: null,
    });
    expect(Buffer.from(letter!.value, 'base64')).toEqual(Buffer.from(second.value));
    expect(Object.keys(letter!.headers).some((name) => name.startsWith('dlq-'))).toBe(false);
    expect(Date.parse(letter!.failedAt!)).not.toBeNaN();

    const paged = await letters('job.progress', '?skip=1&take=1');
    expect(paged.data.map((l) => l.key)).toEqual(['job-1']);
    expect(paged.pagination).toEqual({ skip: 1, take: 1, total: 2 });
    expect((await letters('job.progress', '?status=handled')).data).toEqual([]);
    expect((await letters('user.registered')).data).toEqual([]);
  });

  it('shows a dead letter that is no event with the reason it does not decode', async () => {
    await rig.bus.publish('job.progress', [{ key: 'junk', value: Uint8Array.from([0xff, 0xff, 0xff]) }]);
    await until(async () => (await rig.bus.readDeadLetters(['job.progress'])).length > 0, { what: 'the junk letter' });
    const [letter] = (await letters('job.progress')).data;
    expect(letter).toMatchObject({ key: 'junk', payload: null, eventId: null, value: '////' });
    expect(letter!.decodeError).toEqual(expect.any(String));
  });

  it('replays a dead letter once: the original message goes back to its topic, a second replay publishes nothing', async () => {
    const letter = await oneDeadLetter();
    const eventId = letter.eventId!;
    expect(deliveriesOf(eventId)).toBe(1);
    refusing = false; // the consumer's bug is fixed

    const res = await post(`/admin/dead-letters/job.progress/${letter.id}/replay`);
    expect(res.status).toBe(200);
    const answer = res.body as AdminDeadLetterActionResponse;
    expect(answer.meta).toEqual({ alreadyHandled: false });
    expect(answer.data).toMatchObject({ id: letter.id, handling: { action: 'replayed', by: 'admin-1', reason: null } });
    await until(() => deliveriesOf(eventId) === 2, { what: 'the replayed message' });
    const replayed = delivered.filter((m) => m.headers['event-id'] === eventId)[1]!;
    expect(replayed).toMatchObject({ topic: 'job.progress', key: 'job-1' });
    expect(Object.keys(replayed.headers).some((name) => name.startsWith('dlq-'))).toBe(false);

    const again = await post(`/admin/dead-letters/job.progress/${letter.id}/replay`);
    expect(again.status).toBe(200);
    expect(again.body.meta).toEqual({ alreadyHandled: true });
    await settle();
    expect(deliveriesOf(eventId)).toBe(2);

    // No longer pending; still listed as handled, with who and when.
    const counts = ((await get('/admin/dead-letters')).body as AdminDeadLetterTopicsResponse).data;
    expect(counts.find((topic) => topic.topic === 'job.progress')).toEqual({
      topic: 'job.progress',
      pending: 0,
      handled: 1,
    });
    expect((await letters('job.progress')).data).toEqual([]);
    const [handled] = (await letters('job.progress', '?status=handled')).data;
    expect(handled).toMatchObject({ id: letter.id, handling: { action: 'replayed', by: 'admin-1' } });
    expect((await letters('job.progress', '?status=all')).data).toHaveLength(1);

    const lines = await auditLines('dead_letters.replay');
    expect(lines.map((line) => [line.targetId, line.outcome, line.detail])).toEqual([
      [
        `job.progress/${letter.id}`,
        'success',
        { topic: 'job.progress', deadLetterId: letter.id, eventId, alreadyHandled: true },
      ],
      [
        `job.progress/${letter.id}`,
        'success',
        { topic: 'job.progress', deadLetterId: letter.id, eventId, alreadyHandled: false },
      ],
    ]);
    expect(lines[0]).toMatchObject({ actorId: 'admin-1', kind: 'admin_action' });
  });

  it('publishes once when replays of one dead letter race', async () => {
    const letter = await oneDeadLetter();
    refusing = false;
    const answers = await Promise.all(
      [1, 2, 3].map(() => post(`/admin/dead-letters/job.progress/${letter.id}/replay`)),
    );
    // One did it; the others found it done or in progress.
    expect(answers.filter((res) => res.status === 200 && res.body.meta.alreadyHandled === false)).toHaveLength(1);
    for (const res of answers) expect([200, 409]).toContain(res.status);
    await until(() => deliveriesOf(letter.eventId!) === 2, { what: 'the replay' });
    await settle();
    expect(deliveriesOf(letter.eventId!)).toBe(2);
  });

  it('lets a replay whose publish failed be tried again at once, and takes over a claim whose replay died', async () => {
    const letter = await oneDeadLetter();
    const route = `/admin/dead-letters/job.progress/${letter.id}/replay`;
    const publish = jest.spyOn(rig.bus, 'publish').mockRejectedValueOnce(new Error('broker unreachable'));
    const failed = await post(route);
    expect(failed.status).toBe(503);
    expect(failed.body.type).toBe('/problems/service_unavailable');
    publish.mockRestore();
    expect((await post(route)).body.meta).toEqual({ alreadyHandled: false });

    // A claim left by a process that died while publishing: fresh, it blocks; stale, it is taken over.
    const other = await oneDeadLetter(jobProgress('job-9', 'u-1', 'COMPLETED', minute(9)));
    const [stored] = (await rig.bus.readDeadLetters(['job.progress'])).filter((l) => l.id === other.id);
    const claim = (at: Date) => ({
      id: handlingIdOf(stored!),
      topic: 'job.progress',
      letterId: other.id,
      action: 'replaying' as const,
      by: 'admin-0',
      at,
      reason: null,
      eventId: other.eventId,
    });
    const fresh = claim(new Date());
    await rig.stores.deadLetters.claim(fresh);
    const blocked = await post(`/admin/dead-letters/job.progress/${other.id}/replay`);
    expect(blocked.status).toBe(409);
    expect(blocked.body.detail).toBe('A replay of this dead letter is in progress.');
    await rig.stores.deadLetters.release(fresh.id, fresh.at);
    await rig.stores.deadLetters.claim(claim(new Date(Date.now() - STALE_REPLAY_MS - 1_000)));
    const takenOver = await post(`/admin/dead-letters/job.progress/${other.id}/replay`);
    expect(takenOver.status).toBe(200);
    expect(takenOver.body.data.handling).toMatchObject({ action: 'replayed', by: 'admin-1' });
  });

  it('discards a dead letter only with a reason, once, and never replays it afterwards', async () => {
    const letter = await oneDeadLetter(planPaid('order-1', 'u-1', 'pro', minute(1)));
    const route = `/admin/dead-letters/payment.completed/${letter.id}/discard`;

    const withoutBody = await post(route);
    expect(withoutBody.status).toBe(400);
    expect(withoutBody.body).toMatchObject({
      type: '/problems/validation',
      errors: { reason: 'A reason is required.' },
    });
    expect((await post(route, { reason: '   ' })).body.errors).toEqual({ reason: 'A reason is required.' });
    expect((await post(route, { reason: 'x'.repeat(501) })).status).toBe(400);
    expect((await post(route, { reason: 'ok', extra: true })).status).toBe(400);
    expect((await letters('payment.completed')).data).toHaveLength(1);

    const res = await post(route, { reason: '  Test order from the sandbox  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      data: { id: letter.id, handling: { action: 'discarded', by: 'admin-1', reason: 'Test order from the sandbox' } },
      meta: { alreadyHandled: false },
    });
    const again = await post(route, { reason: 'another reason' });
    expect(again.body).toMatchObject({
      data: { handling: { reason: 'Test order from the sandbox' } },
      meta: { alreadyHandled: true },
    });

    const replay = await post(`/admin/dead-letters/payment.completed/${letter.id}/replay`);
    expect(replay.status).toBe(409);
    expect(replay.body).toMatchObject({ type: '/problems/conflict' });
    await settle();
    expect(deliveriesOf(letter.eventId!)).toBe(1);
    const counts = ((await get('/admin/dead-letters')).body as AdminDeadLetterTopicsResponse).data;
    expect(counts.find((topic) => topic.topic === 'payment.completed')).toEqual({
      topic: 'payment.completed',
      pending: 0,
      handled: 1,
    });

    const lines = await auditLines('dead_letters.discard');
    expect(lines.map((line) => [line.outcome, line.detail.status ?? null, line.detail.alreadyHandled ?? null])).toEqual(
      [
        ['success', null, true],
        ['success', null, false],
        ['failure', 400, null],
        ['failure', 400, null],
        ['failure', 400, null],
        ['failure', 400, null],
      ],
    );
    // The reason stays with the dead letter; the log keeps ids only.
    expect(JSON.stringify(lines)).not.toContain('sandbox');
  });

  it('answers 404 for an id not in the topic, 400 for a malformed id or a topic outside the catalogue', async () => {
    const letter = await oneDeadLetter();
    expect((await post(`/admin/dead-letters/job.progress/9-99999/replay`)).status).toBe(404);
    expect((await post(`/admin/dead-letters/job.created/${letter.id}/replay`)).status).toBe(404);
    expect((await post(`/admin/dead-letters/job.progress/9-99999/discard`, { reason: 'x' })).status).toBe(404);
    const malformed = await post('/admin/dead-letters/job.progress/latest/replay');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toHaveProperty('id');
    const unknownTopic = await get('/admin/dead-letters/job.progress.dlq');
    expect(unknownTopic.status).toBe(400);
    expect(unknownTopic.body.errors).toHaveProperty('topic');
    expect((await get('/admin/dead-letters/job.progress?status=gone')).status).toBe(400);
    const [notFound] = await auditLines('dead_letters.replay');
    expect(notFound).toMatchObject({ outcome: 'failure', detail: { reason: 'validation', status: 400 } });
  });

  it('does not take a handling of an earlier letter at the same place for this one', async () => {
    // The embedded bus starts empty after a restart while admin's records persist: the place
    // (partition, offset) comes round again, the failure time does not.
    const letter = await oneDeadLetter();
    await rig.stores.deadLetters.claim({
      id: `job.progress/${letter.id}/${Date.parse(letter.failedAt!) - 60_000}`,
      topic: 'job.progress',
      letterId: letter.id,
      action: 'discarded',
      by: 'admin-0',
      at: new Date(),
      reason: 'an older letter',
      eventId: null,
    });
    expect((await letters('job.progress')).data.map((l) => [l.id, l.handling])).toEqual([[letter.id, null]]);
  });

  it('refuses anyone but the administrator, and audits the attempt', async () => {
    const letter = await oneDeadLetter();
    refusing = false;
    const someone = user('u-7');
    expect((await get('/admin/dead-letters', someone)).status).toBe(403);
    expect((await get('/admin/dead-letters/job.progress', someone)).status).toBe(403);
    expect((await post(`/admin/dead-letters/job.progress/${letter.id}/replay`, undefined, someone)).status).toBe(403);
    expect((await post(`/admin/dead-letters/job.progress/${letter.id}/discard`, { reason: 'x' }, someone)).status).toBe(
      403,
    );
    expect((await request(rig.admin.app).get('/admin/dead-letters')).status).toBe(401);
    await settle();
    expect(deliveriesOf(letter.eventId!)).toBe(1);
    expect((await letters('job.progress')).data[0]!.handling).toBeNull();
    const denied = await auditLines('access.denied');
    // The path as the guard sees it, below its `/admin` mount (as for every admin route).
    expect(denied.map((line) => [line.actorId, line.detail.method, line.detail.path])).toEqual([
      ['u-7', 'POST', `/dead-letters/job.progress/${letter.id}/discard`],
      ['u-7', 'POST', `/dead-letters/job.progress/${letter.id}/replay`],
      ['u-7', 'GET', '/dead-letters/job.progress'],
      ['u-7', 'GET', '/dead-letters'],
    ]);
  });
});
