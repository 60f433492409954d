/**
 * "Tell me when it is done" through the embedded product (issue 20), by the public API only: a
 * video finishing while the user's tab is open arrives live as a `notifications` event and stays
 * in the inbox; one finishing after every tab closed (EMAIL_AWAY_MS shortened here) sends one
 * e-mail, caught by the development mail catcher; its unsubscribe link works without a session.
 */
import { dataOf, openStream, type SseStream } from '../../services/auth-gateway/test/live/helpers/sse-client';
import { ApiClient } from './support/api-client';
import { startEmbeddedStack, type EmbeddedStack } from './support/embedded-stack';
import { eventually } from './support/eventually';

interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
}
interface Inbox {
  data: { id: string; kind: string; jobId: string; prompt: string; readAt: string | null }[];
  unread: number;
}

describe('notifications through the embedded product', () => {
  let stack: EmbeddedStack;
  let base: string;
  let mailPage: string;
  let live: SseStream | undefined;

  beforeAll(async () => {
    // "Left" after 1 s instead of 2 minutes; due e-mails looked for every 200 ms.
    stack = await startEmbeddedStack({ EMAIL_AWAY_MS: '1000', EMAIL_SCAN_MS: '200' });
    base = stack.base;
    mailPage = stack.components.find((c) => c.name === 'mail-catcher')!.url;
  }, 60_000);

  afterAll(async () => {
    live?.close();
    await stack?.stop();
  });

  let person: ApiClient;
  /** A 200 answer's JSON body. */
  const getJson = async <T>(route: string): Promise<T> => {
    const answer = await person.get(route);
    expect(answer.status).toBe(200);
    return answer.body as T;
  };
  const caught = async () =>
    ((await (await fetch(`${mailPage}.json`)).json()) as { data: CaughtMail[] }).data.filter((m) =>
      m.to.includes('demo@kadr.local'),
    );

  async function generate(prompt: string): Promise<string> {
    const created = await person.post('/bff/platform/jobs', {
      prompt,
      modelId: 'kadr-motion-v1',
      duration: 5,
      quality: 'Lite',
      speed: 'Ultra Fast',
    });
    expect(created.status).toBe(202);
    const { id } = created.body as { id: string };
    await eventually(
      async () => (await getJson<{ data: { status: string } }>(`/bff/platform/jobs/${id}`)).data.status,
      (status) => status === 'COMPLETED',
      60_000,
    );
    return id;
  }

  it('delivers live to an open tab, e-mails once after every tab closed, and the link unsubscribes', async () => {
    person = await ApiClient.signIn(base, 'demo@kadr.local');
    live = await openStream(base, { cookie: person.browser.cookieHeader(new URL(base)) });
    expect(live.status).toBe(200);

    // A tab is open: the notification arrives live, and no e-mail goes.
    const seenJob = await generate('A lighthouse at dusk');
    const [arrived] = await live.waitFor(
      (e) => e.event === 'notifications' && (dataOf(e).notification as { jobId?: string } | null)?.jobId === seenJob,
      1,
      10_000,
    );
    expect(dataOf(arrived!)).toMatchObject({
      unread: 1,
      notification: { id: seenJob, kind: 'job_completed', prompt: 'A lighthouse at dusk', readAt: null },
    });
    const inbox = await getJson<Inbox>('/bff/platform/api/notifications');
    expect(inbox.unread).toBe(1);
    expect(inbox.data.map((n) => n.jobId)).toEqual([seenJob]);

    // Every tab closed, and gone for longer than EMAIL_AWAY_MS when the next video finishes.
    live.close();
    live = undefined;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const awayJob = await generate('Rain on a tin roof');
    const [mail] = await eventually(caught, (mails) => mails.length === 1, 15_000);
    // More scans, redeliveries or not: still one e-mail per job, none for the job seen live.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await caught()).toHaveLength(1);
    expect(mail!.subject).toBe('Twój film jest gotowy'); // the demo user's language (the default, pl)
    expect(mail!.text).toContain(`${base}/jobs/${awayJob}`);
    expect(mail!.headers['list-unsubscribe-post'] ?? mail!.headers['List-Unsubscribe-Post']).toBe(
      'List-Unsubscribe=One-Click',
    );
    const token = decodeURIComponent(/unsubscribe\?token=([^\s"&]+)/.exec(mail!.text)![1]!);

    // The link works without a session, through the gateway's public route.
    const unsubscribed = await fetch(`${base}/bff/public/notifications/unsubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(unsubscribed.status).toBe(200);
    expect(await unsubscribed.json()).toEqual({ data: { email: false } });
    const forged = await fetch(`${base}/bff/public/notifications/unsubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: `${token}x` }),
    });
    expect(forged.status).toBe(400);
    expect(forged.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(await getJson('/bff/platform/api/notifications/preferences')).toEqual({
      data: { email: false, browser: true },
    });

    // The inbox has both, and read state is kept on the server.
    const both = await getJson<Inbox>('/bff/platform/api/notifications');
    expect(both.data.map((n) => n.jobId)).toEqual([awayJob, seenJob]);
    expect((await person.post(`/bff/platform/api/notifications/${seenJob}/read`)).status).toBe(200);
    expect((await getJson<Inbox>('/bff/platform/api/notifications')).unread).toBe(1);
    expect((await person.post('/bff/platform/api/notifications/read-all')).status).toBe(200);
    expect((await getJson<Inbox>('/bff/platform/api/notifications')).unread).toBe(0);
  }, 180_000);
});
