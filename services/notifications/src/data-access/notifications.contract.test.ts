import { randomUUID } from 'node:crypto';
import { describeRepositoryContract } from '@kadr/documents/testing';
import type { StoredNotification } from '../domain/inbox/notification';
import { MemoryNotificationRepository } from './memory-notification.repository';
import { MongooseNotificationRepository } from './mongoose-notification.repository';
import type { NotificationRepository } from './notification.repository';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 1, 12, 0, seconds));

function notificationOf(
  userId: string,
  seconds: number,
  overrides: Partial<StoredNotification> = {},
): StoredNotification {
  const id = randomUUID();
  return {
    id,
    userId,
    kind: 'job_completed',
    jobId: id,
    prompt: 'A fox in the snow',
    reason: null,
    createdAt: at(seconds),
    readAt: null,
    email: { state: 'pending', dueAt: at(seconds), attempts: 0 },
    ...overrides,
  };
}

describeRepositoryContract<NotificationRepository>(
  'notifications',
  {
    memory: async () => {
      const repo = await MemoryNotificationRepository.create();
      return { repo, cleanup: () => repo.close() };
    },
    mongoose: (connection) =>
      Promise.resolve({ repo: new MongooseNotificationRepository(connection), cleanup: () => Promise.resolve() }),
  },
  (getRepo) => {
    it('adds a notification once, also when ten deliveries race', async () => {
      const userId = randomUUID();
      const n = notificationOf(userId, 1);
      const results = await Promise.all(Array.from({ length: 10 }, () => getRepo().addIfAbsent(n)));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      for (const r of results) expect(r.notification).toEqual(n);
      expect(await getRepo().list(userId, 50)).toEqual([n]);
    });

    it('lists the newest first, counts unread, and trims to the newest N', async () => {
      const userId = randomUUID();
      const other = notificationOf(randomUUID(), 9);
      await getRepo().addIfAbsent(other);
      const mine = [3, 1, 5, 2, 4].map((s) => notificationOf(userId, s));
      for (const n of mine) await getRepo().addIfAbsent(n);
      expect((await getRepo().list(userId, 50)).map((n) => n.createdAt)).toEqual([5, 4, 3, 2, 1].map(at));
      expect((await getRepo().list(userId, 2)).map((n) => n.createdAt)).toEqual([5, 4].map(at));
      expect(await getRepo().countUnread(userId)).toBe(5);
      expect(await getRepo().trim(userId, 3)).toBe(2);
      expect((await getRepo().list(userId, 50)).map((n) => n.createdAt)).toEqual([5, 4, 3].map(at));
      expect(await getRepo().trim(userId, 3)).toBe(0);
      expect(await getRepo().list(other.userId, 50)).toEqual([other]);
    });

    it("marks one read once, only the owner's, and all read", async () => {
      const userId = randomUUID();
      const [a, b] = [notificationOf(userId, 1), notificationOf(userId, 2)];
      await getRepo().addIfAbsent(a);
      await getRepo().addIfAbsent(b);
      expect(await getRepo().markRead(randomUUID(), a.id, at(10))).toBeNull();
      expect((await getRepo().markRead(userId, a.id, at(10)))?.readAt).toEqual(at(10));
      expect((await getRepo().markRead(userId, a.id, at(20)))?.readAt).toEqual(at(10));
      expect(await getRepo().find(userId, 'missing')).toBeNull();
      expect(await getRepo().countUnread(userId)).toBe(1);
      expect(await getRepo().markAllRead(userId, at(30))).toBe(1);
      expect(await getRepo().markAllRead(userId, at(40))).toBe(0);
      expect(await getRepo().countUnread(userId)).toBe(0);
      expect((await getRepo().find(userId, b.id))?.readAt).toEqual(at(30));
    });

    it('finds due e-mails and lets exactly one of many claim each', async () => {
      const userId = randomUUID();
      const due = notificationOf(userId, 1);
      const later = notificationOf(userId, 50);
      await getRepo().addIfAbsent(due);
      await getRepo().addIfAbsent(later);
      const found = (await getRepo().dueEmails(at(10), 100)).filter((n) => n.userId === userId);
      expect(found.map((n) => n.id)).toEqual([due.id]);
      const claims = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          getRepo().updateEmail(due.id, due.email, { state: 'sending', claimedAt: at(11 + i), attempts: 1 }),
        ),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect((await getRepo().dueEmails(at(10), 100)).filter((n) => n.userId === userId)).toEqual([]);
      const claimed = (await getRepo().find(userId, due.id))!.email;
      expect(claimed.state).toBe('sending');
      // A stale "pending" no longer matches; the claim's own state does.
      expect(await getRepo().updateEmail(due.id, due.email, { state: 'failed', at: at(12), attempts: 1 })).toBe(false);
      expect(
        await getRepo().updateEmail(due.id, claimed, { state: 'sent', sentAt: at(13), messageId: 'job-x@kadr' }),
      ).toBe(true);
      expect((await getRepo().find(userId, due.id))!.email).toEqual({
        state: 'sent',
        sentAt: at(13),
        messageId: 'job-x@kadr',
      });
    });

    it('reschedules a pending e-mail only from the state it read', async () => {
      const userId = randomUUID();
      const n = notificationOf(userId, 1);
      await getRepo().addIfAbsent(n);
      const moved = { state: 'pending' as const, dueAt: at(40), attempts: 0 };
      expect(await getRepo().updateEmail(n.id, n.email, moved)).toBe(true);
      expect(await getRepo().updateEmail(n.id, n.email, { ...moved, dueAt: at(50) })).toBe(false);
      expect((await getRepo().dueEmails(at(39), 100)).some((d) => d.id === n.id)).toBe(false);
      expect((await getRepo().dueEmails(at(40), 100)).some((d) => d.id === n.id)).toBe(true);
    });

    it("deletes a job's notification and all of a user's", async () => {
      const userId = randomUUID();
      const [a, b] = [notificationOf(userId, 1), notificationOf(userId, 2)];
      const other = notificationOf(randomUUID(), 3);
      for (const n of [a, b, other]) await getRepo().addIfAbsent(n);
      expect(await getRepo().deleteForJob(a.jobId)).toBe(1);
      expect((await getRepo().list(userId, 50)).map((n) => n.id)).toEqual([b.id]);
      expect(await getRepo().deleteForUser(userId)).toBe(1);
      expect(await getRepo().list(userId, 50)).toEqual([]);
      expect(await getRepo().list(other.userId, 50)).toEqual([other]);
    });
  },
);
