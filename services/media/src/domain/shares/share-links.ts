import { randomUUID } from 'node:crypto';
import {
  SHARE_LINKS_PER_VIDEO_MAX,
  type ShareLinkCreateRequest,
  type ShareLinkView,
  type ShareReportRequest,
  type ShareReportsPage,
  type SharedVideo,
} from '@kadr/contracts';
import type { ShareRepository } from '../../data-access/share.repository';
import { MediaDomainError } from '../errors';
import type { MediaLibrary, Viewer } from '../videos/media-library';
import type { VideoRecord } from '../videos/video';
import {
  expiryOf,
  isActive,
  newShareToken,
  textOrNull,
  toShareLinkView,
  toShareReportView,
  type ShareLink,
} from './share-link';

export interface ShareLinksDeps {
  shares: ShareRepository;
  library: MediaLibrary;
  newId?: () => string;
  newToken?: () => string;
  now?: () => Date;
}

/** What the owner asks for, plus the prompt the gateway read from jobs as the owner. */
export type CreateShareLink = ShareLinkCreateRequest & { prompt?: string | null };

/** The same answer for a missing, expired and revoked link: nothing tells them apart to a visitor. */
export const noSuchShare = (): MediaDomainError => new MediaDomainError('not_found', 'There is no such shared video.');
const noSuchVideo = (): MediaDomainError => new MediaDomainError('not_found', 'There is no such video.');

/** A shared video that can be shown: its link is active and its video still exists. */
export interface ActiveShare {
  link: ShareLink;
  video: VideoRecord;
}

/** What the public page shows: the prompt unless hidden, the chosen name, never anything else of the owner. */
function sharedVideoOf(link: ShareLink, video: VideoRecord): SharedVideo {
  return {
    token: link.token,
    prompt: link.hidePrompt ? null : link.prompt,
    shownAs: link.shownAs,
    allowIndexing: link.allowIndexing,
    width: video.width,
    height: video.height,
    durationSeconds: video.durationSeconds,
    contentType: video.type,
  };
}

/** The share-link use cases: the owner's links, the public page's reads, reports, and the administrator's revoke. */
export class ShareLinks {
  private readonly shares: ShareRepository;
  private readonly library: MediaLibrary;
  private readonly newId: () => string;
  private readonly newToken: () => string;
  private readonly now: () => Date;

  constructor({
    shares,
    library,
    newId = randomUUID,
    newToken = newShareToken,
    now = () => new Date(),
  }: ShareLinksDeps) {
    this.shares = shares;
    this.library = library;
    this.newId = newId;
    this.newToken = newToken;
    this.now = now;
  }

  /** The owner's own video (only the owner: the administrator does not share other people's videos). */
  private async ownVideo(viewer: Viewer, jobId: string): Promise<VideoRecord> {
    const video = await this.library.visibleVideo({ ...viewer, isAdministrator: false }, jobId);
    if (!video) throw noSuchVideo();
    return video;
  }

  /** A new link to the owner's finished video (a video record exists only for a COMPLETED job). */
  async create(viewer: Viewer, jobId: string, request: CreateShareLink): Promise<ShareLinkView> {
    const video = await this.ownVideo(viewer, jobId);
    if ((await this.shares.countUnrevokedByJob(video.jobId)) >= SHARE_LINKS_PER_VIDEO_MAX) {
      throw new MediaDomainError(
        'conflict',
        `A video can have at most ${SHARE_LINKS_PER_VIDEO_MAX} links. Revoke one first.`,
      );
    }
    const createdAt = this.now();
    const link = await this.shares.insertLink({
      id: this.newId(),
      token: this.newToken(),
      jobId: video.jobId,
      userId: video.userId,
      label: textOrNull(request.label),
      createdAt,
      expiresAt: expiryOf(createdAt, request.expiresInDays),
      revokedAt: null,
      revokedBy: null,
      hidePrompt: request.hidePrompt ?? false,
      allowIndexing: request.allowIndexing ?? false,
      shownAs: textOrNull(request.shownAs),
      prompt: request.prompt ?? null,
      views: 0,
    });
    return toShareLinkView(link, createdAt);
  }

  async list(viewer: Viewer, jobId: string): Promise<ShareLinkView[]> {
    const video = await this.ownVideo(viewer, jobId);
    const now = this.now();
    return (await this.shares.listLinksByJob(video.jobId)).map((link) => toShareLinkView(link, now));
  }

  /** Revoking is idempotent; another video's link id is the same 404 as a missing one. */
  async revoke(viewer: Viewer, jobId: string, linkId: string): Promise<ShareLinkView> {
    const video = await this.ownVideo(viewer, jobId);
    const link = await this.shares.findLinkById(linkId);
    if (!link || link.jobId !== video.jobId) throw noSuchShare();
    const revoked = await this.shares.revokeLink(link.id, this.now(), 'owner');
    if (!revoked) throw noSuchShare();
    return toShareLinkView(revoked, this.now());
  }

  /** The link and its video when the page may be shown now; null otherwise (missing, expired, revoked, video gone). */
  async active(token: string): Promise<ActiveShare | null> {
    const link = await this.shares.findLinkByToken(token);
    if (!link || !isActive(link, this.now())) return null;
    const video = await this.library.videoOfJob(link.jobId);
    return video ? { link, video } : null;
  }

  /** The page's data; counts one view. */
  async view(token: string): Promise<SharedVideo> {
    const share = await this.active(token);
    if (!share) throw noSuchShare();
    const counted = await this.shares.countView(token, this.now());
    // Revoked or expired between the two reads: the page is gone.
    if (!counted) throw noSuchShare();
    return sharedVideoOf(counted, share.video);
  }

  /** The page's data without counting a view (a HEAD of the page: link checkers, previews probing). */
  async peek(token: string): Promise<SharedVideo> {
    const share = await this.active(token);
    if (!share) throw noSuchShare();
    return sharedVideoOf(share.link, share.video);
  }

  /** Anyone's report of an active shared video. */
  async report(token: string, request: ShareReportRequest): Promise<void> {
    const share = await this.active(token);
    if (!share) throw noSuchShare();
    await this.shares.insertReport({
      id: this.newId(),
      linkId: share.link.id,
      jobId: share.link.jobId,
      userId: share.link.userId,
      reason: request.reason,
      details: textOrNull(request.details),
      createdAt: this.now(),
    });
  }

  async reports(page: { skip: number; take: number }): Promise<ShareReportsPage> {
    const { items, total } = await this.shares.listReports({ skip: page.skip, limit: page.take });
    const now = this.now();
    const links = await Promise.all(items.map((report) => this.shares.findLinkById(report.linkId)));
    return {
      data: items.map((report, i) => toShareReportView(report, links[i] ?? null, now)),
      pagination: { skip: page.skip, take: page.take, total },
    };
  }

  /** The administrator's revoke of any link (admin audits it); idempotent. */
  async revokeAny(linkId: string): Promise<ShareLinkView> {
    const revoked = await this.shares.revokeLink(linkId, this.now(), 'admin');
    if (!revoked) throw noSuchShare();
    return toShareLinkView(revoked, this.now());
  }

  /** `job.deleted`: the job's links and their reports. Idempotent. */
  deleteJob(jobId: string): Promise<number> {
    return this.shares.deleteByJob(jobId);
  }

  /** `user.deleted`: every link of the user's videos. Idempotent. */
  purgeUser(userId: string): Promise<number> {
    return this.shares.deleteByUser(userId);
  }
}
