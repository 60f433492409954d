import { Schema, type Connection, type Model } from 'mongoose';
import { toDbTransientError } from '@kadr/documents';
import { SHARE_REPORT_REASONS } from '@kadr/contracts';
import type { ShareLink, ShareReport } from '../domain/shares/share-link';
import type { ShareReportPage, ShareRepository } from './share.repository';

type LinkDocument = Omit<ShareLink, 'id'> & { _id: string };
type ReportDocument = Omit<ShareReport, 'id'> & { _id: string };

const linkSchema = new Schema<LinkDocument>(
  {
    _id: { type: String, required: true },
    token: { type: String, required: true },
    jobId: { type: String, required: true },
    userId: { type: String, required: true },
    label: { type: String, default: null },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
    revokedBy: { type: String, enum: ['owner', 'admin', null], default: null },
    hidePrompt: { type: Boolean, required: true },
    allowIndexing: { type: Boolean, required: true },
    shownAs: { type: String, default: null },
    prompt: { type: String, default: null },
    views: { type: Number, required: true },
  },
  { collection: 'share_links', versionKey: false, id: false },
);
// The public page's lookup; unique so two links can never answer one token.
linkSchema.index({ token: 1 }, { unique: true });
// A video's links (the owner's list, the delete path); the purge's by owner.
linkSchema.index({ jobId: 1, createdAt: -1 });
linkSchema.index({ userId: 1 });

const reportSchema = new Schema<ReportDocument>(
  {
    _id: { type: String, required: true },
    linkId: { type: String, required: true },
    jobId: { type: String, required: true },
    userId: { type: String, required: true },
    reason: { type: String, required: true, enum: [...SHARE_REPORT_REASONS] },
    details: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: 'share_reports', versionKey: false, id: false },
);
reportSchema.index({ createdAt: -1, _id: -1 });
reportSchema.index({ jobId: 1 });
reportSchema.index({ userId: 1 });

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

const toLink = ({ _id, ...rest }: LinkDocument): ShareLink => ({ id: _id, ...rest });
const toReport = ({ _id, ...rest }: ReportDocument): ShareReport => ({ id: _id, ...rest });

const transient = (operation: string) => (error: unknown) => {
  throw toDbTransientError(error, operation);
};

/** The share_links and share_reports collections in media's own database (distributed mode). */
export class MongooseShareRepository implements ShareRepository {
  private readonly links: Model<LinkDocument>;
  private readonly reports: Model<ReportDocument>;

  constructor(connection: Connection) {
    this.links = connection.models.ShareLink ?? connection.model<LinkDocument>('ShareLink', linkSchema);
    this.reports = connection.models.ShareReport ?? connection.model<ReportDocument>('ShareReport', reportSchema);
  }

  async insertLink({ id, ...rest }: ShareLink): Promise<ShareLink> {
    await this.links.create({ _id: id, ...rest }).catch(transient('shareLinks.insert'));
    return { id, ...rest };
  }

  async findLinkByToken(token: string): Promise<ShareLink | null> {
    const doc = await this.links.findOne({ token }).lean<LinkDocument>().catch(transient('shareLinks.findByToken'));
    return doc ? toLink(doc) : null;
  }

  async findLinkById(id: string): Promise<ShareLink | null> {
    const doc = await this.links.findById(id).lean<LinkDocument>().catch(transient('shareLinks.findById'));
    return doc ? toLink(doc) : null;
  }

  async listLinksByJob(jobId: string): Promise<ShareLink[]> {
    const docs = await this.links
      .find({ jobId })
      .sort(NEWEST_FIRST)
      .lean<LinkDocument[]>()
      .catch(transient('shareLinks.listByJob'));
    return docs.map(toLink);
  }

  countUnrevokedByJob(jobId: string): Promise<number> {
    return this.links.countDocuments({ jobId, revokedAt: null }).catch(transient('shareLinks.countByJob'));
  }

  async revokeLink(id: string, at: Date, by: 'owner' | 'admin'): Promise<ShareLink | null> {
    // One conditional update: the first revocation's time and actor stay.
    const revoked = await this.links
      .findOneAndUpdate({ _id: id, revokedAt: null }, { $set: { revokedAt: at, revokedBy: by } }, { new: true })
      .lean<LinkDocument>()
      .catch(transient('shareLinks.revoke'));
    return revoked ? toLink(revoked) : this.findLinkById(id);
  }

  async countView(token: string, now: Date): Promise<ShareLink | null> {
    const doc = await this.links
      .findOneAndUpdate(
        { token, revokedAt: null, $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] },
        { $inc: { views: 1 } },
        { new: true },
      )
      .lean<LinkDocument>()
      .catch(transient('shareLinks.countView'));
    return doc ? toLink(doc) : null;
  }

  async insertReport({ id, ...rest }: ShareReport): Promise<void> {
    await this.reports.create({ _id: id, ...rest }).catch(transient('shareReports.insert'));
  }

  async listReports({ skip, limit }: { skip: number; limit: number }): Promise<ShareReportPage> {
    const [docs, total] = await Promise.all([
      this.reports.find({}).sort(NEWEST_FIRST).skip(skip).limit(limit).lean<ReportDocument[]>(),
      this.reports.countDocuments({}),
    ]).catch(transient('shareReports.list'));
    return { items: docs.map(toReport), total };
  }

  async deleteByJob(jobId: string): Promise<number> {
    const { deletedCount } = await this.links.deleteMany({ jobId }).catch(transient('shareLinks.deleteByJob'));
    await this.reports.deleteMany({ jobId }).catch(transient('shareReports.deleteByJob'));
    return deletedCount;
  }

  async deleteByUser(userId: string): Promise<number> {
    const { deletedCount } = await this.links.deleteMany({ userId }).catch(transient('shareLinks.deleteByUser'));
    await this.reports.deleteMany({ userId }).catch(transient('shareReports.deleteByUser'));
    return deletedCount;
  }

  async close(): Promise<void> {
    // The connection belongs to the composition root, which closes it.
  }
}
