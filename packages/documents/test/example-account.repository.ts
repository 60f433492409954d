/**
 * An example repository showing the pattern every service follows: one interface, a mongoose
 * implementation and a memory implementation, each invariant protected by ONE conditional
 * single-document update whose filter encodes the precondition, with the events the change
 * causes pushed to the document's `outbox` in that same update (no transactions anywhere).
 */
import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { MemoryCollection, isDuplicateKeyError, toDbTransientError } from '../src';
import type { PersistenceOptions } from '../src';

export interface Hold {
  holdId: string;
  amount: number;
  createdAt: Date;
}

export interface OutboxEvent {
  id: string;
  type: 'account.opened' | 'credits.held' | 'credits.released';
  userId: string;
  amount: number;
  holdId?: string;
  occurredAt: Date;
}

export interface Account {
  id: string;
  userId: string;
  balance: number;
  held: number;
  /**
   * Always `balance - held`, stored so "enough credits" is a plain filter (`available >= amount`)
   * instead of `$expr`, which FerretDB does not support in update filters.
   */
  available: number;
  /** Holds currently open. */
  holds: Hold[];
  /**
   * Ids of holds already released: a hold id is used once (one hold per job), so a late
   * duplicate of a `hold` after its release cannot take the credits again. (A real service
   * trims this list; `$pull` of a scalar works everywhere.)
   */
  settledHoldIds: string[];
  /** Events not yet published by the relay. */
  outbox: OutboxEvent[];
  createdAt: Date;
  updatedAt: Date;
}

export interface PendingOutbox {
  userId: string;
  events: OutboxEvent[];
}

export interface AccountRepository {
  /** Idempotent: a second call returns the existing account unchanged. */
  open(userId: string, initialBalance: number): Promise<Account>;
  get(userId: string): Promise<Account | null>;
  /** Null unless available ≥ amount and `holdId` has never been held on this account (or there is no account). */
  hold(userId: string, holdId: string, amount: number): Promise<Account | null>;
  /** Null unless `holdId` is currently held. */
  release(userId: string, holdId: string): Promise<Account | null>;
  /** Accounts with unpublished events, up to `limit` accounts. */
  takeOutbox(limit: number): Promise<PendingOutbox[]>;
  /** Removes published events (by id) from the account's outbox. */
  removeFromOutbox(userId: string, eventIds: readonly string[]): Promise<void>;
}

function event(type: OutboxEvent['type'], userId: string, amount: number, at: Date, holdId?: string): OutboxEvent {
  return { id: randomUUID(), type, userId, amount, ...(holdId === undefined ? {} : { holdId }), occurredAt: at };
}

function newAccount(userId: string, initialBalance: number, now: Date): Account {
  return {
    id: randomUUID(),
    userId,
    balance: initialBalance,
    held: 0,
    available: initialBalance,
    holds: [],
    settledHoldIds: [],
    outbox: [event('account.opened', userId, initialBalance, now)],
    createdAt: now,
    updatedAt: now,
  };
}

// ---------------------------------------------------------------- memory

export class MemoryAccountRepository implements AccountRepository {
  private constructor(private readonly accounts: MemoryCollection<Account>) {}

  static async create(persistence: PersistenceOptions = {}): Promise<MemoryAccountRepository> {
    return new MemoryAccountRepository(
      await MemoryCollection.open<Account>({ name: 'accounts', unique: ['userId'], ...persistence }),
    );
  }

  async open(userId: string, initialBalance: number): Promise<Account> {
    const { doc } = await this.accounts.upsertOne((a) => a.userId === userId, {
      insert: () => newAccount(userId, initialBalance, new Date()),
    });
    return doc;
  }

  get(userId: string): Promise<Account | null> {
    return this.accounts.findOne((a) => a.userId === userId);
  }

  hold(userId: string, holdId: string, amount: number): Promise<Account | null> {
    return this.accounts.updateOne(
      (a) => a.userId === userId,
      (a) => a.available >= amount && !a.holds.some((h) => h.holdId === holdId) && !a.settledHoldIds.includes(holdId),
      (a) => {
        const now = new Date();
        a.held += amount;
        a.available -= amount;
        a.holds.push({ holdId, amount, createdAt: now });
        a.outbox.push(event('credits.held', userId, amount, now, holdId));
        a.updatedAt = now;
      },
    );
  }

  release(userId: string, holdId: string): Promise<Account | null> {
    return this.accounts.updateOne(
      (a) => a.userId === userId,
      (a) => a.holds.some((h) => h.holdId === holdId),
      (a) => {
        const now = new Date();
        const amount = a.holds.find((h) => h.holdId === holdId)!.amount;
        a.held -= amount;
        a.available += amount;
        a.holds = a.holds.filter((h) => h.holdId !== holdId);
        a.settledHoldIds.push(holdId);
        a.outbox.push(event('credits.released', userId, amount, now, holdId));
        a.updatedAt = now;
      },
    );
  }

  async takeOutbox(limit: number): Promise<PendingOutbox[]> {
    const accounts = await this.accounts.find((a) => a.outbox.length > 0, { limit });
    return accounts.map((a) => ({ userId: a.userId, events: a.outbox }));
  }

  async removeFromOutbox(userId: string, eventIds: readonly string[]): Promise<void> {
    await this.accounts.updateOne(
      (a) => a.userId === userId,
      null,
      (a) => {
        a.outbox = a.outbox.filter((e) => !eventIds.includes(e.id));
      },
    );
  }

  close(): Promise<void> {
    return this.accounts.close();
  }
}

