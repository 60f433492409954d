import { Schema, type Connection, type Model } from 'mongoose';
import { toDbTransientError } from '@kadr/documents';
import type { LanguageCode } from '@kadr/contracts';
import type { PreferenceRepository, UserPreference } from './preference.repository';

interface PreferenceDocument {
  _id: string;
  language: LanguageCode;
  updatedAt: Date;
}

const preferenceSchema = new Schema<PreferenceDocument>(
  {
    _id: { type: String, required: true },
    language: { type: String, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'preferences', versionKey: false, id: false },
);

const toPreference = ({ _id, language, updatedAt }: PreferenceDocument): UserPreference => ({
  id: _id,
  language,
  updatedAt,
});

/** The preferences collection in the i18n service's own database (distributed mode). */
export class MongoosePreferenceRepository implements PreferenceRepository {
  private readonly preferences: Model<PreferenceDocument>;

  constructor(connection: Connection) {
    this.preferences =
      connection.models.Preference ?? connection.model<PreferenceDocument>('Preference', preferenceSchema);
  }

  async find(userId: string): Promise<UserPreference | null> {
    const doc = await this.preferences
      .findById(userId)
      .lean<PreferenceDocument>()
      .catch((err: unknown) => {
        throw toDbTransientError(err, 'find preference');
      });
    return doc ? toPreference(doc) : null;
  }

  async setLanguage(userId: string, language: LanguageCode, at: Date): Promise<UserPreference> {
    const doc = await this.preferences
      .findOneAndUpdate({ _id: userId }, { $set: { language, updatedAt: at } }, { upsert: true, new: true })
      .lean<PreferenceDocument>()
      .catch((err: unknown) => {
        throw toDbTransientError(err, 'set language');
      });
    return toPreference(doc);
  }

  async createIfAbsent(userId: string, language: LanguageCode, at: Date): Promise<UserPreference> {
    const doc = await this.preferences
      .findOneAndUpdate({ _id: userId }, { $setOnInsert: { language, updatedAt: at } }, { upsert: true, new: true })
      .lean<PreferenceDocument>()
      .catch((err: unknown) => {
        throw toDbTransientError(err, 'create preference');
      });
    return toPreference(doc);
  }

  async delete(userId: string): Promise<boolean> {
    const { deletedCount } = await this.preferences.deleteOne({ _id: userId }).catch((err: unknown) => {
      throw toDbTransientError(err, 'delete preference');
    });
    return deletedCount > 0;
  }

  async close(): Promise<void> {
    // The connection belongs to the composition root, which closes it.
  }
}
