import http from 'node:http';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { encodeEvent, JobProgressKind, timestampFromDate } from '@kadr/contracts';
import type { KeyValueStore } from '@kadr/kv-store';
import { dataOf, openStream, type ReceivedEvent, type SseStream } from './helpers/sse-client';
import { startLiveRig, until, within, type LiveRig, type SignedIn } from './helpers/live-rig';

const { QUEUED, STARTED, PROGRESS, COMPLETED, FAILED } = JobProgressKind;

const summary = (events: ReceivedEvent[]) =>
  events.map((e) => {
    const data = dataOf(e);
    return `${e.event}:${String(data.id ?? data.balance)}:${String(data.progress ?? data.heldCredits)}`;
  });

/** Log ids (`<ms>-<seq>`) as numbers pairs, to check they only increase. */
function increasing(ids: Array<string | undefined>): boolean {
  const parsed = ids.map((id) => id!.split('-').map(BigInt) as [bigint, bigint]);
  return parsed.every(
    (id, i) => i === 0 || id[0] > parsed[i - 1]![0] || (id[0] === parsed[i - 1]![0] && id[1] > parsed[i - 1]![1]),
  );
}

/**
 * The live channel across gateway replicas (issue 7, "Done when"): run against a shared
 * memory keyspace and against real Redis.
 */