// ---------------------------------------------------------------- mongoose

interface AccountDocument extends Omit<Account, 'id'> {
  _id: string;
}

const holdSchema = new Schema<Hold>(
  { holdId: { type: String, required: true }, amount: { type: Number, required: true }, createdAt: Date },
  { _id: false },
);

const outboxEventSchema = new Schema<OutboxEvent>(
  {
    id: { type: String, required: true },
    type: { type: String, required: true },
    userId: { type: String, required: true },
    amount: { type: Number, required: true },
    holdId: String,
    occurredAt: { type: Date, required: true },
  },
  { _id: false, id: false },
);

const accountSchema = new Schema<AccountDocument>(
  {
    _id: { type: String, required: true },
    // The unique index is what makes `open` idempotent under concurrency.
    userId: { type: String, required: true, unique: true },
    balance: { type: Number, required: true },
    held: { type: Number, required: true },
    available: { type: Number, required: true },
    holds: { type: [holdSchema], default: [] },
    settledHoldIds: { type: [String], default: [] },
    outbox: { type: [outboxEventSchema], default: [] },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'accounts', versionKey: false, id: false },
);

function toAccount({ _id, ...rest }: AccountDocument): Account {
  return { id: _id, ...rest };
}

export class MongooseAccountRepository implements AccountRepository {
  private readonly accounts: Model<AccountDocument>;

  constructor(connection: Connection) {
    this.accounts = connection.model<AccountDocument>('Account', accountSchema);
  }

  async open(userId: string, initialBalance: number): Promise<Account> {
    const account = newAccount(userId, initialBalance, new Date());
    const { id, ...fields } = account;
    try {
      // Insert-or-read rather than an upsert: FerretDB 1.24 drops empty arrays from `$setOnInsert`.
      await this.accounts.create({ _id: id, ...fields });
      return account;
    } catch (err) {
      // The unique index on userId lets exactly one concurrent open insert; the others read its account.
      if (isDuplicateKeyError(err)) {
        const existing = await this.get(userId);
        if (existing) return existing;
      }
      throw toDbTransientError(err, 'accounts.open');
    }
  }

  async get(userId: string): Promise<Account | null> {
    try {
      const doc = await this.accounts.findOne({ userId }).lean();
      return doc ? toAccount(doc) : null;
    } catch (err) {
      throw toDbTransientError(err, 'accounts.get');
    }
  }

  async hold(userId: string, holdId: string, amount: number): Promise<Account | null> {
    const now = new Date();
    try {
      const doc = await this.accounts
        .findOneAndUpdate(
          // The whole precondition is in the filter, so check and change are one atomic step.
          // (`$nor` rather than `'holds.holdId': { $ne }`, which FerretDB 1.24 evaluates wrongly.)
          { userId, available: { $gte: amount }, $nor: [{ 'holds.holdId': holdId }], settledHoldIds: { $ne: holdId } },
          {
            $inc: { held: amount, available: -amount },
            $push: {
              holds: { holdId, amount, createdAt: now },
              outbox: event('credits.held', userId, amount, now, holdId),
            },
            $set: { updatedAt: now },
          },
          { returnDocument: 'after', lean: true },
        )
        .exec();
      return doc ? toAccount(doc) : null;
    } catch (err) {
      throw toDbTransientError(err, 'accounts.hold');
    }
  }

  async release(userId: string, holdId: string): Promise<Account | null> {
    try {
      // The amount to give back comes from the hold itself. Reading it first is safe because a
      // hold id is used once: the hold matched by the filter below can only be the one read here,
      // and a concurrent release makes the filter miss (this call then returns null).
      const hold = (await this.get(userId))?.holds.find((h) => h.holdId === holdId);
      if (!hold) return null;
      const now = new Date();
      const doc = await this.accounts
        .findOneAndUpdate(
          { userId, 'holds.holdId': holdId },
          {
            $inc: { held: -hold.amount, available: hold.amount },
            // The whole element: FerretDB 1.24 ignores `$pull` conditions on part of an element.
            $pull: { holds: hold },
            $push: { settledHoldIds: holdId, outbox: event('credits.released', userId, hold.amount, now, holdId) },
            $set: { updatedAt: now },
          },
          { returnDocument: 'after', lean: true },
        )
        .exec();
      return doc ? toAccount(doc) : null;
    } catch (err) {
      throw toDbTransientError(err, 'accounts.release');
    }
  }

  async takeOutbox(limit: number): Promise<PendingOutbox[]> {
    try {
      const docs = await this.accounts
        .find({ 'outbox.0': { $exists: true } }, { userId: 1, outbox: 1 })
        .limit(limit)
        .lean();
      return docs.map((doc) => ({ userId: doc.userId, events: doc.outbox }));
    } catch (err) {
      throw toDbTransientError(err, 'accounts.takeOutbox');
    }
  }

  async removeFromOutbox(userId: string, eventIds: readonly string[]): Promise<void> {
    try {
      // `$pullAll` of the exact events (read first) instead of `$pull: { outbox: { id: { $in } } }`,
      // which FerretDB 1.24 silently ignores. Pulling exact copies is idempotent and leaves
      // events pushed in the meantime alone.
      const published = (await this.get(userId))?.outbox.filter((e) => eventIds.includes(e.id)) ?? [];
      if (published.length === 0) return;
      await this.accounts.updateOne({ userId }, { $pullAll: { outbox: published } }).exec();
    } catch (err) {
      throw toDbTransientError(err, 'accounts.removeFromOutbox');
    }
  }
}
