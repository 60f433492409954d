import { MemoryCollection, type PersistenceOptions } from '@kadr/documents';
import type { EmailState, StoredNotification } from '../domain/inbox/notification';
import { sameEmailState } from './email-state-match';
import type { NotificationRepository } from './notification.repository';

const newestFirst = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1);

/** Embedded mode: the inbox in memory, persisted under DATA_DIR when given. */
export class MemoryNotificationRepository implements NotificationRepository {
  private constructor(private readonly notifications: MemoryCollection<StoredNotification>) {}

  static async create(persistence: PersistenceOptions = {}): Promise<MemoryNotificationRepository> {
    return new MemoryNotificationRepository(
      await MemoryCollection.open<StoredNotification>({ name: 'notifications', ...persistence }),
    );
  }

  async addIfAbsent(notification: StoredNotification) {
    const { doc, inserted } = await this.notifications.upsertOne((n) => n.id === notification.id, {
      insert: () => notification,
    });
    return { notification: doc, created: inserted };
  }

  async find(userId: string, id: string): Promise<StoredNotification | null> {
    const found = await this.notifications.findById(id);
    return found && found.userId === userId ? found : null;
  }

  list(userId: string, limit: number): Promise<StoredNotification[]> {
    return this.notifications.find((n) => n.userId === userId, { sort: newestFirst, limit });
  }

  countUnread(userId: string): Promise<number> {
    return this.notifications.count((n) => n.userId === userId && n.readAt === null);
  }

  async trim(userId: string, keep: number): Promise<number> {
    const beyond = await this.notifications.find((n) => n.userId === userId, { sort: newestFirst, skip: keep });
    const ids = new Set(beyond.map((n) => n.id));
    return ids.size === 0 ? 0 : this.notifications.deleteMany((n) => ids.has(n.id));
  }

  async markRead(userId: string, id: string, at: Date): Promise<StoredNotification | null> {
    const updated = await this.notifications.updateOne(
      id,
      (n) => n.userId === userId && n.readAt === null,
      (n) => {
        n.readAt = at;
      },
    );
    return updated ?? this.find(userId, id);
  }

  async markAllRead(userId: string, at: Date): Promise<number> {
    const unread = await this.notifications.find((n) => n.userId === userId && n.readAt === null);
    let changed = 0;
    for (const n of unread) {
      const updated = await this.notifications.updateOne(
        n.id,
        (stored) => stored.readAt === null,
        (draft) => {
          draft.readAt = at;
        },
      );
      if (updated) changed += 1;
    }
    return changed;
  }

  dueEmails(now: Date, limit: number): Promise<StoredNotification[]> {
    return this.notifications.find((n) => n.email.state === 'pending' && n.email.dueAt.getTime() <= now.getTime(), {
      sort: (a, b) =>
        (a.email.state === 'pending' ? a.email.dueAt.getTime() : 0) -
        (b.email.state === 'pending' ? b.email.dueAt.getTime() : 0),
      limit,
    });
  }

  async updateEmail(id: string, expected: EmailState, next: EmailState): Promise<boolean> {
    const updated = await this.notifications.updateOne(
      id,
      (n) => sameEmailState(n.email, expected),
      (draft) => {
        draft.email = next;
      },
    );
    return updated !== null;
  }

  deleteForUser(userId: string): Promise<number> {
    return this.notifications.deleteMany((n) => n.userId === userId);
  }

  deleteForJob(jobId: string): Promise<number> {
    return this.notifications.deleteMany((n) => n.jobId === jobId);
  }

  close(): Promise<void> {
    return this.notifications.close();
  }
}
