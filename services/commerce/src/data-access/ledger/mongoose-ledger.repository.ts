import { Schema, type Connection, type Model } from 'mongoose';
import { isDuplicateKeyError, toDbTransientError } from '@kadr/documents';
import type { LedgerEntry } from '../../domain/credits/account';
import type { LedgerRepository } from './ledger.repository';

interface LedgerDocument extends Omit<LedgerEntry, 'id'> {
  _id: string;
}

const ledgerSchema = new Schema<LedgerDocument>(
  {
    // The change's id: copying the same change twice is a duplicate key, i.e. a no-op.
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    kind: { type: String, required: true },
    balanceDelta: { type: Number, required: true },
    heldDelta: { type: Number, required: true },
    allowanceDelta: { type: Number, required: true },
    reference: { type: String, required: true },
    reason: String,
    shortfall: Number,
    correlationId: { type: String, required: true },
    occurredAt: { type: Date, required: true },
  },
  { collection: 'ledger', versionKey: false, id: false },
);
ledgerSchema.index({ userId: 1, occurredAt: 1 });
ledgerSchema.index({ userId: 1, reference: 1 });

const toEntry = ({ _id, ...rest }: LedgerDocument): LedgerEntry => ({ id: _id, ...rest });

export class MongooseLedgerRepository implements LedgerRepository {
  private readonly entries: Model<LedgerDocument>;

  constructor(connection: Connection) {
    this.entries = connection.models.LedgerEntry ?? connection.model<LedgerDocument>('LedgerEntry', ledgerSchema);
  }

  async append(entries: readonly LedgerEntry[]): Promise<void> {
    for (const { id, ...fields } of entries) {
      try {
        await this.entries.create({ _id: id, ...fields });
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw toDbTransientError(err, 'ledger.append');
      }
    }
  }

  listByUser(userId: string): Promise<LedgerEntry[]> {
    return this.list({ userId }, 'ledger.listByUser');
  }

  listByReference(userId: string, reference: string): Promise<LedgerEntry[]> {
    return this.list({ userId, reference }, 'ledger.listByReference');
  }

  async deleteByUser(userId: string): Promise<number> {
    try {
      return (await this.entries.deleteMany({ userId }).exec()).deletedCount;
    } catch (err) {
      throw toDbTransientError(err, 'ledger.deleteByUser');
    }
  }

  private async list(filter: Record<string, string>, operation: string): Promise<LedgerEntry[]> {
    try {
      const docs = await this.entries.find(filter).sort({ occurredAt: 1, _id: 1 }).lean<LedgerDocument[]>();
      return docs.map(toEntry);
    } catch (err) {
      throw toDbTransientError(err, operation);
    }
  }
}
