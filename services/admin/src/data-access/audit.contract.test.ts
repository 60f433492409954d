import { randomUUID } from 'node:crypto';
import { describeRepositoryContract } from '@kadr/documents/testing';
import type { LogEntryRecord } from '../domain/audit/log-entry';
import type { LogRepository } from './log.repository';
import { MemoryLogRepository } from './memory-log.repository';
import { MongooseLogRepository } from './mongoose-log.repository';

const at = (minute: number) => new Date(Date.parse('2026-03-01T10:00:00.000Z') + minute * 60_000);

const entry = (fields: Partial<LogEntryRecord> & { minute: number }): LogEntryRecord => {
  const { minute, ...rest } = fields;
  return {
    id: randomUUID(),
    kind: 'admin_action',
    action: 'jobs.requeue',
    actorId: 'admin-1',
    targetId: 'job-1',
    userId: null,
    at: at(minute),
    outcome: 'success',
    correlationId: 'corr-1',
    detail: {},
    ...rest,
  };
};

describeRepositoryContract<LogRepository>(
  'admin-audit',
  {
    memory: async () => {
      const repo = await MemoryLogRepository.create();
      return { repo, cleanup: () => repo.close() };
    },
    mongoose: (connection) =>
      Promise.resolve({ repo: new MongooseLogRepository(connection), cleanup: () => Promise.resolve() }),
  },
  (getRepo) => {
    const ids = (page: { items: LogEntryRecord[] }) => page.items.map((e) => e.id);

    it('appends an entry once, every field intact; a second append of its id is refused', async () => {
      const e = entry({ minute: 1, detail: { reason: 'not_found', status: 404, force: true, note: null } });
      expect(await getRepo().append(e)).toBe(true);
      expect(await getRepo().append({ ...e, action: 'other' })).toBe(false);
      expect((await getRepo().query({ skip: 0, take: 10 })).items).toEqual([e]);
    });

    it('filters by action, user (actor or subject), kind and an inclusive time range, newest first', async () => {
      const user = randomUUID();
      const a = entry({ minute: 1, action: 'users.delete', userId: user, targetId: user });
      const b = entry({ minute: 2, action: 'jobs.requeue' });
      const c = entry({ minute: 3, kind: 'system_event', action: 'job.failed', actorId: null, userId: user });
      const d = entry({ minute: 4, action: 'users.list', actorId: user });
      for (const e of [a, b, c, d]) await getRepo().append(e);
      const q = (extra: object) => getRepo().query({ skip: 0, take: 50, ...extra });
      expect(ids(await q({}))).toEqual([d.id, c.id, b.id, a.id]);
      expect(ids(await q({ action: 'users.delete' }))).toEqual([a.id]);
      expect(ids(await q({ userId: user }))).toEqual([d.id, c.id, a.id]);
      expect(ids(await q({ kind: 'system_event' }))).toEqual([c.id]);
      expect(ids(await q({ from: at(2), to: at(3) }))).toEqual([c.id, b.id]);
      expect(ids(await q({ from: at(4) }))).toEqual([d.id]);
      expect(ids(await q({ to: at(1) }))).toEqual([a.id]);
      expect((await q({ userId: user, kind: 'admin_action' })).total).toBe(2);
    });

    it('pages with skip and take and counts every match; a page past the end is empty', async () => {
      const entries = Array.from({ length: 5 }, (_, i) => entry({ minute: i }));
      for (const e of entries) await getRepo().append(e);
      const newest = [...entries].reverse().map((e) => e.id);
      const pages = await Promise.all([0, 2, 4, 9].map((skip) => getRepo().query({ skip, take: 2 })));
      expect(pages.map(ids)).toEqual([newest.slice(0, 2), newest.slice(2, 4), newest.slice(4), []]);
      expect(pages.map((p) => p.total)).toEqual([5, 5, 5, 5]);
    });

    it("removes a user's system events and keeps the administrators' actions", async () => {
      const user = randomUUID();
      const action = entry({ minute: 1, action: 'users.delete', userId: user });
      await getRepo().append(action);
      await getRepo().append(entry({ minute: 2, kind: 'system_event', action: 'payment.completed', userId: user }));
      await getRepo().append(entry({ minute: 3, kind: 'system_event', action: 'job.failed', userId: user }));
      const other = entry({ minute: 4, kind: 'system_event', action: 'job.failed', userId: randomUUID() });
      await getRepo().append(other);
      expect(await getRepo().deleteSystemEventsOf(user)).toBe(2);
      expect(ids(await getRepo().query({ skip: 0, take: 10 }))).toEqual([other.id, action.id]);
    });
  },
);
