import { Schema, type Connection, type Model } from 'mongoose';
import { arrayElementStats, isDuplicateKeyError, toDbTransientError } from '@kadr/documents';
import type { OutboxStats } from '@kadr/outbox';
import type { Account, AccountChange, Hold, SettledHold, Subscription } from '../../domain/credits/account';
import type {
  AccountRepository,
  AllowanceKind,
  AllowancePeriod,
  PendingAccountChanges,
  SubscriptionVersion,
} from './account.repository';
import { jobOfHold } from '../../domain/credits/hold-ids';
import { newAccount } from './new-account';

interface AccountDocument extends Omit<Account, 'id'> {
  _id: string;
}

const holdSchema = new Schema<Hold>(
  {
    holdId: { type: String, required: true },
    jobId: { type: String },
    generation: { type: Number },
    takenFrom: { type: String, required: true },
    amount: { type: Number, required: true },
    periodStart: { type: Date, default: null },
    createdAt: { type: Date, required: true },
  },
  { _id: false },
);

const settledHoldSchema = new Schema<SettledHold>(
  {
    holdId: { type: String, required: true },
    jobId: { type: String },
    generation: { type: Number },
    takenFrom: { type: String, required: true },
    amount: { type: Number, required: true },
    state: { type: String, required: true },
    settledAt: { type: Date, required: true },
  },
  { _id: false },
);

const subscriptionSchema = new Schema<Subscription>(
  {
    planId: { type: String, required: true },
    orderId: { type: String, required: true },
    activatedAt: { type: Date, required: true },
    periodStart: { type: Date, required: true },
    periodEnd: { type: Date, required: true },
    endsAt: { type: Date, required: true },
    cancelAtPeriodEnd: { type: Boolean, required: true },
    allowanceLimit: { type: Number, default: null },
    allowanceUsed: { type: Number, required: true },
    allowanceRemaining: { type: Number, default: null },
    maxResolution: { type: String, required: true },
  },
  { _id: false },
);

export const accountChangeSchema = new Schema<AccountChange>(
  {
    id: { type: String, required: true },
    kind: { type: String, required: true },
    balanceDelta: { type: Number, required: true },
    heldDelta: { type: Number, required: true },
    allowanceDelta: { type: Number, required: true },
    reference: { type: String, required: true },
    reason: String,
    shortfall: Number,
    correlationId: { type: String, required: true },
    traceparent: String,
    occurredAt: { type: Date, required: true },
  },
  { _id: false, id: false },
);

