import { randomUUID } from 'node:crypto';
import { describeRepositoryContract } from '@kadr/documents/testing';
import type { PublicJobStatus } from '@kadr/contracts';
import { jobStepOrder, type JobStatusStep } from '../domain/read-model/job-record';
import type { JobRepository } from './job.repository';
import { MemoryJobRepository } from './memory-job.repository';
import { MongooseJobRepository } from './mongoose-job.repository';

const at = (minute: number) => new Date(Date.parse('2026-03-01T10:00:00.000Z') + minute * 60_000);
/** A step at `minute`. */
const step = (status: PublicJobStatus, minute: number): JobStatusStep => ({
  status,
  at: at(minute),
  order: jobStepOrder({ status, at: at(minute) }),
});

describeRepositoryContract<JobRepository>(
  'admin-jobs',
  {
    memory: async () => {
      const repo = await MemoryJobRepository.create();
      return { repo, cleanup: () => repo.close() };
    },
    mongoose: (connection) =>
      Promise.resolve({ repo: new MongooseJobRepository(connection), cleanup: () => Promise.resolve() }),
  },
  (getRepo) => {
    it('keeps the newest status whatever the arrival order, and redeliveries change nothing', async () => {
      const job = { jobId: randomUUID(), userId: randomUUID() };
      await getRepo().recordStatus(job, step('PROCESSING', 2));
      await getRepo().recordStatus(job, step('PENDING', 1));
      await getRepo().recordStatus(job, step('COMPLETED', 3));
      await getRepo().recordStatus(job, step('PROCESSING', 2));
      expect(await getRepo().find(job.jobId)).toEqual({
        id: job.jobId,
        userId: job.userId,
        status: 'COMPLETED',
        statusAt: at(3),
        statusOrder: step('COMPLETED', 3).order,
        deleted: false,
      });
    });

    it('orders steps of one millisecond by status, whatever the arrival order', async () => {
      const job = { jobId: randomUUID(), userId: randomUUID() };
      await getRepo().recordStatus(job, step('COMPLETED', 2));
      await getRepo().recordStatus(job, step('PROCESSING', 2)); // same millisecond, delivered late
      await getRepo().recordStatus(job, step('PENDING', 2));
      expect(await getRepo().find(job.jobId)).toMatchObject({ status: 'COMPLETED' });
      await getRepo().recordStatus(job, step('PENDING', 3)); // requeued later
      expect(await getRepo().find(job.jobId)).toMatchObject({ status: 'PENDING', statusAt: at(3) });
    });

    it('creates one record when 10 deliveries race, and the newest one wins', async () => {
      const job = { jobId: randomUUID(), userId: randomUUID() };
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => getRepo().recordStatus(job, step(i === 9 ? 'FAILED' : 'PROCESSING', i))),
      );
      expect(await getRepo().find(job.jobId)).toMatchObject({ status: 'FAILED', statusAt: at(9) });
      expect((await getRepo().countsByUser([job.userId])).get(job.userId)?.total).toBe(1);
    });

    it('a deletion is final: no later status brings the job back', async () => {
      const job = { jobId: randomUUID(), userId: randomUUID() };
      await getRepo().recordStatus(job, step('PENDING', 1));
      await getRepo().recordDeletion(job, at(2));
      await getRepo().recordStatus(job, step('COMPLETED', 3));
      expect(await getRepo().find(job.jobId)).toMatchObject({ deleted: true, status: 'PENDING' });
      const early = { jobId: randomUUID(), userId: job.userId };
      await getRepo().recordDeletion(early, at(1)); // deletion seen before the job's creation
      await getRepo().recordStatus(early, step('PENDING', 0));
      expect(await getRepo().find(early.jobId)).toMatchObject({ deleted: true });
      expect(await getRepo().countsByUser([job.userId])).toEqual(new Map());
    });

    it("counts each user's jobs by status, deleted ones left out", async () => {
      const a = randomUUID();
      const b = randomUUID();
      const seed = [
        [a, 'COMPLETED'],
        [a, 'COMPLETED'],
        [a, 'FAILED'],
        [a, 'PENDING'],
        [a, 'PROCESSING'],
        [b, 'PENDING'],
      ] as const;
      for (const [userId, status] of seed)
        await getRepo().recordStatus({ jobId: randomUUID(), userId }, step(status, 1));
      await getRepo().recordDeletion({ jobId: randomUUID(), userId: a }, at(1));
      const counts = await getRepo().countsByUser([a, b, randomUUID()]);
      expect(counts.get(a)).toEqual({ total: 5, completed: 2, failed: 1, active: 2 });
      expect(counts.get(b)).toEqual({ total: 1, completed: 0, failed: 0, active: 1 });
      expect(counts.size).toBe(2);
      expect(await getRepo().countsByUser([])).toEqual(new Map());
    });

    it("deletes every record of a user and nobody else's", async () => {
      const a = randomUUID();
      const b = randomUUID();
      await getRepo().recordStatus({ jobId: randomUUID(), userId: a }, step('PENDING', 1));
      await getRepo().recordDeletion({ jobId: randomUUID(), userId: a }, at(1));
      const kept = { jobId: randomUUID(), userId: b };
      await getRepo().recordStatus(kept, step('PENDING', 1));
      expect(await getRepo().deleteByUser(a)).toBe(2);
      expect(await getRepo().deleteByUser(a)).toBe(0);
      expect(await getRepo().find(kept.jobId)).not.toBeNull();
    });
  },
);
