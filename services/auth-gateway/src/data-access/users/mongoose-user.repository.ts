import { OUTBOX_ENTRY_FIELDS, type OutboxStats } from '@kadr/outbox';
import { Schema, type Connection, type Model } from 'mongoose';
import { arrayElementStats, isDuplicateKeyError, toDbTransientError } from '@kadr/documents';
import type { OutboxEntry, User } from '../../domain/identity/user';
import type { PendingOutbox, SignInUpdate, UserRepository } from './user.repository';

interface UserDocument extends Omit<User, 'id'> {
  _id: string;
}

const outboxEntrySchema = new Schema<OutboxEntry>(
  {
    ...OUTBOX_ENTRY_FIELDS,
    createdAt: { type: Date, required: true },
  },
  { _id: false, id: false },
);

const userSchema = new Schema<UserDocument>(
  {
    _id: { type: String, required: true },
    issuer: { type: String, required: true },
    subject: { type: String, required: true },
    email: { type: String, required: true },
    emailVerified: { type: Boolean, required: true },
    name: { type: String, default: '' },
    tenantId: { type: String, default: null },
    roles: { type: [String], required: true },
    createdAt: { type: Date, required: true },
    lastLoginAt: { type: Date, required: true },
    outbox: { type: [outboxEntrySchema], default: [] },
  },
  { collection: 'users', versionKey: false, id: false },
);
// The identity is unique: it is what makes a first sign-in create exactly one user under concurrency.
userSchema.index({ issuer: 1, subject: 1 }, { unique: true });

function toUser({ _id, ...rest }: UserDocument): User {
  return {
    id: _id,
    ...rest,
    name: rest.name ?? '',
    tenantId: rest.tenantId ?? null,
    outbox: rest.outbox ?? [],
  };
}

/** The users collection in the gateway's own MongoDB database (distributed mode). */
export class MongooseUserRepository implements UserRepository {
  private readonly users: Model<UserDocument>;

  constructor(connection: Connection) {
    this.users = connection.models.User ?? connection.model<UserDocument>('User', userSchema);
  }

  async findById(id: string): Promise<User | null> {
    try {
      const doc = await this.users.findById(id).lean<UserDocument>();
      return doc ? toUser(doc) : null;
    } catch (err) {
      throw toDbTransientError(err, 'users.findById');
    }
  }

  async findByIdentity(issuer: string, subject: string): Promise<User | null> {
    try {
      const doc = await this.users.findOne({ issuer, subject }).lean<UserDocument>();
      return doc ? toUser(doc) : null;
    } catch (err) {
      throw toDbTransientError(err, 'users.findByIdentity');
    }
  }

  async insertIfAbsent(user: User): Promise<{ user: User; created: boolean }> {
    const { id, ...fields } = user;
    try {
      // Insert-or-read rather than an upsert: FerretDB 1.24 drops empty arrays from `$setOnInsert`.
      await this.users.create({ _id: id, ...fields });
      return { user, created: true };
    } catch (err) {
      if (isDuplicateKeyError(err)) {
        const existing = await this.findByIdentity(user.issuer, user.subject);
        if (existing) return { user: existing, created: false };
      }
      throw toDbTransientError(err, 'users.insertIfAbsent');
    }
  }

  async recordSignIn(id: string, update: SignInUpdate): Promise<User | null> {
    try {
      const doc = await this.users
        .findOneAndUpdate({ _id: id }, { $set: { ...update } }, { returnDocument: 'after' })
        .lean<UserDocument>();
      return doc ? toUser(doc) : null;
    } catch (err) {
      throw toDbTransientError(err, 'users.recordSignIn');
    }
  }

  async delete(id: string): Promise<boolean> {
    try {
      const result = await this.users.deleteOne({ _id: id });
      return result.deletedCount > 0;
    } catch (err) {
      throw toDbTransientError(err, 'users.delete');
    }
  }

  async takeOutbox(limit: number): Promise<PendingOutbox[]> {
    try {
      const docs = await this.users
        .find({ 'outbox.0': { $exists: true } }, { outbox: 1 })
        .limit(limit)
        .lean<Pick<UserDocument, '_id' | 'outbox'>[]>();
      return docs.map((doc) => ({ userId: doc._id, entries: doc.outbox }));
    } catch (err) {
      throw toDbTransientError(err, 'users.takeOutbox');
    }
  }

  async removeFromOutbox(userId: string, entryIds: readonly string[]): Promise<void> {
    try {
      // `$pullAll` of the exact entries (read first) instead of `$pull: { outbox: { id: { $in } } }`,
      // which FerretDB 1.24 silently ignores. Pulling exact copies is idempotent and leaves entries
      // pushed in the meantime alone.
      const doc = await this.users.findById(userId, { outbox: 1 }).lean<Pick<UserDocument, '_id' | 'outbox'>>();
      const published = doc?.outbox.filter((entry) => entryIds.includes(entry.id)) ?? [];
      if (published.length === 0) return;
      await this.users.updateOne({ _id: userId }, { $pullAll: { outbox: published } });
    } catch (err) {
      throw toDbTransientError(err, 'users.removeFromOutbox');
    }
  }

  async outboxStats(): Promise<OutboxStats> {
    try {
      const { count, earliest } = await arrayElementStats(this.users, 'outbox', 'createdAt');
      return { pending: count, oldestAt: earliest };
    } catch (err) {
      throw toDbTransientError(err, 'users.outboxStats');
    }
  }
}
