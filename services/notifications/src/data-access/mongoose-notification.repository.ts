import { Schema, type Connection, type Model } from 'mongoose';
import { isDuplicateKeyError, toDbTransientError } from '@kadr/documents';
import type { EmailState, StoredNotification } from '../domain/inbox/notification';
import { emailStateKey } from './email-state-match';
import type { NotificationRepository } from './notification.repository';

type NotificationDocument = Omit<StoredNotification, 'id'> & { _id: string };

const notificationSchema = new Schema<NotificationDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    kind: { type: String, required: true },
    jobId: { type: String, required: true },
    prompt: { type: String, default: '' },
    reason: { type: String, default: null },
    createdAt: { type: Date, required: true },
    readAt: { type: Date, default: null },
    // The e-mail's state machine (see EmailState); its fields depend on the state.
    email: { type: Schema.Types.Mixed, required: true },
  },
  { collection: 'notifications', versionKey: false, id: false, minimize: false },
);
// The inbox read (newest first) and the unread count, per user.
notificationSchema.index({ userId: 1, createdAt: -1 });
// The dispatcher's scan for due e-mails.
notificationSchema.index({ 'email.state': 1, 'email.dueAt': 1 });
notificationSchema.index({ jobId: 1 });

const toNotification = ({ _id, ...rest }: NotificationDocument): StoredNotification => ({
  id: _id,
  ...rest,
  reason: rest.reason ?? null,
  readAt: rest.readAt ?? null,
});

const transient = (operation: string) => (err: unknown) => {
  throw toDbTransientError(err, operation);
};

/** The inbox in the notifications service's own database (distributed mode). */
export class MongooseNotificationRepository implements NotificationRepository {
  private readonly notifications: Model<NotificationDocument>;

  constructor(connection: Connection) {
    this.notifications =
      connection.models.Notification ?? connection.model<NotificationDocument>('Notification', notificationSchema);
  }

  async addIfAbsent(notification: StoredNotification) {
    const { id, ...rest } = notification;
    // Two deliveries racing: the upsert that loses collides on _id, which means "already there".
    const upsertedCount = await this.notifications
      .updateOne({ _id: id }, { $setOnInsert: rest }, { upsert: true })
      .then((result) => result.upsertedCount)
      .catch((err: unknown) => {
        if (isDuplicateKeyError(err)) return 0;
        throw toDbTransientError(err, 'add notification');
      });
    const stored = await this.notifications
      .findById(id)
      .lean<NotificationDocument>()
      .catch(transient('read notification'));
    if (!stored) throw new Error(`notification ${id} vanished right after it was stored`);
    return { notification: toNotification(stored), created: upsertedCount === 1 };
  }

  async find(userId: string, id: string): Promise<StoredNotification | null> {
    const doc = await this.notifications
      .findOne({ _id: id, userId })
      .lean<NotificationDocument>()
      .catch(transient('find notification'));
    return doc ? toNotification(doc) : null;
  }

  async list(userId: string, limit: number): Promise<StoredNotification[]> {
    const docs = await this.notifications
      .find({ userId })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit)
      .lean<NotificationDocument[]>()
      .catch(transient('list notifications'));
    return docs.map(toNotification);
  }

  countUnread(userId: string): Promise<number> {
    return this.notifications.countDocuments({ userId, readAt: null }).catch(transient('count unread'));
  }

  async trim(userId: string, keep: number): Promise<number> {
    const beyond = await this.notifications
      .find({ userId }, { _id: 1 })
      .sort({ createdAt: -1, _id: -1 })
      .skip(keep)
      .lean<{ _id: string }[]>()
      .catch(transient('find old notifications'));
    if (beyond.length === 0) return 0;
    const { deletedCount } = await this.notifications
      .deleteMany({ _id: { $in: beyond.map((d) => d._id) } })
      .catch(transient('trim notifications'));
    return deletedCount;
  }

  async markRead(userId: string, id: string, at: Date): Promise<StoredNotification | null> {
    const updated = await this.notifications
      .findOneAndUpdate({ _id: id, userId, readAt: null }, { $set: { readAt: at } }, { new: true })
      .lean<NotificationDocument>()
      .catch(transient('mark read'));
    return updated ? toNotification(updated) : this.find(userId, id);
  }

  async markAllRead(userId: string, at: Date): Promise<number> {
    const { modifiedCount } = await this.notifications
      .updateMany({ userId, readAt: null }, { $set: { readAt: at } })
      .catch(transient('mark all read'));
    return modifiedCount;
  }

  async dueEmails(now: Date, limit: number): Promise<StoredNotification[]> {
    const docs = await this.notifications
      .find({ 'email.state': 'pending', 'email.dueAt': { $lte: now } })
      .sort({ 'email.dueAt': 1 })
      .limit(limit)
      .lean<NotificationDocument[]>()
      .catch(transient('find due e-mails'));
    return docs.map(toNotification);
  }

  async updateEmail(id: string, expected: EmailState, next: EmailState): Promise<boolean> {
    const key = emailStateKey(expected);
    const filter: Record<string, unknown> = { _id: id, 'email.state': key.state };
    if (expected.state === 'pending') filter['email.dueAt'] = key.at;
    if (expected.state === 'sending') filter['email.claimedAt'] = key.at;
    const { modifiedCount } = await this.notifications
      .updateOne(filter, { $set: { email: next } })
      .catch(transient('update e-mail state'));
    return modifiedCount === 1;
  }

  async deleteForUser(userId: string): Promise<number> {
    const { deletedCount } = await this.notifications.deleteMany({ userId }).catch(transient('delete notifications'));
    return deletedCount;
  }

  async deleteForJob(jobId: string): Promise<number> {
    const { deletedCount } = await this.notifications.deleteMany({ jobId }).catch(transient('delete notifications'));
    return deletedCount;
  }

  async close(): Promise<void> {
    // The connection belongs to the composition root, which closes it.
  }
}
