import { decodeEventOn, timestampFromDate, type InboxResponse } from '@kadr/contracts';
import { until } from '@kadr/tooling/test-helpers';
import { DEFAULT_INTERNAL_TOKEN_KEY_ID } from '@kadr/config';
import { mintInternalToken } from '@kadr/http-kit';
import {
  SECRET,
  created,
  finished,
  gatewayCaller,
  registered,
  startNotificationsRig,
  userCaller,
  type NotificationsRig,
} from './support/notifications-rig';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('notifications service', () => {
  let rig: NotificationsRig;

  afterEach(async () => {
    await rig?.stop();
  });

  const inboxOf = async (userId: string): Promise<InboxResponse> =>
    (await (await rig.call('GET', '/api/notifications', userCaller(userId))).json()) as InboxResponse;

  describe('the inbox', () => {
    beforeEach(async () => {
      rig = await startNotificationsRig();
    });

    it('keeps one notification per finished job, however often its event comes, and none for a cancel', async () => {
      await rig.publish(registered('u-1'));
      await rig.publish(created('u-1', 'job-a', 'A lighthouse at dusk'));
      await rig.publish(created('u-1', 'job-b', 'Rain on a tin roof'));
      await rig.publish(created('u-1', 'job-c', 'Never mind'));
      for (let i = 0; i < 3; i += 1) await rig.publish(finished('u-1', 'job-a', 'completed'));
      await rig.publish(
        finished('u-1', 'job-b', 'failed', new Date(), { errorCode: 'unknown', failureKind: 'output_check' }),
      );
      await rig.publish(finished('u-1', 'job-c', 'cancelled'));
      await until(async () => (await inboxOf('u-1')).data.length === 2, { what: 'two notifications' });

      const inbox = await inboxOf('u-1');
      expect(inbox.unread).toBe(2);
      expect(
        inbox.data.map(({ kind, jobId, prompt, reason, readAt }) => ({ kind, jobId, prompt, reason, readAt })),
      ).toEqual([
        { kind: 'job_failed', jobId: 'job-b', prompt: 'Rain on a tin roof', reason: 'output_check', readAt: null },
        { kind: 'job_completed', jobId: 'job-a', prompt: 'A lighthouse at dusk', reason: null, readAt: null },
      ]);
      // Every delivery is announced (the web app knows a notification by its id); the count is right each time.
      await until(() => rig.changes.length === 4);
      expect(rig.changes.every((c) => c.userId === 'u-1' && c.notification)).toBe(true);
      expect(rig.changes.at(-1)?.unreadCount).toBe(2);
      expect(await inboxOf('u-2')).toEqual({ data: [], unread: 0 });
    });

    it('marks read one (the owner only) and all, and announces each change', async () => {
      for (const job of ['j1', 'j2', 'j3']) await rig.publish(finished('u-1', job, 'completed'));
      await until(async () => (await inboxOf('u-1')).unread === 3);
      const before = rig.changes.length;

      expect((await rig.call('POST', '/api/notifications/j1/read', userCaller('u-2'))).status).toBe(404);
      const read = await rig.call('POST', '/api/notifications/j1/read', userCaller('u-1'));
      expect(read.status).toBe(200);
      const body = (await read.json()) as { data: { id: string; readAt: string | null }; unread: number };
      expect(body.data.id).toBe('j1');
      expect(body.data.readAt).not.toBeNull();
      expect(body.unread).toBe(2);
      // Again: the same answer, nothing more announced.
      expect(
        ((await (await rig.call('POST', '/api/notifications/j1/read', userCaller('u-1'))).json()) as typeof body)
          .unread,
      ).toBe(2);

      const all = await rig.call('POST', '/api/notifications/read-all', userCaller('u-1'));
      expect(await all.json()).toEqual({ data: { unread: 0 } });
      expect((await inboxOf('u-1')).unread).toBe(0);
      await until(() => rig.changes.length === before + 2);
      expect(rig.changes.slice(before).map((c) => [c.notification, c.unreadCount])).toEqual([
        [undefined, 2],
        [undefined, 0],
      ]);
      const missing = await rig.call('POST', '/api/notifications/nope/read', userCaller('u-1'));
      expect(missing.status).toBe(404);
      expect(missing.headers.get('content-type')).toMatch(/application\/problem\+json/);
    });

    it('keeps the newest 50', async () => {
      const start = Date.now() - 60 * 60_000;
      for (let i = 0; i < 55; i += 1) {
        await rig.publish(
          finished('u-1', `job-${String(i).padStart(2, '0')}`, 'completed', new Date(start + i * 1000)),
        );
      }
      await until(async () => (await inboxOf('u-1')).data.some((n) => n.jobId === 'job-54'), { timeoutMs: 10_000 });
      const inbox = await inboxOf('u-1');
      expect(inbox.data).toHaveLength(50);
      expect(inbox.unread).toBe(50);
      expect(inbox.data[0]?.jobId).toBe('job-54');
      expect(inbox.data.at(-1)?.jobId).toBe('job-05');
    });

    it('forgets a deleted job, and everything about a deleted user (confirming the purge)', async () => {
      await rig.publish(finished('u-1', 'keep', 'completed'));
      await rig.publish(finished('u-1', 'gone', 'completed'));
      await until(async () => (await inboxOf('u-1')).data.length === 2);
      await rig.publish({ case: 'jobDeleted', value: { jobId: 'gone', userId: 'u-1', reason: 'user request' } });
      await until(async () => (await inboxOf('u-1')).data.length === 1);

      const purged: string[] = [];
      await rig.bus.subscribe({
        group: 'test-admin',
        topics: ['user.purged'],
        handler: (m) => {
          const { userId, service } = decodeEventOn('user.purged', m.value).payload.value;
          purged.push(`${userId}:${service}`);
          return Promise.resolve();
        },
      });
      await rig.call('PUT', '/api/notifications/preferences', userCaller('u-1'), { email: false });
      await rig.publish({
        case: 'userDeleted',
        value: { userId: 'u-1', requestedBy: 'admin', purge: true, requestedAt: timestampFromDate(new Date()) },
      });
      await until(() => purged.includes('u-1:notifications'));
      expect(await inboxOf('u-1')).toEqual({ data: [], unread: 0 });
      expect(await (await rig.call('GET', '/api/notifications/preferences', userCaller('u-1'))).json()).toEqual({
        data: { email: true, browser: true },
      });
    });
  });

  describe('preferences', () => {
    beforeEach(async () => {
      rig = await startNotificationsRig();
    });

    it('are both on until changed, change one at a time, and refuse what is not a choice', async () => {
      const get = async () => (await rig.call('GET', '/api/notifications/preferences', userCaller('u-1'))).json();
      expect(await get()).toEqual({ data: { email: true, browser: true } });
      const put = await rig.call('PUT', '/api/notifications/preferences', userCaller('u-1'), { browser: false });
      expect(await put.json()).toEqual({ data: { email: true, browser: false } });
      expect(await get()).toEqual({ data: { email: true, browser: false } });

      for (const body of [{}, { email: 'no' }, { email: true, extra: 1 }]) {
        const bad = await rig.call('PUT', '/api/notifications/preferences', userCaller('u-1'), body);
        expect(bad.status).toBe(400);
        expect(((await bad.json()) as { type: string }).type).toBe('/problems/validation');
      }
      expect((await rig.call('GET', '/api/notifications/preferences', gatewayCaller)).status).toBe(403);
      expect((await rig.call('GET', '/api/notifications/preferences', null)).status).toBe(401);
    });
  });

  describe('e-mail', () => {
    const dispatch = () => rig.service.composed.emails.dispatchDue();

    it("goes once, in the user's language, to someone who left long ago — not again on redelivery or a second dispatcher", async () => {
      rig = await startNotificationsRig();
      await rig.publish(registered('u-1', 'en'));
      rig.languages.chosen.set('u-1', 'pl');
      rig.presence.set('u-1', { lastSeenAt: minutesAgo(10), online: false });
      await rig.publish(created('u-1', 'job-a', 'Łódź o zmierzchu'));
      await rig.publish(finished('u-1', 'job-a', 'completed'));
      await until(async () => (await inboxOf('u-1')).data.length === 1);

      // Five dispatchers at once (replicas): one claims it.
      await Promise.all(Array.from({ length: 5 }, dispatch));
      await rig.publish(finished('u-1', 'job-a', 'completed'));
      await dispatch();
      expect(rig.mail.sent).toHaveLength(1);
      const [mail] = rig.mail.sent;
      expect(mail?.to).toBe('u-1@example.com');
      expect(mail?.subject).toBe('Twój film jest gotowy');
      expect(mail?.text).toContain('“Łódź o zmierzchu”');
      expect(mail?.text).toContain('https://kadr.test/jobs/job-a');
      expect(mail?.text).toMatch(/https:\/\/kadr\.test\/unsubscribe\?token=/);
      expect(mail?.messageId).toBe('job-job-a@kadr.test');
      expect(mail?.headers['List-Unsubscribe']).toMatch(
        /^<https:\/\/kadr\.test\/bff\/public\/notifications\/unsubscribe\?token=[^>]+>$/,
      );
      expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    });

    it('is not sent to someone on the site, nor to someone who came back after the job finished, nor when opted out', async () => {
      rig = await startNotificationsRig();
      for (const user of ['here', 'back', 'optout', 'read']) await rig.publish(registered(user));
      rig.presence.set('here', { lastSeenAt: new Date().toISOString(), online: true });
      rig.presence.set('back', { lastSeenAt: new Date(Date.now() + 1000).toISOString(), online: false });
      rig.presence.set('optout', { lastSeenAt: minutesAgo(30), online: false });
      rig.presence.set('read', { lastSeenAt: minutesAgo(30), online: false });
      await rig.call('PUT', '/api/notifications/preferences', userCaller('optout'), { email: false });
      for (const user of ['here', 'back', 'optout', 'read'])
        await rig.publish(finished(user, `job-${user}`, 'completed'));
      await until(async () => (await inboxOf('read')).data.length === 1);
      await rig.call('POST', '/api/notifications/job-read/read', userCaller('read'));
      await dispatch();
      // Final decisions: leaving now does not bring the e-mail back.
      rig.presence.set('here', { lastSeenAt: minutesAgo(30), online: false });
      await dispatch();
      expect(rig.mail.sent).toEqual([]);
    });

    it('waits until the user has been gone long enough, then goes — unless they came back', async () => {
      rig = await startNotificationsRig({ EMAIL_AWAY_MS: '1500' });
      await rig.publish(registered('leaves'));
      await rig.publish(registered('returns'));
      const leftAt = new Date(Date.now() - 200).toISOString();
      rig.presence.set('leaves', { lastSeenAt: leftAt, online: false });
      rig.presence.set('returns', { lastSeenAt: leftAt, online: false });
      await rig.publish(finished('leaves', 'job-l', 'completed'));
      await rig.publish(finished('returns', 'job-r', 'completed'));
      await until(async () => (await inboxOf('returns')).data.length === 1);
      await dispatch();
      expect(rig.mail.sent).toEqual([]);
      rig.presence.set('returns', { lastSeenAt: new Date().toISOString(), online: true });
      await until(
        async () => {
          await dispatch();
          return rig.mail.sent.length === 1;
        },
        { timeoutMs: 5_000, everyMs: 200 },
      );
      expect(rig.mail.sent.map((m) => m.to)).toEqual(['leaves@example.com']);
    });

    it('is postponed, not lost, while the gateway cannot say where the user is', async () => {
      rig = await startNotificationsRig();
      await rig.publish(registered('u-1'));
      await rig.publish(finished('u-1', 'job-a', 'failed', new Date(), { errorCode: 'aiproxy_error' }));
      await until(async () => (await inboxOf('u-1')).data.length === 1);
      rig.presence.unreachable = true;
      await dispatch();
      expect(rig.mail.sent).toEqual([]);
      const [stored] = await rig.service.adapters.stores.notifications.list('u-1', 1);
      expect(stored?.email.state).toBe('pending');
    });
  });

  describe('the unsubscribe link', () => {
    beforeEach(async () => {
      rig = await startNotificationsRig();
    });

    const tokenOfSentMail = async (): Promise<string> => {
      await rig.publish(registered('u-1'));
      rig.presence.set('u-1', { lastSeenAt: null, online: false });
      await rig.publish(finished('u-1', 'job-a', 'completed'));
      await until(async () => (await inboxOf('u-1')).data.length === 1);
      await rig.service.composed.emails.dispatchDue();
      const link = rig.mail.sent[0]?.text.match(/unsubscribe\?token=([^\s]+)/)?.[1];
      if (!link) throw new Error('no unsubscribe link in the e-mail');
      return decodeURIComponent(link);
    };

    it('turns e-mail off for the user it names, twice without harm, through the gateway only', async () => {
      const token = await tokenOfSentMail();
      expect((await rig.call('POST', '/public/unsubscribe', userCaller('u-1'), { token })).status).toBe(403);
      for (let i = 0; i < 2; i += 1) {
        const answer = await rig.call('POST', '/public/unsubscribe', gatewayCaller, { token });
        expect(answer.status).toBe(200);
        expect(await answer.json()).toEqual({ data: { email: false } });
      }
      expect(await (await rig.call('GET', '/api/notifications/preferences', userCaller('u-1'))).json()).toEqual({
        data: { email: false, browser: true },
      });
    });

    it("takes a mail client's one-click POST (token in the query, form body)", async () => {
      const token = await tokenOfSentMail();
      const bearer = await mintInternalToken(gatewayCaller, {
        keys: { current: { kid: DEFAULT_INTERNAL_TOKEN_KEY_ID, secret: SECRET } },
        audience: 'notifications',
      });
      const answer = await fetch(`${rig.service.url}/public/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(answer.status).toBe(200);
      expect(await (await rig.call('GET', '/api/notifications/preferences', userCaller('u-1'))).json()).toEqual({
        data: { email: false, browser: true },
      });
    });

    it('refuses a changed, foreign or missing token with a 400 that says what to do', async () => {
      const token = await tokenOfSentMail();
      const [head, payload, signature] = token.split('.');
      const forged = `${head}.${Buffer.from(JSON.stringify({ sub: 'someone-else' })).toString('base64url')}.${signature}`;
      for (const body of [{ token: forged }, { token: `${head}.${payload}.AAAA${signature}` }, { token: 'x' }, {}]) {
        const answer = await rig.call('POST', '/public/unsubscribe', gatewayCaller, body);
        expect(answer.status).toBe(400);
        const problem = (await answer.json()) as { type: string; detail: string };
        expect(problem.type).toBe('/problems/validation');
      }
      expect(await (await rig.call('GET', '/api/notifications/preferences', userCaller('u-1'))).json()).toEqual({
        data: { email: true, browser: true },
      });
    });
  });
});
