import { Schema, type Connection, type Model } from 'mongoose';
import { isDuplicateKeyError, toDbTransientError } from '@kadr/documents';
import type { PurgeRecord } from '../domain/purge/purge-record';
import { SERVICE_NAME, type PurgeRepository } from './purge.repository';

interface PurgeDocument {
  _id: string;
  requestedBy: string;
  requestedAt: Date;
  correlationId: string;
  services: string[];
  /** Service → time; an empty map is not stored (mongoose minimises empty objects). */
  acknowledgements?: Record<string, Date>;
  completedAt: Date | null;
}

const purgeSchema = new Schema<PurgeDocument>(
  {
    _id: { type: String, required: true },
    requestedBy: { type: String, required: true },
    requestedAt: { type: Date, required: true },
    correlationId: { type: String, default: '' },
    services: { type: [String], required: true },
    acknowledgements: { type: Map, of: Date },
    completedAt: { type: Date, default: null },
  },
  { collection: 'purges', versionKey: false, id: false },
);

const toPurge = ({ _id, acknowledgements, ...rest }: PurgeDocument): PurgeRecord => ({
  id: _id,
  ...rest,
  acknowledgements: { ...acknowledgements },
});

/** The purges collection of the admin database (distributed mode). */
export class MongoosePurgeRepository implements PurgeRepository {
  private readonly purges: Model<PurgeDocument>;

  constructor(connection: Connection) {
    this.purges = connection.models.AdminPurge ?? connection.model<PurgeDocument>('AdminPurge', purgeSchema);
  }

  async start(purge: PurgeRecord): Promise<{ purge: PurgeRecord; created: boolean }> {
    const { id, ...rest } = purge;
    try {
      await this.purges.create({ _id: id, ...rest });
      return { purge, created: true };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw toDbTransientError(error, 'purges.start');
      const existing = await this.find(id);
      if (!existing) throw error;
      return { purge: existing, created: false };
    }
  }

  async acknowledge(userId: string, service: string, at: Date): Promise<PurgeRecord | null> {
    if (!SERVICE_NAME.test(service)) throw new Error(`not a service name: ${JSON.stringify(service)}`);
    const field = `acknowledgements.${service}`;
    await this.purges
      .updateOne({ _id: userId, [field]: { $exists: false } }, { $set: { [field]: at } })
      .catch((error: unknown) => {
        throw toDbTransientError(error, 'purges.acknowledge');
      });
    return this.find(userId);
  }

  async complete(userId: string, at: Date): Promise<PurgeRecord | null> {
    await this.purges
      .updateOne({ _id: userId, completedAt: null }, { $set: { completedAt: at } })
      .catch((error: unknown) => {
        throw toDbTransientError(error, 'purges.complete');
      });
    return this.find(userId);
  }

  async find(userId: string): Promise<PurgeRecord | null> {
    const doc = await this.purges
      .findById(userId)
      .lean<PurgeDocument>()
      .catch((error: unknown) => {
        throw toDbTransientError(error, 'purges.find');
      });
    return doc ? toPurge(doc) : null;
  }

  async findMany(userIds: string[]): Promise<PurgeRecord[]> {
    if (userIds.length === 0) return [];
    const docs = await this.purges
      .find({ _id: { $in: userIds } })
      .lean<PurgeDocument[]>()
      .catch((error: unknown) => {
        throw toDbTransientError(error, 'purges.findMany');
      });
    return docs.map(toPurge);
  }

  async close(): Promise<void> {
    // The connection belongs to the composition root, which closes it.
  }
}
