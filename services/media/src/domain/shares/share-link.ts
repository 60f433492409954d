import { randomBytes } from 'node:crypto';
import { sharePagePath, type ShareLinkView, type ShareReportReason, type ShareReportView } from '@kadr/contracts';

/** A public link to one finished video (issue 21). The token is the capability: whoever has it sees the page. */
export interface ShareLink {
  id: string;
  token: string;
  jobId: string;
  /** The video's owner: only they (and the administrator) manage the link. */
  userId: string;
  label: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  /** Who revoked it: the owner, or the administrator after a report. */
  revokedBy: 'owner' | 'admin' | null;
  hidePrompt: boolean;
  allowIndexing: boolean;
  /** The one thing about the owner the page shows, chosen per link; none by default. */
  shownAs: string | null;
  /** The job's prompt when the link was made (the gateway read it from jobs as the owner). */
  prompt: string | null;
  views: number;
}

/** Someone's report of a shared video; kept until the video (or its owner) is deleted. */
export interface ShareReport {
  id: string;
  linkId: string;
  jobId: string;
  /** The video's owner (what a user purge deletes by). */
  userId: string;
  reason: ShareReportReason;
  details: string | null;
  createdAt: Date;
}

/** 32 random bytes as base64url: 256 bits, not guessable, safe in a URL path as it is. */
export const newShareToken = (): string => randomBytes(32).toString('base64url');

export type ShareLinkState = ShareLinkView['state'];

/** Revoked wins over expired: the owner's (or administrator's) act is what they will want to see. */
export function stateOf(link: ShareLink, now: Date): ShareLinkState {
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

export const isActive = (link: ShareLink, now: Date): boolean => stateOf(link, now) === 'active';

const DAY_MS = 24 * 60 * 60 * 1000;
export const expiryOf = (createdAt: Date, days: number | null | undefined): Date | null =>
  days ? new Date(createdAt.getTime() + days * DAY_MS) : null;

/** An empty free text is "none". */
export const textOrNull = (value: string | undefined): string | null => (value ? value : null);

export function toShareLinkView(link: ShareLink, now: Date): ShareLinkView {
  return {
    id: link.id,
    jobId: link.jobId,
    token: link.token,
    path: sharePagePath(link.token),
    label: link.label,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt?.toISOString() ?? null,
    revokedAt: link.revokedAt?.toISOString() ?? null,
    hidePrompt: link.hidePrompt,
    allowIndexing: link.allowIndexing,
    shownAs: link.shownAs,
    views: link.views,
    state: stateOf(link, now),
  };
}

export function toShareReportView(report: ShareReport, link: ShareLink | null, now: Date): ShareReportView {
  return {
    id: report.id,
    linkId: report.linkId,
    jobId: report.jobId,
    ownerId: report.userId,
    reason: report.reason,
    details: report.details,
    createdAt: report.createdAt.toISOString(),
    link: link
      ? { path: sharePagePath(link.token), label: link.label, state: stateOf(link, now), views: link.views }
      : null,
  };
}
