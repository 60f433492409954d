import { Schema, type Connection, type FilterQuery, type Model } from 'mongoose';
import { isDuplicateKeyError, toDbTransientError } from '@kadr/documents';
import { ADMIN_LOG_KINDS, ADMIN_LOG_OUTCOMES } from '@kadr/contracts';
import type { LogEntryRecord } from '../domain/audit/log-entry';
import type { LogPage, LogQuery, LogRepository } from './log.repository';

type LogDocument = Omit<LogEntryRecord, 'id'> & { _id: string };

const logSchema = new Schema<LogDocument>(
  {
    _id: { type: String, required: true },
    kind: { type: String, enum: ADMIN_LOG_KINDS, required: true },
    action: { type: String, required: true },
    actorId: { type: String, default: null },
    targetId: { type: String, default: null },
    userId: { type: String, default: null },
    at: { type: Date, required: true },
    outcome: { type: String, enum: ADMIN_LOG_OUTCOMES, required: true },
    correlationId: { type: String, default: null },
    detail: { type: Schema.Types.Mixed, default: {} },
  },
  // minimize: false keeps an empty `detail` ({}), so a read gives back what was written.
  { collection: 'audit', versionKey: false, id: false, minimize: false },
);
// The Logs screen: newest first, optionally one action or one user.
logSchema.index({ at: -1, _id: -1 });
logSchema.index({ action: 1, at: -1 });
logSchema.index({ userId: 1, at: -1 });
logSchema.index({ actorId: 1, at: -1 });

const toEntry = ({ _id, ...rest }: LogDocument): LogEntryRecord => ({ id: _id, ...rest });

/** The audit collection of the admin database (distributed mode). */
export class MongooseLogRepository implements LogRepository {
  private readonly entries: Model<LogDocument>;

  constructor(connection: Connection) {
    this.entries = connection.models.AdminLogEntry ?? connection.model<LogDocument>('AdminLogEntry', logSchema);
  }

  async append({ id, ...rest }: LogEntryRecord): Promise<boolean> {
    try {
      await this.entries.create({ _id: id, ...rest });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw toDbTransientError(error, 'audit.append');
    }
  }

  async query({ skip, take, action, userId, kind, from, to }: LogQuery): Promise<LogPage> {
    const filter: FilterQuery<LogDocument> = {};
    if (action !== undefined) filter.action = action;
    if (kind !== undefined) filter.kind = kind;
    if (userId !== undefined) filter.$or = [{ userId }, { actorId: userId }];
    if (from !== undefined || to !== undefined) {
      filter.at = { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) };
    }
    const [docs, total] = await Promise.all([
      this.entries.find(filter).sort({ at: -1, _id: -1 }).skip(skip).limit(take).lean<LogDocument[]>(),
      this.entries.countDocuments(filter),
    ]).catch((error: unknown) => {
      throw toDbTransientError(error, 'audit.query');
    });
    return { items: docs.map(toEntry), total };
  }

  async deleteSystemEventsOf(userId: string): Promise<number> {
    const { deletedCount } = await this.entries.deleteMany({ kind: 'system_event', userId }).catch((error: unknown) => {
      throw toDbTransientError(error, 'audit.deleteSystemEventsOf');
    });
    return deletedCount;
  }

  async close(): Promise<void> {
    // The connection belongs to the composition root, which closes it.
  }
}
