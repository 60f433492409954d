import { Schema, type Connection, type Model } from 'mongoose';
import { isDuplicateKeyError, toDbTransientError } from '@kadr/documents';
import { PLAN_IDS, TIERS, type PlanId } from '@kadr/contracts';
import { newUserRecord, tierOfPlan, type UserRecord } from '../domain/read-model/user-record';
import { literalPattern } from './literal-pattern';
import type { UserPage, UserRepository, UserSearch } from './user.repository';

type UserDocument = Omit<UserRecord, 'id'> & { _id: string };

const userSchema = new Schema<UserDocument>(
  {
    _id: { type: String, required: true },
    email: { type: String, default: '' },
    name: { type: String, default: '' },
    emailLower: { type: String, default: '' },
    nameLower: { type: String, default: '' },
    createdAt: { type: Date, required: true },
    lastSeenAt: { type: Date, required: true },
    registered: { type: Boolean, required: true },
    plan: { type: String, enum: [...PLAN_IDS, null], default: null },
    tier: { type: String, enum: TIERS, required: true },
    planAt: { type: Date, default: null },
    balance: { type: Number, required: true },
    heldCredits: { type: Number, required: true },
    balanceAt: { type: Date, default: null },
  },
  { collection: 'users', versionKey: false, id: false },
);
// The list's order: newest registrations first.
userSchema.index({ createdAt: -1, _id: 1 });

const toUser = ({ _id, ...rest }: UserDocument): UserRecord => ({ id: _id, ...rest });
const toDocument = ({ id, ...rest }: UserRecord): UserDocument => ({ _id: id, ...rest });
/** Matches a field never set, or set by an event not newer than `at`. */
const setNoLaterThan = (field: string, at: Date) => ({ $or: [{ [field]: null }, { [field]: { $lte: at } }] });

/** The users collection of the admin database (distributed mode). */
export class MongooseUserRepository implements UserRepository {
  private readonly users: Model<UserDocument>;

  constructor(connection: Connection) {
    this.users = connection.models.AdminUser ?? connection.model<UserDocument>('AdminUser', userSchema);
  }

  private async fail(operation: string, run: () => Promise<unknown>): Promise<void> {
    await run().catch((error: unknown) => {
      throw toDbTransientError(error, `users.${operation}`);
    });
  }

  /** Inserts the user as `newUserRecord` would; a duplicate means another event created it first. */
  private async ensure(userId: string, at: Date): Promise<void> {
    try {
      await this.users.create(toDocument(newUserRecord(userId, at)));
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw toDbTransientError(error, 'users.ensure');
    }
  }

  private async moveLastSeen(userId: string, at: Date): Promise<void> {
    await this.fail('lastSeen', () =>
      this.users.updateOne({ _id: userId, lastSeenAt: { $lt: at } }, { $set: { lastSeenAt: at } }),
    );
  }

  async recordRegistration({
    userId,
    email,
    name,
    registeredAt,
  }: {
    userId: string;
    email: string;
    name: string;
    registeredAt: Date;
  }): Promise<void> {
    await this.ensure(userId, registeredAt);
    const fields = {
      email,
      name,
      emailLower: email.toLowerCase(),
      nameLower: name.toLowerCase(),
      createdAt: registeredAt,
      registered: true,
    };
    await this.fail('register', () => this.users.updateOne({ _id: userId }, { $set: fields }));
    await this.moveLastSeen(userId, registeredAt);
  }

  async recordActivity(userId: string, at: Date): Promise<void> {
    await this.ensure(userId, at);
    await this.moveLastSeen(userId, at);
  }

  async recordBalance(userId: string, { balance, heldCredits }: { balance: number; heldCredits: number }, at: Date) {
    await this.ensure(userId, at);
    await this.fail('balance', () =>
      this.users.updateOne(
        { _id: userId, ...setNoLaterThan('balanceAt', at) },
        { $set: { balance, heldCredits, balanceAt: at } },
      ),
    );
  }

  async recordPlan(userId: string, plan: PlanId | null, at: Date): Promise<void> {
    await this.ensure(userId, at);
    await this.fail('plan', () =>
      this.users.updateOne(
        { _id: userId, ...setNoLaterThan('planAt', at) },
        { $set: { plan, tier: tierOfPlan(plan), planAt: at } },
      ),
    );
  }

  async find(userId: string): Promise<UserRecord | null> {
    const doc = await this.users
      .findById(userId)
      .lean<UserDocument>()
      .catch((error: unknown) => {
        throw toDbTransientError(error, 'users.find');
      });
    return doc ? toUser(doc) : null;
  }

  async search({ q, skip, take }: UserSearch): Promise<UserPage> {
    const pattern = q ? literalPattern(q.toLowerCase()) : undefined;
    const filter = pattern ? { $or: [{ emailLower: { $regex: pattern } }, { nameLower: { $regex: pattern } }] } : {};
    const [docs, total] = await Promise.all([
      this.users.find(filter).sort({ createdAt: -1, _id: 1 }).skip(skip).limit(take).lean<UserDocument[]>(),
      this.users.countDocuments(filter),
    ]).catch((error: unknown) => {
      throw toDbTransientError(error, 'users.search');
    });
    return { items: docs.map(toUser), total };
  }

  async delete(userId: string): Promise<boolean> {
    const { deletedCount } = await this.users.deleteOne({ _id: userId }).catch((error: unknown) => {
      throw toDbTransientError(error, 'users.delete');
    });
    return deletedCount > 0;
  }

  async close(): Promise<void> {
    // The connection belongs to the composition root, which closes it.
  }
}