export function liveStreamSuite(connect: () => Promise<KeyValueStore>): void {
  let rig: LiveRig;
  const streams: SseStream[] = [];
  const open = async (...args: Parameters<typeof openStream>) => {
    const stream = await openStream(...args);
    streams.push(stream);
    return stream;
  };

  beforeEach(async () => {
    rig = await startLiveRig({ connect, live: { maxConnectionsPerUser: 3 } });
  });
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await rig.close();
  });

  it('streams each user exactly their own events, in order, on whichever replica they are connected to', async () => {
    const ann = await rig.signIn();
    const ben = await rig.signIn();
    const [a, b] = rig.replicas;
    const annOnA = await open(a!.url, { cookie: ann.cookie });
    const annOnB = await open(b!.url, { cookie: ann.cookie });
    const benOnB = await open(b!.url, { cookie: ben.cookie });
    for (const stream of [annOnA, annOnB, benOnB]) {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers['cache-control']).toContain('no-cache');
      expect(stream.headers['x-accel-buffering']).toBe('no');
      expect(stream.headers['content-encoding']).toBeUndefined();
      const [connected] = await stream.waitFor((e) => e.event === 'connected');
      expect(connected!.id).toBeDefined();
      expect(connected!.retry).toBe(2000);
    }

    // Two jobs of Ann (two keys: two partitions, possibly consumed by different replicas), one
    // of Ben, credits of both, interleaved.
    await rig.publishCreated(ann.userId, 'ann-1');
    await rig.publishCreated(ben.userId, 'ben-1');
    await rig.publishProgress(ann.userId, 'ann-1', QUEUED, 0);
    await rig.publishCreated(ann.userId, 'ann-2');
    await rig.publishProgress(ben.userId, 'ben-1', STARTED, 0);
    await rig.publishProgress(ann.userId, 'ann-1', STARTED, 0);
    await rig.publishCredits(ann.userId, 90, 10);
    await rig.publishProgress(ann.userId, 'ann-1', PROGRESS, 50);
    await rig.publishProgress(ben.userId, 'ben-1', FAILED, 12);
    await rig.publishProgress(ann.userId, 'ann-1', COMPLETED, 100);
    await rig.publishProgress(ann.userId, 'ann-2', FAILED, 0);
    await rig.publishCredits(ben.userId, 5, 0);

    const annEvents = await annOnA.waitFor((e) => e.event !== 'connected' && e.event !== 'heartbeat', 8);
    const benEvents = await benOnB.waitFor((e) => e.event !== 'connected' && e.event !== 'heartbeat', 4);
    const annElsewhere = await annOnB.waitFor((e) => e.event !== 'connected' && e.event !== 'heartbeat', 8);

    // Per job (and for credits), the order of publication; every event once.
    const annSummary = summary(annEvents);
    const only = (prefix: string) => annSummary.filter((line) => line.includes(prefix));
    expect(only(':ann-1:')).toEqual([
      'created:ann-1:0',
      'queued:ann-1:0',
      'started:ann-1:0',
      'progress:ann-1:50',
      'completed:ann-1:100',
    ]);
    expect(only(':ann-2:')).toEqual(['created:ann-2:0', 'failed:ann-2:0']);
    expect(annSummary.filter((line) => line.startsWith('credits'))).toEqual(['credits:90:10']);
    expect(annSummary).toHaveLength(8);
    // Order holds per job and per user's credits (one key each), as on the bus.
    expect(summary(benEvents).filter((line) => line.includes(':ben-1:'))).toEqual([
      'created:ben-1:0',
      'started:ben-1:0',
      'failed:ben-1:12',
    ]);
    expect(summary(benEvents).filter((line) => line.startsWith('credits'))).toEqual(['credits:5:0']);

    // Both of Ann's connections see the same stream (same ids, same order); ids only increase.
    expect(annElsewhere.map((e) => [e.id, e.event, e.data])).toEqual(annEvents.map((e) => [e.id, e.event, e.data]));
    expect(increasing(annEvents.map((e) => e.id))).toBe(true);
    expect(dataOf(annEvents.find((e) => e.event === 'created')!)).toEqual({
      id: 'ann-1',
      status: 'PENDING',
      progress: 0,
      createdAt: expect.any(String),
    });
    expect(dataOf(annEvents.find((e) => e.event === 'started')!)).toEqual({
      id: 'ann-1',
      status: 'PROCESSING',
      progress: 0,
      createdAt: null,
    });
    expect(dataOf(annEvents.find((e) => e.event === 'credits')!)).toEqual({
      balance: 90,
      heldCredits: 10,
      currency: 'credits',
    });

    // Ben never saw anything of Ann's, and Ann nothing of Ben's (a moment later, still).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(summary(benOnB.dataEvents()).every((line) => line.includes(':ben-1:') || line === 'credits:5:0')).toBe(true);
    expect(benOnB.dataEvents()).toHaveLength(4);
    expect(annOnA.dataEvents()).toHaveLength(8);
    expect(annOnA.dataEvents().some((e) => dataOf(e).id === 'ben-1' || dataOf(e).balance === 5)).toBe(false);
  });

  it('serialises each event once per replica: every stream of the user is handed the same frame', async () => {
    const ann = await rig.signIn();
    const replica = rig.replicas[0]!;
    const mine = await Promise.all([1, 2, 3].map(() => open(replica.url, { cookie: ann.cookie })));
    for (const stream of mine) await stream.waitFor((e) => e.event === 'connected');
    const written = jest.spyOn(http.ServerResponse.prototype, 'write');
    try {
      await rig.publishCredits(ann.userId, 41, 0);
      await rig.publishCredits(ann.userId, 42, 0);
      for (const stream of mine) await stream.waitFor((e) => e.event === 'credits', 2);
      const frames = written.mock.calls
        .map(([chunk]) => chunk as unknown)
        .filter((chunk): chunk is Buffer => Buffer.isBuffer(chunk) && chunk.includes('event: credits'));
      // Two events × three streams, and only two distinct objects: one per event, shared.
      expect(frames).toHaveLength(6);
      expect(new Set(frames).size).toBe(2);
    } finally {
      written.mockRestore();
    }
  });

  it('answers 401 without a session', async () => {
    const stream = await open(rig.replicas[0]!.url);
    expect(stream.status).toBe(401);
    expect(JSON.parse(await stream.body)).toMatchObject({ type: '/problems/unauthorized' });
  });

  it('resumes on another replica with Last-Event-ID: exactly the missed events, in order, then live', async () => {
    const ann = await rig.signIn();
    const first = await open(rig.replicas[0]!.url, { cookie: ann.cookie });
    await first.waitFor((e) => e.event === 'connected');
    await rig.publishCreated(ann.userId, 'job-1');
    await rig.publishProgress(ann.userId, 'job-1', STARTED, 0);
    const seen = await first.waitFor((e) => e.event === 'started');
    first.close();

    await rig.publishProgress(ann.userId, 'job-1', PROGRESS, 30);
    await rig.publishProgress(ann.userId, 'job-1', PROGRESS, 60);
    await rig.publishCredits(ann.userId, 40, 0);
    // Recorded by whichever replica consumed them, before Ann comes back.
    await until(
      async () => (await rig.replicas[1]!.gateway.live.feed.readAfter(ann.userId, seen[0]!.id)).entries.length === 3,
      'the missed events',
    );

    const again = await open(rig.replicas[1]!.url, { cookie: ann.cookie, lastEventId: seen[0]!.id });
    const [connected] = await again.waitFor((e) => e.event === 'connected');
    expect(connected!.id).toBe(seen[0]!.id);
    const missed = await again.waitFor((e) => e.event !== 'connected', 3);
    // The log's order (the job's two steps in order; credits, another key, anywhere).
    const recorded = (await rig.replicas[1]!.gateway.live.feed.readAfter(ann.userId, seen[0]!.id)).entries;
    expect(missed.map((e) => e.id)).toEqual(recorded.map((entry) => entry.id));
    expect(summary(missed).sort()).toEqual(['credits:40:0', 'progress:job-1:30', 'progress:job-1:60']);
    expect(summary(missed).filter((line) => line.startsWith('progress'))).toEqual([
      'progress:job-1:30',
      'progress:job-1:60',
    ]);

    await rig.publishProgress(ann.userId, 'job-1', COMPLETED, 100);
    const all = await again.waitFor((e) => e.event !== 'connected' && e.event !== 'heartbeat', 4);
    expect(summary(all)).toEqual([...summary(missed), 'completed:job-1:100']);
    expect(increasing([seen[0]!.id, ...all.map((e) => e.id)])).toBe(true);

    // A new EventSource (cannot set the header) resumes with ?lastEventId= the same way.
    const fromQuery = await open(rig.replicas[0]!.url, { cookie: ann.cookie, lastEventIdQuery: seen[0]!.id });
    expect(summary(await fromQuery.waitFor((e) => e.event !== 'connected', 4))).toEqual(summary(all));
  });

  it('resumes from the id a stream reported before anything happened (0-0)', async () => {
    const ann = await rig.signIn();
    const first = await open(rig.replicas[0]!.url, { cookie: ann.cookie });
    const [connected] = await first.waitFor((e) => e.event === 'connected');
    expect(connected!.id).toBe('0-0');
    first.close();
    await rig.publishCreated(ann.userId, 'job-1');
    await until(
      async () => (await rig.replicas[0]!.gateway.live.feed.readAfter(ann.userId)).entries.length === 1,
      'the event',
    );
    const again = await open(rig.replicas[1]!.url, { cookie: ann.cookie, lastEventId: '0-0' });
    expect(summary(await again.waitFor((e) => e.event === 'created'))).toEqual(['created:job-1:0']);
    expect(again.events.some((e) => e.event === 'reset')).toBe(false);
  });

  it('counts streams by how they start: fresh, resumed after an event id, reset', async () => {
    const ann = await rig.signIn();
    const url = rig.replicas[0]!.url;
    const fresh = await open(url, { cookie: ann.cookie });
    await rig.publishCreated(ann.userId, 'job-counted');
    const [created] = await fresh.waitFor((e) => e.event === 'created');
    fresh.close();
    const resumed = await open(url, { cookie: ann.cookie, lastEventId: created!.id });
    await resumed.waitFor((e) => e.event === 'connected');
    resumed.close();
    const reset = await open(url, { cookie: ann.cookie, lastEventId: 'not-an-id' });
    await reset.waitFor((e) => e.event === 'reset');
    reset.close();
    const metrics = await rig.replicas[0]!.metrics.registry.metrics();
    expect(metrics).toMatch(/sse_streams_started_total\{[^}]*start="fresh"[^}]*\} 1$/m);
    expect(metrics).toMatch(/sse_streams_started_total\{[^}]*start="resumed"[^}]*\} 1$/m);
    expect(metrics).toMatch(/sse_streams_started_total\{[^}]*start="reset"[^}]*\} 1$/m);
  });

  it('sends reset when the missed events are no longer kept (unknown id, trimmed, expired)', async () => {
    const ann = await rig.signIn();
    const junk = await open(rig.replicas[0]!.url, { cookie: ann.cookie, lastEventId: 'not-an-id' });
    expect((await junk.waitFor((e) => e.event === 'reset'))[0]!.data).toContain('/jobs/active');
    junk.close();

    // An id of a log that no longer exists (expired / deleted).
    const gone = await open(rig.replicas[0]!.url, { cookie: ann.cookie, lastEventId: '1700000000000-0' });
    await gone.waitFor((e) => e.event === 'reset');
    gone.close();

    // Trimmed: more than 200 events since the client's id.
    const live = await open(rig.replicas[1]!.url, { cookie: ann.cookie });
    await rig.publishCreated(ann.userId, 'job-0');
    const [oldest] = await live.waitFor((e) => e.event === 'created');
    live.close();
    for (let i = 1; i <= 201; i++) await rig.publishProgress(ann.userId, 'job-0', PROGRESS, i % 100);
    const feed = rig.replicas[0]!.gateway.live.feed;
    await until(async () => {
      const { entries } = await feed.readAfter(ann.userId);
      return entries.length === 200 && (entries.at(-1)!.event.data as { progress?: number }).progress === 1;
    }, 'all 201 events recorded');
    const newest = (await feed.readAfter(ann.userId)).entries.at(-1)!.id;
    const late = await open(rig.replicas[0]!.url, { cookie: ann.cookie, lastEventId: oldest!.id });
    const [connected, reset] = await late.waitFor((e) => e.event === 'connected' || e.event === 'reset', 2);
    expect([connected!.event, reset!.event]).toEqual(['connected', 'reset']);
    // After a reset the client stands at the newest event (it re-seeds everything before).
    expect(reset!.id).toBe(newest);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(late.dataEvents()).toHaveLength(0);
  }, 30_000);

  it('closes a client that does not read, without holding up the others', async () => {
    await rig.close();
    rig = await startLiveRig({ connect, live: { maxBufferedEvents: 50, maxBufferedBytes: 256 * 1024 } });
    const ann = await rig.signIn();
    const url = new URL(rig.replicas[0]!.url);
    // A client that sends the request and never reads: its socket buffers fill up.
    const slow = net.connect(Number(url.port), url.hostname);
    await new Promise((resolve) => slow.once('connect', resolve));
    slow.pause();
    slow.write(
      `GET /bff/sse/jobs HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${ann.cookie}\r\nAccept: text/event-stream\r\n\r\n`,
    );
    const slowClosed = new Promise<void>((resolve) => slow.once('close', () => resolve()));
    slow.on('error', () => undefined);
    const fast = await open(rig.replicas[0]!.url, { cookie: ann.cookie });
    await fast.waitFor((e) => e.event === 'connected');
    await until(() => rig.replicas[0]!.gateway.live.connections.size === 2, 'both streams open');

    // Large events (long job ids) so that the slow client's socket buffers fill up quickly. The
    // fast client gets each one while the slow one's connection is still open, then closed.
    const bigId = (i: number) => `job-${i}-${'x'.repeat(16_000)}`;
    const count = 300;
    for (let i = 1; i <= count; i++) {
      await rig.publishProgress(ann.userId, bigId(i % 150), PROGRESS, i % 100);
      await fast.waitFor((e) => e.event === 'progress', i, 2_000);
    }
    expect(fast.dataEvents().map((e) => Number(dataOf(e).progress))).toEqual(
      Array.from({ length: count }, (_, i) => (i + 1) % 100),
    );

    slow.resume();
    await slowClosed;
    expect(rig.replicas[0]!.gateway.live.connections.size).toBe(1);
    const metrics = await rig.replicas[0]!.metrics.registry.metrics();
    expect(metrics).toMatch(/sse_slow_clients_closed_total\S* 1/);
  }, 40_000);

  it('limits the open streams of one user (429 rate_limited), and frees a slot when one closes', async () => {
    const ann = await rig.signIn();
    const url = rig.replicas[0]!.url;
    const held = await Promise.all([0, 1, 2].map(() => open(url, { cookie: ann.cookie })));
    expect(held.map((s) => s.status)).toEqual([200, 200, 200]);
    const refused = await open(url, { cookie: ann.cookie });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(JSON.parse(await refused.body)).toMatchObject({ type: '/problems/rate_limited' });
    // Another user is not affected.
    const ben = await rig.signIn();
    expect((await open(url, { cookie: ben.cookie })).status).toBe(200);

    held[0]!.close();
    await until(() => rig.replicas[0]!.gateway.live.connections.size === 3, 'the slot freed');
    expect((await open(url, { cookie: ann.cookie })).status).toBe(200);
  });

  it('sends a heartbeat and reports its metrics', async () => {
    await rig.close();
    rig = await startLiveRig({ connect, replicas: 1, live: { heartbeatMs: 50 } });
    const ann = await rig.signIn();
    const stream = await open(rig.replicas[0]!.url, { cookie: ann.cookie });
    await stream.waitFor((e) => e.event === 'heartbeat', 2);
    await rig.publishCreated(ann.userId, 'job-1');
    await stream.waitFor((e) => e.event === 'created');
    const metrics = await rig.replicas[0]!.metrics.registry.metrics();
    expect(metrics).toMatch(/sse_open_connections\S* 1/);
    expect(metrics).toMatch(/sse_events_delivered_total\{event="created"\S* 1/);
    expect(metrics).toMatch(/sse_delivery_lag_seconds_count\S* 1/);
  });

  it('drains on shutdown: streams are told to reconnect and end; the client resumes on another replica', async () => {
    const ann = await rig.signIn();
    const [a, b] = rig.replicas;
    const stream = await open(a!.url, { cookie: ann.cookie });
    await rig.publishCreated(ann.userId, 'job-1');
    const [created] = await stream.waitFor((e) => e.event === 'created');

    const started = Date.now();
    await a!.shutDown();
    // Did not wait for the open stream (the HTTP server's grace period).
    expect(Date.now() - started).toBeLessThan(2_000);
    await stream.ended;
    const reconnect = stream.events.at(-1)!;
    expect(reconnect.event).toBe('reconnect');
    expect(reconnect.id).toBe(created!.id);
    expect(reconnect.retry).toEqual(expect.any(Number));

    await rig.publishProgress(ann.userId, 'job-1', STARTED, 0);
    const resumed = await open(b!.url, { cookie: ann.cookie, lastEventId: reconnect.id });
    expect(summary(await resumed.waitFor((e) => e.event === 'started'))).toEqual(['started:job-1:0']);
    expect(resumed.dataEvents()).toHaveLength(1);
  });

  it('on user.deleted, clears the replay buffer and ends the user’s streams on every replica', async () => {
    const ann = await rig.signIn();
    const streamsOfAnn = await Promise.all(rig.replicas.map((r) => open(r.url, { cookie: ann.cookie })));
    await rig.publishCreated(ann.userId, 'job-1');
    const [created] = await streamsOfAnn[0]!.waitFor((e) => e.event === 'created');
    await streamsOfAnn[1]!.waitFor((e) => e.event === 'created');

    const deleted = encodeEvent(
      {
        case: 'userDeleted',
        value: { userId: ann.userId, requestedBy: 'admin', purge: true, requestedAt: timestampFromDate(new Date()) },
      },
      { producer: 'admin', correlationId: randomUUID() },
    );
    await rig.bus.publish(deleted.topic, [deleted]);
    await Promise.all(streamsOfAnn.map((s) => s.ended));
    expect((await rig.replicas[0]!.gateway.live.feed.readAfter(ann.userId)).entries).toEqual([]);
    expect((await rig.replicas[0]!.gateway.live.feed.readAfter(ann.userId, created!.id)).gap).toBe(true);
  });

  // Issue 13, finding 5: a live stream outlives its session.
  describe('a stream lives no longer than its session', () => {
    const signOut = (url: string, who: SignedIn) =>
      fetch(new URL('/auth/logout', url), {
        method: 'POST',
        headers: { cookie: who.cookie, 'x-csrf-token': who.csrfToken },
      });

    it('sign-out on replica B ends the session’s stream on replica A within a second; other sessions keep theirs', async () => {
      const ann = await rig.signIn();
      const annElsewhere = await rig.signIn(ann.userId);
      const [a, b] = rig.replicas;
      const stream = await open(a!.url, { cookie: ann.cookie });
      const otherDevice = await open(a!.url, { cookie: annElsewhere.cookie });
      await rig.publishCredits(ann.userId, 10, 0);
      await stream.waitFor((e) => e.event === 'credits');
      await otherDevice.waitFor((e) => e.event === 'credits');

      const loggedOut = await signOut(b!.url, ann);
      expect(loggedOut.status).toBe(200);
      await within(stream.ended, 1_000, 'the end of the signed-out session’s stream');
      const seenAtEnd = stream.events.length;

      // Events after the sign-out reach the other session only.
      await rig.publishCreated(ann.userId, 'after-logout');
      await rig.publishCredits(ann.userId, 5, 5);
      await otherDevice.waitFor((e) => e.event === 'credits', 2);
      await otherDevice.waitFor((e) => e.event === 'created');
      expect(stream.events).toHaveLength(seenAtEnd);
      expect(stream.events.some((e) => e.event === 'created')).toBe(false);
      await until(() => a!.gateway.live.connections.size === 1, 'the ended stream released');
    });

    it('ends the stream when the session expires (the replica notices without being told)', async () => {
      const ann = await rig.signIn(undefined, { lifetimeMs: 1_500 });
      const stream = await open(rig.replicas[0]!.url, { cookie: ann.cookie });
      expect(stream.status).toBe(200);
      await stream.waitFor((e) => e.event === 'connected');
      // Ended at most a second after the expiry.
      await within(stream.ended, ann.expiresAt + 1_000 - Date.now(), 'the end of the expired session’s stream');
      await rig.publishCreated(ann.userId, 'after-expiry');
      expect(stream.events.some((e) => e.event === 'created')).toBe(false);
      const again = await open(rig.replicas[0]!.url, { cookie: ann.cookie });
      expect(again.status).toBe(401);
    });

    it('on user.deleted, every session’s streams of the user end on every replica', async () => {
      const ann = await rig.signIn();
      const annOnPhone = await rig.signIn(ann.userId);
      const ben = await rig.signIn();
      const streamsOfAnn = await Promise.all(
        rig.replicas.flatMap((r) => [open(r.url, { cookie: ann.cookie }), open(r.url, { cookie: annOnPhone.cookie })]),
      );
      const benStream = await open(rig.replicas[0]!.url, { cookie: ben.cookie });
      for (const stream of [...streamsOfAnn, benStream]) await stream.waitFor((e) => e.event === 'connected');

      const deleted = encodeEvent(
        {
          case: 'userDeleted',
          value: { userId: ann.userId, requestedBy: 'admin', purge: false, requestedAt: timestampFromDate(new Date()) },
        },
        { producer: 'admin', correlationId: randomUUID() },
      );
      await rig.bus.publish(deleted.topic, [deleted]);
      await within(Promise.all(streamsOfAnn.map((s) => s.ended)), 2_000, 'the end of every stream of the deleted user');
      await rig.publishCredits(ben.userId, 1, 0);
      await benStream.waitFor((e) => e.event === 'credits');
    });
  });

  it('caps the open streams of a replica (503 service_unavailable with Retry-After), and frees a slot when one closes', async () => {
    await rig.close();
    rig = await startLiveRig({ connect, replicas: 1, live: { maxConnections: 2 } });
    const url = rig.replicas[0]!.url;
    const [ann, ben, cy] = await Promise.all([rig.signIn(), rig.signIn(), rig.signIn()]);
    const held = [await open(url, { cookie: ann.cookie }), await open(url, { cookie: ben.cookie })];
    expect(held.map((s) => s.status)).toEqual([200, 200]);
    const refused = await open(url, { cookie: cy.cookie });
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('10');
    expect(JSON.parse(await refused.body)).toMatchObject({ type: '/problems/service_unavailable', status: 503 });

    held[0]!.close();
    await until(() => rig.replicas[0]!.gateway.live.connections.size === 1, 'the slot freed');
    expect((await open(url, { cookie: cy.cookie })).status).toBe(200);
  });
}
