import { randomUUID } from 'node:crypto';
import { describeRepositoryContract } from '@kadr/documents/testing';
import type { Job, OutboxEntry } from '../../domain/jobs/job';
import { aJob } from '../../../test/helpers/a-job';
import type { GalleryFilter, GalleryPage, JobRepository, QueueHead } from './job.repository';
import { MemoryJobRepository } from './memory-job.repository';
import { MongooseJobRepository } from './mongoose-job.repository';

const entry = (id = randomUUID()): OutboxEntry => ({
  id,
  topic: 'job.progress',
  key: 'k',
  value: 'AAEC',
  correlationId: 'c',
});

describeRepositoryContract<JobRepository>(
  'jobs',
  {
    memory: async () => {
      const repo = await MemoryJobRepository.create();
      return { repo, cleanup: () => repo.close() };
    },
    mongoose: (connection) =>
      Promise.resolve({ repo: new MongooseJobRepository(connection), cleanup: () => Promise.resolve() }),
  },
  (getRepo) => {
    it('20 concurrent inserts with one (user, Idempotency-Key) store one job; every caller gets it', async () => {
      const key = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 20 }, () => getRepo().insert(aJob({ idempotencyKey: key, status: 'RESERVING' }))),
      );
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.job.id)).size).toBe(1);
      expect(await getRepo().countForUser('user-1', ['RESERVING'])).toBe(1);
      // Another user may use the same key.
      const other = aJob({ userId: 'user-2', idempotencyKey: key });
      expect((await getRepo().insert(other)).created).toBe(true);
      // Each user's key finds that user's job.
      expect((await getRepo().findByIdempotencyKey('user-1', key))?.id).toBe(results[0]!.job.id);
      expect((await getRepo().findByIdempotencyKey('user-2', key))?.id).toBe(other.id);
      expect(await getRepo().findByIdempotencyKey('user-3', key)).toBeNull();
    });

    it('keeps an upscale’s kind, source job and source video (issue 21)', async () => {
      const upscale = aJob({
        kind: 'upscale',
        sourceJobId: 'source-job',
        sourceVideoKey: 'users/user-1/jobs/source-job/video.mp4',
      });
      await getRepo().insert(upscale);
      expect(await getRepo().findById(upscale.id)).toMatchObject({
        kind: 'upscale',
        sourceJobId: 'source-job',
        sourceVideoKey: 'users/user-1/jobs/source-job/video.mp4',
      });
    });

    it('keeps an image-to-video job’s start image, source and copy, and sets the copy on a RESERVING job (issue 21)', async () => {
      const job = aJob({ status: 'RESERVING', startImageSource: 'uploads/user-1/upload-1', startImageKey: null });
      await getRepo().insert(job);
      expect(await getRepo().findById(job.id)).toMatchObject({
        startImageSource: 'uploads/user-1/upload-1',
        startImageKey: null,
      });
      const copy = `users/user-1/jobs/${job.id}/start-image`;
      await getRepo().update(job.id, { status: ['RESERVING'] }, { set: { startImageKey: copy } });
      expect(await getRepo().findById(job.id)).toMatchObject({ startImageKey: copy });
    });

    it("lists every user's jobs in some statuses oldest first (deleted left out), at most the limit", async () => {
      const base = Date.now() - 60_000;
      const mine = [
        aJob({ userId: `q-${randomUUID()}`, status: 'PENDING', createdAt: new Date(base + 2) }),
        aJob({ userId: `q-${randomUUID()}`, status: 'PROCESSING', createdAt: new Date(base + 1) }),
        aJob({ userId: `q-${randomUUID()}`, status: 'PENDING', createdAt: new Date(base + 3), deletedAt: new Date() }),
        aJob({ userId: `q-${randomUUID()}`, status: 'COMPLETED', createdAt: new Date(base) }),
      ];
      for (const job of mine) await getRepo().insert(job);
      const ids = new Set(mine.map((j) => j.id));
      const listed = (await getRepo().listInStatus(['PENDING', 'PROCESSING'], 1000)).filter((j) => ids.has(j.id));
      expect(listed.map((j) => j.id)).toEqual([mine[1]!.id, mine[0]!.id]);
      expect(await getRepo().listInStatus(['PENDING', 'PROCESSING'], 1)).toHaveLength(1);
    });

    it('answers the newest completed renders of one shape only', async () => {
      const modelId = `model-${randomUUID()}`;
      const at = (s: number) => new Date(Date.UTC(2026, 10, 28, 4, 0, s));
      const done = (start: number, end: number, overrides: Partial<Job> = {}) =>
        aJob({ modelId, status: 'COMPLETED', startedAt: at(start), completedAt: at(end), ...overrides });
      for (const job of [
        done(0, 10),
        done(20, 32),
        done(40, 49),
        done(50, 58, { quality: 'Pro' }),
        done(60, 70, { speed: 'Fast' }),
        done(60, 75, { durationSeconds: 10 }),
        done(60, 61, { deletedAt: new Date() }),
        aJob({ modelId, status: 'FAILED', startedAt: at(60), completedAt: null }),
      ]) {
        await getRepo().insert(job);
      }
      const shape = { modelId, quality: 'Lite', durationSeconds: 5, speed: 'Normal' } as const;
      expect(await getRepo().recentRenders(shape, 2)).toEqual([
        { startedAt: at(40), completedAt: at(49) },
        { startedAt: at(20), completedAt: at(32) },
      ]);
      expect(await getRepo().recentRenders({ ...shape, modelId: 'none' }, 5)).toEqual([]);
    });

    it('updates only when the condition holds, and 20 concurrent claims have one winner', async () => {
      const job = aJob();
      await getRepo().insert(job);
      expect(await getRepo().update(job.id, { status: ['PROCESSING'] }, { set: { progress: 50 } })).toBeNull();
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_v, i) =>
          getRepo().update(
            job.id,
            { status: ['PENDING'], attempt: 0 },
            { set: { status: 'PROCESSING', attempt: 1, leaseOwner: `w${i}` }, outbox: [entry()] },
          ),
        ),
      );
      const winners = claims.filter((c) => c !== null);
      expect(winners).toHaveLength(1);
      const stored = (await getRepo().findById(job.id))!;
      expect(stored).toMatchObject({ status: 'PROCESSING', attempt: 1, leaseOwner: winners[0]!.leaseOwner });
      expect(stored.outbox).toHaveLength(1);
      expect(await getRepo().update(job.id, { leaseOwner: 'someone-else' }, { set: { progress: 10 } })).toBeNull();
    });

    it('appends history and outbox entries in the same write and publishes them in order', async () => {
      const job = aJob();
      await getRepo().insert(job);
      const at = new Date();
      const [e1, e2] = [entry(), entry()];
      const updated = await getRepo().update(
        job.id,
        {},
        {
          set: {
            progress: 10,
            output: {
              videoKey: 'v',
              thumbnailKey: 't',
              contentType: 'video/mp4',
              durationSeconds: 5,
              width: 854,
              height: 480,
              sizeBytes: 10,
            },
          },
          outbox: [e1, e2],
          history: [
            {
              at,
              kind: 'progress',
              status: 'PROCESSING',
              progress: 10,
              attempt: 1,
              message: '',
              errorCode: null,
              actor: 'w',
            },
          ],
        },
      );
      expect(updated?.history).toHaveLength(1);
      expect(updated?.output?.sizeBytes).toBe(10);
      const pending = await getRepo().takeOutbox(10);
      expect(pending).toEqual([{ jobId: job.id, entries: [e1, e2], deleted: false }]);
      await getRepo().removeFromOutbox(job.id, [e1.id]);
      expect((await getRepo().findById(job.id))?.outbox).toEqual([e2]);
      await getRepo().removeFromOutbox(job.id, [e2.id]);
      expect(await getRepo().takeOutbox(10)).toEqual([]);
    });

    it('counts outbox entries not yet published, of deleted jobs too, and finds when the oldest was written', async () => {
      expect(await getRepo().outboxStats()).toEqual({ pending: 0, oldestAt: null });
      const older = new Date('2025-01-01T00:00:00.000Z');
      const newer = new Date('2025-02-01T00:00:00.000Z');
      // An entry without a write time (written before entries recorded one) is pending, not dated.
      const open = aJob({ outbox: [{ ...entry(), createdAt: newer }, entry()] });
      const deleted = aJob({ outbox: [{ ...entry(), createdAt: older }] });
      for (const job of [open, deleted, aJob()]) await getRepo().insert(job);
      await getRepo().update(deleted.id, { status: ['PENDING'] }, { set: { deletedAt: new Date() } });
      expect(await getRepo().outboxStats()).toEqual({ pending: 3, oldestAt: older });

      await getRepo().removeFromOutbox(deleted.id, [deleted.outbox[0]!.id]);
      expect(await getRepo().outboxStats()).toEqual({ pending: 2, oldestAt: newer });
      await getRepo().removeFromOutbox(open.id, [open.outbox[0]!.id]);
      expect(await getRepo().outboxStats()).toEqual({ pending: 1, oldestAt: null });
      await getRepo().removeFromOutbox(open.id, [open.outbox[1]!.id]);
      expect(await getRepo().outboxStats()).toEqual({ pending: 0, oldestAt: null });
    });

    it('hides deleted jobs from every read and removes them once their outbox is published', async () => {
      const job = aJob();
      await getRepo().insert(job);
      const e = entry();
      await getRepo().update(job.id, { status: ['PENDING'] }, { set: { deletedAt: new Date() }, outbox: [e] });
      expect(await getRepo().update(job.id, {}, { set: { progress: 5 } })).toBeNull();
      expect(await getRepo().listForUser('user-1', { statuses: ['PENDING'], skip: 0, take: 10 })).toEqual([]);
      expect((await getRepo().takeOutbox(10))[0]).toMatchObject({ jobId: job.id, deleted: true });
      await getRepo().removeFromOutbox(job.id, [e.id]);
      expect(await getRepo().findById(job.id)).toBeNull();
    });

    it('lists a user’s jobs newest first by status, with skip, take and count', async () => {
      const base = Date.now();
      const jobs = [0, 1, 2, 3].map((i) =>
        aJob({ createdAt: new Date(base + i * 1000), status: i === 3 ? 'COMPLETED' : 'PENDING' }),
      );
      for (const job of jobs) await getRepo().insert(job);
      await getRepo().insert(aJob({ userId: 'someone-else' }));
      const pending = await getRepo().listForUser('user-1', { statuses: ['PENDING'], skip: 0, take: 10 });
      expect(pending.map((j) => j.id)).toEqual([jobs[2]!.id, jobs[1]!.id, jobs[0]!.id]);
      const page = await getRepo().listForUser('user-1', { statuses: ['PENDING', 'COMPLETED'], skip: 1, take: 2 });
      expect(page.map((j) => j.id)).toEqual([jobs[2]!.id, jobs[1]!.id]);
      expect(await getRepo().countForUser('user-1', ['PENDING', 'COMPLETED'])).toBe(4);
    });

    describe('the gallery', () => {
      const VISIBLE = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
      const filter = (overrides: Partial<GalleryFilter> = {}): GalleryFilter => ({
        statuses: VISIBLE,
        words: [],
        favouritesOnly: false,
        sort: 'newest',
        skip: 0,
        take: 12,
        ...overrides,
      });
      const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute));
      /** One user's five jobs, a minute apart (minute 0 the oldest), and someone else's that matches everything. */
      async function seed() {
        const userId = `g-${randomUUID()}`;
        const jobs = [
          aJob({ userId, createdAt: at(0), prompt: 'A red fox in the snow', status: 'COMPLETED' }),
          aJob({
            userId,
            createdAt: at(1),
            prompt: 'Red sky, RED sea',
            status: 'FAILED',
            modelId: 'fal-kling-standard',
          }),
          aJob({ userId, createdAt: at(2), prompt: 'a blue fox', status: 'PENDING' }),
          aJob({ userId, createdAt: at(3), prompt: 'Żółty kot', status: 'PROCESSING' }),
          aJob({ userId, createdAt: at(4), prompt: 'red fox', status: 'CANCELLED' }),
        ];
        for (const job of [...jobs, aJob({ userId: `g-${randomUUID()}`, createdAt: at(2), prompt: 'red fox' })]) {
          await getRepo().insert(job);
        }
        await getRepo().insert(aJob({ userId, createdAt: at(5), prompt: 'red fox', status: 'RESERVING' }));
        await getRepo().insert(aJob({ userId, createdAt: at(6), prompt: 'red fox', deletedAt: new Date() }));
        return { userId, ids: jobs.map((j) => j.id) };
      }
      const ids = (page: GalleryPage) => page.items.map((j) => j.id);

      it('lists the user’s visible jobs newest or oldest first, with skip, take and the total', async () => {
        const { userId, ids: all } = await seed();
        const newest = await getRepo().galleryForUser(userId, filter());
        expect(ids(newest)).toEqual([...all].reverse());
        expect(newest.total).toBe(5);
        const oldest = await getRepo().galleryForUser(userId, filter({ sort: 'oldest', skip: 1, take: 2 }));
        expect(ids(oldest)).toEqual([all[1], all[2]]);
        expect(oldest.total).toBe(5);
        expect(await getRepo().galleryForUser(userId, filter({ skip: 12 }))).toEqual({ items: [], total: 5 });
      });

      it('searches whole words of the prompt in any letter case; every word must be there', async () => {
        const { userId, ids: all } = await seed();
        expect(ids(await getRepo().galleryForUser(userId, filter({ words: ['red'] })))).toEqual([
          all[4],
          all[1],
          all[0],
        ]);
        expect(ids(await getRepo().galleryForUser(userId, filter({ words: ['red', 'fox'] })))).toEqual([
          all[4],
          all[0],
        ]);
        expect(ids(await getRepo().galleryForUser(userId, filter({ words: ['żółty'] })))).toEqual([all[3]]);
        expect((await getRepo().galleryForUser(userId, filter({ words: ['re'] }))).total).toBe(0);
      });

      it('filters by status, model and a creation range (from inclusive, to exclusive)', async () => {
        const { userId, ids: all } = await seed();
        const statuses = await getRepo().galleryForUser(userId, filter({ statuses: ['COMPLETED', 'FAILED'] }));
        expect(ids(statuses)).toEqual([all[1], all[0]]);
        const model = await getRepo().galleryForUser(userId, filter({ modelId: 'fal-kling-standard' }));
        expect(ids(model)).toEqual([all[1]]);
        const range = await getRepo().galleryForUser(userId, filter({ from: at(1), to: at(3) }));
        expect(ids(range)).toEqual([all[2], all[1]]);
        expect(range.total).toBe(2);
      });

      it('filters by frame shape; a job stored without one is 16:9', async () => {
        const userId = `g-${randomUUID()}`;
        const [wide, tall, square, unshaped] = [
          aJob({ userId, createdAt: at(0), aspectRatio: '16:9' }),
          aJob({ userId, createdAt: at(1), aspectRatio: '9:16' }),
          aJob({ userId, createdAt: at(2), aspectRatio: '1:1' }),
          aJob({ userId, createdAt: at(3), aspectRatio: undefined }),
        ];
        for (const job of [wide, tall, square, unshaped]) await getRepo().insert(job);
        expect(ids(await getRepo().galleryForUser(userId, filter({ aspectRatio: '9:16' })))).toEqual([tall.id]);
        expect(ids(await getRepo().galleryForUser(userId, filter({ aspectRatio: '1:1' })))).toEqual([square.id]);
        expect(ids(await getRepo().galleryForUser(userId, filter({ aspectRatio: '16:9' })))).toEqual([
          unshaped.id,
          wide.id,
        ]);
        expect((await getRepo().galleryForUser(userId, filter())).total).toBe(4);
      });

      it('stars and unstars only the owner’s job, idempotently, without touching its state', async () => {
        const { userId, ids: all } = await seed();
        const before = await getRepo().findById(all[2]!);
        expect((await getRepo().setFavourite(all[2]!, userId, true))?.favourite).toBe(true);
        expect((await getRepo().setFavourite(all[2]!, userId, true))?.favourite).toBe(true);
        await getRepo().setFavourite(all[0]!, userId, true);
        expect(await getRepo().setFavourite(all[1]!, 'someone-else', true)).toBeNull();
        expect(await getRepo().setFavourite(randomUUID(), userId, true)).toBeNull();
        const starred = await getRepo().galleryForUser(userId, filter({ favouritesOnly: true }));
        expect(ids(starred)).toEqual([all[2], all[0]]);
        const after = await getRepo().findById(all[2]!);
        expect({ ...after, favourite: undefined }).toEqual({ ...before, favourite: undefined });
        expect((await getRepo().setFavourite(all[0]!, userId, false))?.favourite).toBe(false);
        expect(ids(await getRepo().galleryForUser(userId, filter({ favouritesOnly: true })))).toEqual([all[2]]);
      });
    });

    it('finds stale sagas and expired leases; discards only RESERVING jobs', async () => {
      const old = new Date(Date.now() - 60_000);
      const saga = aJob({ status: 'RESERVING', updatedAt: old });
      const fresh = aJob({ status: 'RESERVING' });
      const lost = aJob({ status: 'PROCESSING', attempt: 1, leaseOwner: 'w', leaseUntil: old });
      const alive = aJob({
        status: 'PROCESSING',
        attempt: 1,
        leaseOwner: 'w',
        leaseUntil: new Date(Date.now() + 60_000),
      });
      for (const job of [saga, fresh, lost, alive]) await getRepo().insert(job);
      const now = new Date();
      expect((await getRepo().findStale('RESERVING', new Date(now.getTime() - 1_000), 10)).map((j) => j.id)).toEqual([
        saga.id,
      ]);
      expect((await getRepo().findExpiredLeases(now, 10)).map((j) => j.id)).toEqual([lost.id]);
      expect(await getRepo().update(alive.id, { leaseExpiredBefore: now }, { set: { status: 'PENDING' } })).toBeNull();
      expect(
        await getRepo().update(lost.id, { leaseExpiredBefore: now }, { set: { status: 'PENDING' } }),
      ).not.toBeNull();
      expect(await getRepo().discardReserving(lost.id)).toBe(false);
      expect(await getRepo().discardReserving(saga.id)).toBe(true);
      expect(await getRepo().findById(saga.id)).toBeNull();
    });

    it('counts jobs per status: every status present (0 when none), deleted jobs left out', async () => {
      expect(await getRepo().countByStatus()).toEqual({
        RESERVING: 0,
        PENDING: 0,
        PROCESSING: 0,
        COMPLETED: 0,
        FAILED: 0,
        CANCELLED: 0,
      });
      const jobs = [
        aJob({ status: 'RESERVING' }),
        aJob({ status: 'PENDING' }),
        aJob({ status: 'PENDING', userId: 'user-2' }),
        aJob({ status: 'PROCESSING', attempt: 1 }),
        aJob({ status: 'FAILED', attempt: 1 }),
        aJob({ status: 'FAILED', attempt: 1, deletedAt: new Date() }),
      ];
      for (const job of jobs) await getRepo().insert(job);
      expect(await getRepo().countByStatus()).toEqual({
        RESERVING: 1,
        PENDING: 2,
        PROCESSING: 1,
        COMPLETED: 0,
        FAILED: 1,
        CANCELLED: 0,
      });
      // A change of status moves the job from one count to the other.
      await getRepo().update(jobs[3]!.id, { status: ['PROCESSING'] }, { set: { status: 'COMPLETED' } });
      expect(await getRepo().countByStatus()).toMatchObject({ PROCESSING: 0, COMPLETED: 1 });
    });

    it('queue heads: per user the oldest PENDING job, jobs rendering and the latest start; oldest heads first, up to the limit', async () => {
      const base = Date.now() - 600_000;
      const at = (s: number) => new Date(base + s * 1000);
      const deleted = { deletedAt: at(50) };
      const jobs: Job[] = [
        // a: two queued (the older is the head), one rendering, one finished later; a deleted older one is no head.
        aJob({ id: 'a-0', userId: 'a', createdAt: at(0), ...deleted }),
        aJob({ id: 'a-2', userId: 'a', createdAt: at(2) }),
        aJob({ id: 'a-1', userId: 'a', createdAt: at(1) }),
        aJob({ id: 'a-run', userId: 'a', createdAt: at(0), status: 'PROCESSING', attempt: 1, startedAt: at(5) }),
        aJob({ id: 'a-done', userId: 'a', createdAt: at(0), status: 'COMPLETED', attempt: 1, startedAt: at(9) }),
        // b: one queued, never served.
        aJob({ id: 'b-1', userId: 'b', createdAt: at(1.5) }),
        // c: one queued, two rendering; a deleted job's start and a deleted rendering job do not count.
        aJob({ id: 'c-1', userId: 'c', createdAt: at(3) }),
        aJob({ id: 'c-run1', userId: 'c', createdAt: at(0), status: 'PROCESSING', attempt: 1, startedAt: at(4) }),
        aJob({ id: 'c-run2', userId: 'c', createdAt: at(0), status: 'PROCESSING', attempt: 2, startedAt: at(6) }),
        aJob({ id: 'c-gone', userId: 'c', createdAt: at(0), status: 'PROCESSING', startedAt: at(8), ...deleted }),
        // d: nothing queued; e: only a deleted queued job.
        aJob({ id: 'd-run', userId: 'd', createdAt: at(0), status: 'PROCESSING', attempt: 1, startedAt: at(7) }),
        aJob({ id: 'e-0', userId: 'e', createdAt: at(0), ...deleted }),
        // f and g: heads created in the same millisecond, ordered by job id; g-1 and g-2 likewise within g.
        aJob({ id: 'g-2', userId: 'g', createdAt: at(10) }),
        aJob({ id: 'g-1', userId: 'g', createdAt: at(10) }),
        aJob({ id: 'f-1', userId: 'f', createdAt: at(10) }),
        aJob({ id: 'f-done', userId: 'f', createdAt: at(0), status: 'FAILED', attempt: 3, startedAt: null }),
      ];
      for (const job of jobs) await getRepo().insert(job);
      const summary = (heads: QueueHead[]) =>
        heads.map((h) => [h.job.userId, h.job.id, h.job.status, h.running, h.lastStartedAt?.getTime() ?? null]);
      expect(summary(await getRepo().queueHeads(10))).toEqual([
        ['a', 'a-1', 'PENDING', 1, at(9).getTime()],
        ['b', 'b-1', 'PENDING', 0, null],
        ['c', 'c-1', 'PENDING', 2, at(6).getTime()],
        ['f', 'f-1', 'PENDING', 0, null],
        ['g', 'g-1', 'PENDING', 0, null],
      ]);
      expect(summary(await getRepo().queueHeads(2))).toEqual([
        ['a', 'a-1', 'PENDING', 1, at(9).getTime()],
        ['b', 'b-1', 'PENDING', 0, null],
      ]);
      // The head is a whole job (what the claim needs).
      const [head] = await getRepo().queueHeads(1);
      expect(head!.job).toMatchObject({ id: 'a-1', prompt: 'a prompt', attempt: 0, attemptLimit: 3, cost: 3 });
    });

    it('queue heads follow claims: a claimed head gives way to the user’s next job and counts as running', async () => {
      const base = Date.now() - 600_000;
      const first = aJob({ id: 'q-1', userId: 'q', createdAt: new Date(base) });
      const second = aJob({ id: 'q-2', userId: 'q', createdAt: new Date(base + 1000) });
      for (const job of [second, first]) await getRepo().insert(job);
      expect(await getRepo().queueHeads(10)).toEqual([
        expect.objectContaining({ job: expect.objectContaining({ id: 'q-1' }), running: 0, lastStartedAt: null }),
      ]);
      const startedAt = new Date(base + 5000);
      await getRepo().update(
        first.id,
        { status: ['PENDING'], attempt: 0 },
        { set: { status: 'PROCESSING', attempt: 1, startedAt } },
      );
      const [head] = await getRepo().queueHeads(10);
      expect(head).toMatchObject({ job: { id: 'q-2' }, running: 1 });
      expect(head!.lastStartedAt?.getTime()).toBe(startedAt.getTime());
      await getRepo().update(
        second.id,
        { status: ['PENDING'] },
        { set: { status: 'PROCESSING', attempt: 1, startedAt } },
      );
      expect(await getRepo().queueHeads(10)).toEqual([]);
    });
  },
);