const accountSchema = new Schema<AccountDocument>(
  {
    _id: { type: String, required: true },
    // The unique index makes `open` insert exactly once under concurrency.
    userId: { type: String, required: true, unique: true },
    currency: { type: String, required: true },
    balance: { type: Number, required: true },
    held: { type: Number, required: true },
    available: { type: Number, required: true },
    holds: { type: [holdSchema], default: [] },
    settledHolds: { type: [settledHoldSchema], default: [] },
    subscription: { type: subscriptionSchema, default: null },
    appliedOrderIds: { type: [String], default: [] },
    outbox: { type: [accountChangeSchema], default: [] },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  // Mongoose's own timestamps and version key stay off: every write sets exactly what it means.
  { collection: 'accounts', versionKey: false, id: false, minimize: false },
);
// The periodic reconciliation reads the most recently changed accounts.
accountSchema.index({ updatedAt: -1 });

function toAccount({ _id, ...rest }: AccountDocument): Account {
  return { id: _id, ...rest, subscription: rest.subscription ?? null };
}

/** The filter that says "the subscription is still the one read" (or still none). */
function subscriptionFilter(expected: SubscriptionVersion | null): Record<string, unknown> {
  if (expected === null) return { subscription: null };
  return {
    'subscription.orderId': expected.orderId,
    'subscription.periodStart': expected.periodStart,
    'subscription.allowanceUsed': expected.allowanceUsed,
    'subscription.cancelAtPeriodEnd': expected.cancelAtPeriodEnd,
  };
}

/**
 * "This hold id was never used here, and its job has no open hold (of any generation)"
 * (`$nor`, not `$ne` on sub-document arrays: see @kadr/documents). An open hold without `jobId`
 * predates generations: its hold id is the job id.
 */
const holdIdUnused = (hold: Hold) => {
  const jobId = jobOfHold(hold);
  return {
    $nor: [
      { 'holds.holdId': hold.holdId },
      { 'settledHolds.holdId': hold.holdId },
      { 'holds.holdId': jobId },
      { 'holds.jobId': jobId },
    ],
  };
};

/** Accounts in MongoDB: each change is one `findOneAndUpdate` whose filter is the precondition. */
export class MongooseAccountRepository implements AccountRepository {
  private readonly accounts: Model<AccountDocument>;

  constructor(connection: Connection) {
    this.accounts = connection.models.Account ?? connection.model<AccountDocument>('Account', accountSchema);
  }

  async open(
    userId: string,
    welcome: { credits: number; currency: string; change: AccountChange | null },
  ): Promise<{ account: Account; opened: boolean }> {
    const account = newAccount(userId, welcome, new Date());
    const { id, ...fields } = account;
    try {
      // Insert-or-read, not an upsert: FerretDB drops empty arrays from `$setOnInsert`.
      await this.accounts.create({ _id: id, ...fields });
      return { account, opened: true };
    } catch (err) {
      if (isDuplicateKeyError(err)) {
        const existing = await this.get(userId);
        if (existing) return { account: existing, opened: false };
      }
      throw toDbTransientError(err, 'accounts.open');
    }
  }

  async get(userId: string): Promise<Account | null> {
    try {
      const doc = await this.accounts.findOne({ userId }).lean<AccountDocument>();
      return doc ? toAccount(doc) : null;
    } catch (err) {
      throw toDbTransientError(err, 'accounts.get');
    }
  }

  async recentlyChanged(limit: number): Promise<string[]> {
    try {
      const docs = await this.accounts
        .find({}, { userId: 1 })
        .sort({ updatedAt: -1 })
        .limit(limit)
        .lean<Array<Pick<AccountDocument, 'userId'>>>();
      return docs.map((d) => d.userId);
    } catch (err) {
      throw toDbTransientError(err, 'accounts.recentlyChanged');
    }
  }

  holdCredits(userId: string, hold: Hold, change: AccountChange): Promise<Account | null> {
    return this.update(
      'accounts.holdCredits',
      { userId, available: { $gte: hold.amount }, ...holdIdUnused(hold) },
      {
        $inc: { held: hold.amount, available: -hold.amount },
        $push: { holds: hold, outbox: change },
        $set: { updatedAt: change.occurredAt },
      },
    );
  }

  holdAllowance(userId: string, hold: Hold, change: AccountChange, allowance: AllowanceKind): Promise<Account | null> {
    const limited = allowance === 'limited';
    return this.update(
      'accounts.holdAllowance',
      {
        userId,
        'subscription.periodStart': hold.periodStart,
        ...(limited ? { 'subscription.allowanceRemaining': { $gte: 1 } } : { 'subscription.allowanceLimit': null }),
        ...holdIdUnused(hold),
      },
      {
        $inc: limited
          ? { 'subscription.allowanceUsed': 1, 'subscription.allowanceRemaining': -1 }
          : { 'subscription.allowanceUsed': 1 },
        $push: { holds: hold, outbox: change },
        $set: { updatedAt: change.occurredAt },
      },
    );
  }

  settleHold(
    userId: string,
    hold: Hold,
    settled: SettledHold,
    change: AccountChange,
    restoreAllowance: AllowancePeriod | null,
  ): Promise<Account | null> {
    const allowanceInc =
      restoreAllowance === null
        ? {}
        : restoreAllowance.allowance === 'limited'
          ? { 'subscription.allowanceUsed': -1, 'subscription.allowanceRemaining': 1 }
          : { 'subscription.allowanceUsed': -1 };
    return this.update(
      'accounts.settleHold',
      {
        userId,
        'holds.holdId': hold.holdId,
        ...(restoreAllowance === null ? {} : { 'subscription.periodStart': restoreAllowance.periodStart }),
      },
      {
        $inc: {
          balance: change.balanceDelta,
          held: change.heldDelta,
          available: change.balanceDelta - change.heldDelta,
          ...allowanceInc,
        },
        // The exact element read before (a hold id is used once): portable, unlike `$pull` conditions.
        $pull: { holds: hold },
        $push: { settledHolds: settled, outbox: change },
        $set: { updatedAt: change.occurredAt },
      },
    );
  }

  grant(userId: string, orderId: string, credits: number, change: AccountChange): Promise<Account | null> {
    return this.update(
      'accounts.grant',
      // `$ne` on an array of scalars is portable (only sub-document arrays are not).
      { userId, appliedOrderIds: { $ne: orderId } },
      {
        $inc: { balance: credits, available: credits },
        $push: { appliedOrderIds: orderId, outbox: change },
        $set: { updatedAt: change.occurredAt },
      },
    );
  }

  adjust(userId: string, adjustmentId: string, delta: number, change: AccountChange): Promise<Account | null> {
    return this.update(
      'accounts.adjust',
      { userId, appliedOrderIds: { $ne: adjustmentId }, available: { $gte: -delta } },
      {
        $inc: { balance: delta, available: delta },
        $push: { appliedOrderIds: adjustmentId, outbox: change },
        $set: { updatedAt: change.occurredAt },
      },
    );
  }

  takeBack(
    userId: string,
    takeBackId: string,
    take: { credits: number; allAvailable: boolean },
    change: AccountChange,
  ): Promise<Account | null> {
    return this.update(
      'accounts.takeBack',
      {
        userId,
        appliedOrderIds: { $ne: takeBackId },
        available: take.allAvailable ? take.credits : { $gte: take.credits },
      },
      {
        // `0 - credits`: taking nothing must not $inc by −0 (a double in BSON).
        $inc: { balance: 0 - take.credits, available: 0 - take.credits },
        $push: { appliedOrderIds: takeBackId, outbox: change },
        $set: { updatedAt: change.occurredAt },
      },
    );
  }

  replaceSubscription(
    userId: string,
    expected: SubscriptionVersion | null,
    next: Subscription | null,
    appliedOrderId?: string,
  ): Promise<Account | null> {
    return this.update(
      'accounts.replaceSubscription',
      {
        userId,
        ...subscriptionFilter(expected),
        ...(appliedOrderId === undefined ? {} : { appliedOrderIds: { $ne: appliedOrderId } }),
      },
      {
        $set: { subscription: next, updatedAt: new Date() },
        ...(appliedOrderId === undefined ? {} : { $push: { appliedOrderIds: appliedOrderId } }),
      },
    );
  }

  async trimSettledHolds(userId: string, keep: number): Promise<void> {
    try {
      // `$pop` one at a time (FerretDB ignores `$slice` in `$push`); the filter stops at `keep`.
      for (let i = 0; i < 1_000; i += 1) {
        const result = await this.accounts
          .updateOne({ userId, [`settledHolds.${keep}`]: { $exists: true } }, { $pop: { settledHolds: -1 } })
          .exec();
        if (result.modifiedCount === 0) return;
      }
    } catch (err) {
      throw toDbTransientError(err, 'accounts.trimSettledHolds');
    }
  }

  async takeOutbox(limit: number): Promise<PendingAccountChanges[]> {
    try {
      const docs = await this.accounts
        .find({ 'outbox.0': { $exists: true } }, { userId: 1, balance: 1, held: 1, currency: 1, outbox: 1 })
        .limit(limit)
        .lean<Array<Pick<AccountDocument, 'userId' | 'balance' | 'held' | 'currency' | 'outbox'>>>();
      return docs.map((d) => ({
        userId: d.userId,
        balance: d.balance,
        held: d.held,
        currency: d.currency,
        changes: d.outbox,
      }));
    } catch (err) {
      throw toDbTransientError(err, 'accounts.takeOutbox');
    }
  }

  async removeFromOutbox(userId: string, changeIds: readonly string[]): Promise<void> {
    try {
      // `$pullAll` of the exact entries read first; `$pull` with `$in` is not portable.
      const moved = (await this.get(userId))?.outbox.filter((c) => changeIds.includes(c.id)) ?? [];
      if (moved.length === 0) return;
      await this.accounts.updateOne({ userId }, { $pullAll: { outbox: moved } }).exec();
    } catch (err) {
      throw toDbTransientError(err, 'accounts.removeFromOutbox');
    }
  }

  async outboxStats(): Promise<OutboxStats> {
    try {
      const { count, earliest } = await arrayElementStats(this.accounts, 'outbox', 'occurredAt');
      return { pending: count, oldestAt: earliest };
    } catch (err) {
      throw toDbTransientError(err, 'accounts.outboxStats');
    }
  }

  async delete(userId: string): Promise<boolean> {
    try {
      return (await this.accounts.deleteOne({ userId }).exec()).deletedCount > 0;
    } catch (err) {
      throw toDbTransientError(err, 'accounts.delete');
    }
  }

  private async update(
    operation: string,
    filter: Record<string, unknown>,
    update: Record<string, unknown>,
  ): Promise<Account | null> {
    try {
      const doc = await this.accounts
        .findOneAndUpdate(filter, update, { returnDocument: 'after' })
        .lean<AccountDocument>()
        .exec();
      return doc ? toAccount(doc) : null;
    } catch (err) {
      throw toDbTransientError(err, operation);
    }
  }
}
