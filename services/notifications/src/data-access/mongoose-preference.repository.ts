import { Schema, type Connection, type Model } from 'mongoose';
import { toDbTransientError } from '@kadr/documents';
import type { NotificationPreferences } from '@kadr/contracts';
import { DEFAULT_PREFERENCES, type PreferenceRepository } from './preference.repository';

interface PreferenceDocument extends NotificationPreferences {
  _id: string;
  updatedAt: Date;
}

const preferenceSchema = new Schema<PreferenceDocument>(
  {
    _id: { type: String, required: true },
    email: { type: Boolean, required: true },
    browser: { type: Boolean, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'preferences', versionKey: false, id: false },
);

const transient = (operation: string) => (err: unknown) => {
  throw toDbTransientError(err, operation);
};

/** Notification preferences in the notifications service's own database (distributed mode). */
export class MongoosePreferenceRepository implements PreferenceRepository {
  private readonly preferences: Model<PreferenceDocument>;

  constructor(connection: Connection) {
    this.preferences =
      connection.models.NotificationPreference ??
      connection.model<PreferenceDocument>('NotificationPreference', preferenceSchema);
  }

  async find(userId: string): Promise<NotificationPreferences> {
    const doc = await this.preferences.findById(userId).lean<PreferenceDocument>().catch(transient('find preferences'));
    return doc ? { email: doc.email, browser: doc.browser } : { ...DEFAULT_PREFERENCES };
  }

  async update(userId: string, change: Partial<NotificationPreferences>, at: Date): Promise<NotificationPreferences> {
    // Defaults for the fields the change leaves out, only when the record is new (one upsert, no read).
    const defaults = Object.fromEntries(
      Object.entries(DEFAULT_PREFERENCES).filter(([field]) => !(field in change)),
    ) as Partial<NotificationPreferences>;
    const doc = await this.preferences
      .findOneAndUpdate(
        { _id: userId },
        { $set: { ...change, updatedAt: at }, $setOnInsert: defaults },
        { upsert: true, new: true },
      )
      .lean<PreferenceDocument>()
      .catch(transient('update preferences'));
    return { email: doc.email, browser: doc.browser };
  }

  async delete(userId: string): Promise<boolean> {
    const { deletedCount } = await this.preferences.deleteOne({ _id: userId }).catch(transient('delete preferences'));
    return deletedCount > 0;
  }

  async close(): Promise<void> {
    // The connection belongs to the composition root, which closes it.
  }
}
