import { Schema, type Connection, type Model } from 'mongoose';
import { toDbTransientError } from '@kadr/documents';
import type { Recipient, RecipientRepository } from './recipient.repository';

type RecipientDocument = Omit<Recipient, 'id'> & { _id: string };

const recipientSchema = new Schema<RecipientDocument>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true },
    name: { type: String, default: '' },
    language: { type: String, required: true },
  },
  { collection: 'recipients', versionKey: false, id: false },
);

const transient = (operation: string) => (err: unknown) => {
  throw toDbTransientError(err, operation);
};

/** Recipients in the notifications service's own database (distributed mode). */
export class MongooseRecipientRepository implements RecipientRepository {
  private readonly recipients: Model<RecipientDocument>;

  constructor(connection: Connection) {
    this.recipients = connection.models.Recipient ?? connection.model<RecipientDocument>('Recipient', recipientSchema);
  }

  async save({ id, ...rest }: Recipient): Promise<void> {
    await this.recipients.updateOne({ _id: id }, { $set: rest }, { upsert: true }).catch(transient('save recipient'));
  }

  async find(userId: string): Promise<Recipient | null> {
    const doc = await this.recipients.findById(userId).lean<RecipientDocument>().catch(transient('find recipient'));
    if (!doc) return null;
    const { _id, ...rest } = doc;
    return { id: _id, ...rest };
  }

  async delete(userId: string): Promise<boolean> {
    const { deletedCount } = await this.recipients.deleteOne({ _id: userId }).catch(transient('delete recipient'));
    return deletedCount > 0;
  }

  async close(): Promise<void> {
    // The connection belongs to the composition root, which closes it.
  }
}
