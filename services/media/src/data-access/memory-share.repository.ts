import { MemoryCollection, type PersistenceOptions } from '@kadr/documents';
import type { ShareLink, ShareReport } from '../domain/shares/share-link';
import type { ShareReportPage, ShareRepository } from './share.repository';

const newestFirst = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Embedded mode and fast tests: links and reports in memory, persisted under DATA_DIR/media when given. */
export class MemoryShareRepository implements ShareRepository {
  private constructor(
    private readonly links: MemoryCollection<ShareLink>,
    private readonly reports: MemoryCollection<ShareReport>,
  ) {}

  static async create(persistence: PersistenceOptions = {}): Promise<MemoryShareRepository> {
    return new MemoryShareRepository(
      await MemoryCollection.open<ShareLink>({ name: 'share-links', unique: ['token'], ...persistence }),
      await MemoryCollection.open<ShareReport>({ name: 'share-reports', ...persistence }),
    );
  }

  insertLink(link: ShareLink): Promise<ShareLink> {
    return this.links.insertOne(link);
  }

  findLinkByToken(token: string): Promise<ShareLink | null> {
    return this.links.findOne((l) => l.token === token);
  }

  findLinkById(id: string): Promise<ShareLink | null> {
    return this.links.findById(id);
  }

  listLinksByJob(jobId: string): Promise<ShareLink[]> {
    return this.links.find((l) => l.jobId === jobId, { sort: newestFirst });
  }

  countUnrevokedByJob(jobId: string): Promise<number> {
    return this.links.count((l) => l.jobId === jobId && l.revokedAt === null);
  }

  async revokeLink(id: string, at: Date, by: 'owner' | 'admin'): Promise<ShareLink | null> {
    const revoked = await this.links.updateOne(
      id,
      (l) => l.revokedAt === null,
      (l) => {
        l.revokedAt = at;
        l.revokedBy = by;
      },
    );
    return revoked ?? this.links.findById(id);
  }

  countView(token: string, now: Date): Promise<ShareLink | null> {
    return this.links.updateOne(
      (l) => l.token === token,
      (l) => l.revokedAt === null && (l.expiresAt === null || l.expiresAt.getTime() > now.getTime()),
      (l) => {
        l.views += 1;
      },
    );
  }

  async insertReport(report: ShareReport): Promise<void> {
    await this.reports.insertOne(report);
  }

  async listReports({ skip, limit }: { skip: number; limit: number }): Promise<ShareReportPage> {
    const [items, total] = await Promise.all([
      this.reports.find(undefined, { sort: newestFirst, skip, limit }),
      this.reports.count(),
    ]);
    return { items, total };
  }

  async deleteByJob(jobId: string): Promise<number> {
    // Links first: once they are gone the page is a 404, whatever happens to the reports.
    const removed = await this.links.deleteMany((l) => l.jobId === jobId);
    await this.reports.deleteMany((r) => r.jobId === jobId);
    return removed;
  }

  async deleteByUser(userId: string): Promise<number> {
    const removed = await this.links.deleteMany((l) => l.userId === userId);
    await this.reports.deleteMany((r) => r.userId === userId);
    return removed;
  }

  async close(): Promise<void> {
    await Promise.all([this.links.close(), this.reports.close()]);
  }
}
