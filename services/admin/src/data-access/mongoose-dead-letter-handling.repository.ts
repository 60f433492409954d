import { Schema, type Connection, type Model } from 'mongoose';
import { ADMIN_DEAD_LETTER_ACTIONS } from '@kadr/contracts';
import { isDuplicateKeyError, toDbTransientError } from '@kadr/documents';
import type { DeadLetterHandlingRecord } from '../domain/dead-letters/dead-letter-handling';
import type { DeadLetterHandlingRepository } from './dead-letter-handling.repository';

type HandlingDocument = Omit<DeadLetterHandlingRecord, 'id'> & { _id: string };

const handlingSchema = new Schema<HandlingDocument>(
  {
    _id: { type: String, required: true },
    topic: { type: String, required: true },
    letterId: { type: String, required: true },
    action: { type: String, enum: ADMIN_DEAD_LETTER_ACTIONS, required: true },
    by: { type: String, required: true },
    at: { type: Date, required: true },
    reason: { type: String, default: null },
    eventId: { type: String, default: null },
  },
  { collection: 'dead_letters', versionKey: false, id: false },
);

const toRecord = ({ _id, ...rest }: HandlingDocument): DeadLetterHandlingRecord => ({ id: _id, ...rest });

const failing = (operation: string) => (error: unknown) => {
  throw toDbTransientError(error, `dead_letters.${operation}`);
};

/** The dead_letters collection of the admin database (distributed mode). */
export class MongooseDeadLetterHandlingRepository implements DeadLetterHandlingRepository {
  private readonly records: Model<HandlingDocument>;

  constructor(connection: Connection) {
    this.records =
      connection.models.AdminDeadLetterHandling ??
      connection.model<HandlingDocument>('AdminDeadLetterHandling', handlingSchema);
  }

  async claim(record: DeadLetterHandlingRecord): Promise<{ record: DeadLetterHandlingRecord; created: boolean }> {
    const { id, ...rest } = record;
    try {
      await this.records.create({ _id: id, ...rest });
      return { record, created: true };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw toDbTransientError(error, 'dead_letters.claim');
      const [existing] = await this.findMany([id]);
      if (!existing) throw error;
      return { record: existing, created: false };
    }
  }

  async finishReplay(id: string): Promise<DeadLetterHandlingRecord | null> {
    await this.records
      .updateOne({ _id: id, action: 'replaying' }, { $set: { action: 'replayed' } })
      .catch(failing('finishReplay'));
    const [record] = await this.findMany([id]);
    return record ?? null;
  }

  async takeOver(
    id: string,
    claimedAt: Date,
    next: DeadLetterHandlingRecord,
  ): Promise<DeadLetterHandlingRecord | null> {
    const { id: _ignored, ...fields } = next;
    const { matchedCount } = await this.records
      .updateOne({ _id: id, action: 'replaying', at: claimedAt }, { $set: fields })
      .catch(failing('takeOver'));
    return matchedCount === 1 ? { ...next, id } : null;
  }

  async release(id: string, claimedAt: Date): Promise<void> {
    await this.records.deleteOne({ _id: id, action: 'replaying', at: claimedAt }).catch(failing('release'));
  }

  async findMany(ids: string[]): Promise<DeadLetterHandlingRecord[]> {
    if (ids.length === 0) return [];
    const docs = await this.records
      .find({ _id: { $in: ids } })
      .lean<HandlingDocument[]>()
      .catch(failing('findMany'));
    return docs.map(toRecord);
  }

  async close(): Promise<void> {
    // The connection belongs to the composition root, which closes it.
  }
}
