import type { ShareLink, ShareReport } from '../domain/shares/share-link';

export interface ShareReportPage {
  items: ShareReport[];
  total: number;
}

/** Share links and the reports about them. Every write is one single-document operation. */
export interface ShareRepository {
  insertLink(link: ShareLink): Promise<ShareLink>;
  findLinkByToken(token: string): Promise<ShareLink | null>;
  findLinkById(id: string): Promise<ShareLink | null>;
  /** One video's links, newest first (ties by id). */
  listLinksByJob(jobId: string): Promise<ShareLink[]>;
  /** How many links of the video are not revoked (the per-video cap). */
  countUnrevokedByJob(jobId: string): Promise<number>;
  /**
   * Marks the link revoked unless it already is; returns the link as stored afterwards (the first
   * revocation's time and actor stay), or null when there is no such link.
   */
  revokeLink(id: string, at: Date, by: 'owner' | 'admin'): Promise<ShareLink | null>;
  /** Adds one view to an active link (not revoked, not expired at `now`); null when it is not active. */
  countView(token: string, now: Date): Promise<ShareLink | null>;
  insertReport(report: ShareReport): Promise<void>;
  /** Every report, newest first (ties by id, descending). */
  listReports(page: { skip: number; limit: number }): Promise<ShareReportPage>;
  /** Removes the job's links and their reports; returns how many links. */
  deleteByJob(jobId: string): Promise<number>;
  /** Removes every link of the user's videos and their reports; returns how many links. */
  deleteByUser(userId: string): Promise<number>;
  close(): Promise<void>;
}
