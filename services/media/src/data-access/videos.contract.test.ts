import { randomUUID } from 'node:crypto';
import { describeRepositoryContract } from '@kadr/documents/testing';
import type { VideoRecord } from '../domain/videos/video';
import { MemoryVideoRepository } from './memory-video.repository';
import { MongooseVideoRepository } from './mongoose-video.repository';
import type { VideoRepository } from './video.repository';

const BASE = Date.parse('2026-03-01T10:00:00.000Z');

function video(userId: string, minute: number, jobId: string = randomUUID()): VideoRecord {
  return {
    id: randomUUID(),
    jobId,
    userId,
    createdAt: new Date(BASE + minute * 60_000),
    filename: `video-${jobId}.mp4`,
    type: 'video/mp4',
    durationSeconds: 5.04,
    width: 1280,
    height: 720,
    sizeBytes: 123_456,
    videoKey: `users/${userId}/jobs/${jobId}/video.mp4`,
    thumbnailKey: `users/${userId}/jobs/${jobId}/thumbnail.jpg`,
  };
}

describeRepositoryContract<VideoRepository>(
  'videos',
  {
    memory: async () => {
      const repo = await MemoryVideoRepository.create();
      return { repo, cleanup: () => repo.close() };
    },
    mongoose: (connection) =>
      Promise.resolve({ repo: new MongooseVideoRepository(connection), cleanup: () => Promise.resolve() }),
  },
  (getRepo) => {
    /** `count` videos of one user, one minute apart (minute 0 is the oldest). */
    async function seed(userId: string, count: number): Promise<VideoRecord[]> {
      const videos = Array.from({ length: count }, (_, i) => video(userId, i));
      for (const v of videos) await getRepo().insertIfAbsent(v);
      return videos;
    }
    const newestFirst = (videos: VideoRecord[]) => [...videos].reverse().map((v) => v.jobId);
    const jobIds = (page: { items: VideoRecord[] }) => page.items.map((v) => v.jobId);

    it('stores a record and finds it by job id, every field intact', async () => {
      const v = video(randomUUID(), 0);
      expect(await getRepo().insertIfAbsent(v)).toEqual({ video: v, inserted: true });
      expect(await getRepo().findByJobId(v.jobId)).toEqual(v);
      expect(await getRepo().findByJobId(randomUUID())).toBeNull();
    });

    it('keeps the first record of a job: a second insert (other id, other numbers) changes nothing', async () => {
      const first = video(randomUUID(), 0);
      await getRepo().insertIfAbsent(first);
      const again = { ...video(first.userId, 5, first.jobId), width: 1 };
      expect(await getRepo().insertIfAbsent(again)).toEqual({ video: first, inserted: false });
      expect(await getRepo().findByJobId(first.jobId)).toEqual(first);
    });

    it('inserts exactly one record when 10 deliveries of one job race', async () => {
      const userId = randomUUID();
      const jobId = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => getRepo().insertIfAbsent(video(userId, i, jobId))),
      );
      expect(results.filter((r) => r.inserted)).toHaveLength(1);
      expect(new Set(results.map((r) => r.video.id)).size).toBe(1);
      expect((await getRepo().listByUser(userId, { skip: 0, limit: 48 })).total).toBe(1);
    });

    it("lists only the user's records, newest first, ties by job id descending", async () => {
      const userId = randomUUID();
      const mine = await seed(userId, 3);
      await seed(randomUUID(), 2);
      const tiedA = video(userId, 10, `a-${randomUUID()}`);
      const tiedB = video(userId, 10, `b-${randomUUID()}`);
      await getRepo().insertIfAbsent(tiedA);
      await getRepo().insertIfAbsent(tiedB);
      const page = await getRepo().listByUser(userId, { skip: 0, limit: 48 });
      expect(page.total).toBe(5);
      expect(jobIds(page)).toEqual([tiedB.jobId, tiedA.jobId, ...newestFirst(mine)]);
    });

    it('pages exactly 12 records: one full page, the next one empty', async () => {
      const userId = randomUUID();
      const all = newestFirst(await seed(userId, 12));
      const first = await getRepo().listByUser(userId, { skip: 0, limit: 12 });
      expect(first.total).toBe(12);
      expect(jobIds(first)).toEqual(all);
      const second = await getRepo().listByUser(userId, { skip: 12, limit: 12 });
      expect(second).toEqual({ items: [], total: 12 });
    });

    it('pages 13 records as 12 + 1', async () => {
      const userId = randomUUID();
      const all = newestFirst(await seed(userId, 13));
      const first = await getRepo().listByUser(userId, { skip: 0, limit: 12 });
      const second = await getRepo().listByUser(userId, { skip: 12, limit: 12 });
      expect(jobIds(first)).toEqual(all.slice(0, 12));
      expect(jobIds(second)).toEqual(all.slice(12));
      expect([first.total, second.total]).toEqual([13, 13]);
    });

    it('pages 24 records as two full pages, and a page past the end is empty with the right total', async () => {
      const userId = randomUUID();
      const all = newestFirst(await seed(userId, 24));
      const pages = await Promise.all(
        [0, 12, 24, 120].map((skip) => getRepo().listByUser(userId, { skip, limit: 12 })),
      );
      expect(pages.map(jobIds)).toEqual([all.slice(0, 12), all.slice(12, 24), [], []]);
      expect(pages.map((p) => p.total)).toEqual([24, 24, 24, 24]);
    });

    it('deletes one job and returns its record once', async () => {
      const v = video(randomUUID(), 0);
      await getRepo().insertIfAbsent(v);
      expect(await getRepo().deleteByJobId(v.jobId)).toEqual(v);
      expect(await getRepo().deleteByJobId(v.jobId)).toBeNull();
      expect(await getRepo().findByJobId(v.jobId)).toBeNull();
    });

    it("deletes every record of a user and nobody else's", async () => {
      const userId = randomUUID();
      const otherId = randomUUID();
      await seed(userId, 4);
      const others = await seed(otherId, 2);
      expect(await getRepo().deleteByUser(userId)).toBe(4);
      expect(await getRepo().deleteByUser(userId)).toBe(0);
      expect(await getRepo().listByUser(userId, { skip: 0, limit: 12 })).toEqual({ items: [], total: 0 });
      expect(jobIds(await getRepo().listByUser(otherId, { skip: 0, limit: 12 }))).toEqual(newestFirst(others));
    });
  },
);
