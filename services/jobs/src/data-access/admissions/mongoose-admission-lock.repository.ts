import { Schema, type Connection, type Model } from 'mongoose';
import { isDuplicateKeyError, toDbTransientError } from '@kadr/documents';
import type { AdmissionLockRepository } from './admission-lock.repository';

interface LeaseDocument {
  /** The user id: one lease per user, by the primary key's uniqueness. */
  _id: string;
  holder: string;
  until: Date;
}

const leaseSchema = new Schema<LeaseDocument>(
  {
    _id: { type: String, required: true },
    holder: { type: String, required: true },
    until: { type: Date, required: true },
  },
  { collection: 'job_admissions', versionKey: false, id: false },
);

export class MongooseAdmissionLockRepository implements AdmissionLockRepository {
  private readonly leases: Model<LeaseDocument>;

  constructor(connection: Connection) {
    this.leases = connection.model<LeaseDocument>('JobAdmission', leaseSchema);
  }

  async tryAcquire(userId: string, holder: string, now: Date, until: Date): Promise<boolean> {
    try {
      // Matches a free, expired or own lease; when the user has a lease another holder still
      // runs, the filter matches nothing and the upsert's insert collides on _id.
      await this.leases
        .updateOne(
          { _id: userId, $or: [{ holder }, { until: { $lte: now } }] },
          { $set: { holder, until } },
          { upsert: true },
        )
        .exec();
      return true;
    } catch (err) {
      if (isDuplicateKeyError(err)) return false;
      throw toDbTransientError(err, 'admissions.tryAcquire');
    }
  }

  async release(userId: string, holder: string): Promise<void> {
    try {
      await this.leases.deleteOne({ _id: userId, holder }).exec();
    } catch (err) {
      throw toDbTransientError(err, 'admissions.release');
    }
  }
}
