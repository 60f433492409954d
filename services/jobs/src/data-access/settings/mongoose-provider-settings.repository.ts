import { Schema, type Connection, type Model } from 'mongoose';
import { toDbTransientError } from '@kadr/documents';
import type { ProviderSettingRecord, ProviderSettingsRepository } from './provider-settings.repository';

interface SettingDocument {
  /** The user id. */
  _id: string;
  provider: string;
  updatedAt: Date;
}

const settingSchema = new Schema<SettingDocument>(
  {
    _id: { type: String, required: true },
    provider: { type: String, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'provider_settings', versionKey: false, id: false },
);

const record = (doc: SettingDocument): ProviderSettingRecord => ({
  userId: doc._id,
  provider: doc.provider,
  updatedAt: doc.updatedAt,
});

export class MongooseProviderSettingsRepository implements ProviderSettingsRepository {
  private readonly settings: Model<SettingDocument>;

  constructor(connection: Connection) {
    this.settings = connection.model<SettingDocument>('ProviderSetting', settingSchema);
  }

  async get(userId: string): Promise<ProviderSettingRecord | null> {
    try {
      const doc = await this.settings.findById(userId).lean();
      return doc ? record(doc) : null;
    } catch (err) {
      throw toDbTransientError(err, 'providerSettings.get');
    }
  }

  async set(userId: string, provider: string): Promise<ProviderSettingRecord> {
    try {
      // An upsert of scalar fields only (FerretDB's upsert limits concern empty arrays).
      const doc = await this.settings
        .findOneAndUpdate(
          { _id: userId },
          { $set: { provider, updatedAt: new Date() } },
          { upsert: true, returnDocument: 'after', lean: true },
        )
        .exec();
      if (!doc) throw new Error('the upsert returned no document');
      return record(doc);
    } catch (err) {
      throw toDbTransientError(err, 'providerSettings.set');
    }
  }

  async delete(userId: string): Promise<boolean> {
    try {
      return (await this.settings.deleteOne({ _id: userId }).exec()).deletedCount > 0;
    } catch (err) {
      throw toDbTransientError(err, 'providerSettings.delete');
    }
  }
}
