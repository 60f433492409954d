import { INBOX_SIZE, type NotificationKindName } from '@kadr/contracts';
import type { JobPromptRepository } from '../../data-access/job-prompt.repository';
import type { NotificationRepository } from '../../data-access/notification.repository';
import type { InboxChanges } from './inbox-changes';
import { promptExcerpt, type StoredNotification } from './notification';

export interface FinishedJob {
  jobId: string;
  userId: string;
  kind: NotificationKindName;
  /** For a failure: the release reason as the ledger writes it; null for a completion. */
  reason: string | null;
  finishedAt: Date;
  correlationId?: string;
}

export interface InboxDeps {
  notifications: NotificationRepository;
  jobPrompts: JobPromptRepository;
  changes: InboxChanges;
  now?: () => Date;
}

/**
 * Each user's inbox: one notification per finished job (its id is the job's, so a redelivered
 * event finds it and adds nothing), the newest `INBOX_SIZE` kept, read state stored here so
 * every device sees the same. Every change is announced with the unread count after it; an
 * announcement may repeat (at-least-once), and the web app knows a notification by its id.
 */
export class Inbox {
  private readonly now: () => Date;

  constructor(private readonly deps: InboxDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** `job.created`: remember the prompt until the job finishes. */
  async jobCreated(jobId: string, userId: string, prompt: string): Promise<void> {
    await this.deps.jobPrompts.save({ id: jobId, userId, prompt: promptExcerpt(prompt) });
  }

  /** A job completed or failed: its notification (e-mail pending from now, see `decideEmail`). */
  async jobFinished(job: FinishedJob): Promise<{ notification: StoredNotification; created: boolean }> {
    const { notifications, jobPrompts, changes } = this.deps;
    const prompt = (await jobPrompts.find(job.jobId))?.prompt ?? '';
    const { notification, created } = await notifications.addIfAbsent({
      id: job.jobId,
      userId: job.userId,
      kind: job.kind,
      jobId: job.jobId,
      prompt,
      reason: job.reason,
      createdAt: job.finishedAt,
      readAt: null,
      email: { state: 'pending', dueAt: job.finishedAt, attempts: 0 },
    });
    if (created) await notifications.trim(job.userId, INBOX_SIZE);
    await jobPrompts.delete(job.jobId);
    // Announced on every delivery: an earlier one may have stored it and failed before this.
    await changes.changed(job.userId, notification, await notifications.countUnread(job.userId), job.correlationId);
    return { notification, created };
  }

  list(userId: string): Promise<{ notifications: StoredNotification[]; unread: number }> {
    return Promise.all([
      this.deps.notifications.list(userId, INBOX_SIZE),
      this.deps.notifications.countUnread(userId),
    ]).then(([notifications, unread]) => ({ notifications, unread }));
  }

  /** Marks one read; null when the user has no such notification. */
  async read(
    userId: string,
    id: string,
    correlationId?: string,
  ): Promise<{ notification: StoredNotification; unread: number } | null> {
    const { notifications, changes } = this.deps;
    const before = await notifications.find(userId, id);
    if (!before) return null;
    const notification = (await notifications.markRead(userId, id, this.now())) ?? before;
    const unread = await notifications.countUnread(userId);
    if (!before.readAt) await changes.changed(userId, null, unread, correlationId);
    return { notification, unread };
  }

  async readAll(userId: string, correlationId?: string): Promise<void> {
    const changed = await this.deps.notifications.markAllRead(userId, this.now());
    if (changed > 0) await this.deps.changes.changed(userId, null, 0, correlationId);
  }

  /** `job.deleted`: the video is gone, so is its notification (a link to it would lead nowhere). */
  async jobDeleted(jobId: string, userId: string, correlationId?: string): Promise<void> {
    const { notifications, jobPrompts, changes } = this.deps;
    await jobPrompts.delete(jobId);
    if ((await notifications.deleteForJob(jobId)) > 0) {
      await changes.changed(userId, null, await notifications.countUnread(userId), correlationId);
    }
  }

  /** `user.deleted`: everything kept for the user. */
  async forgetUser(userId: string): Promise<void> {
    await this.deps.notifications.deleteForUser(userId);
    await this.deps.jobPrompts.deleteForUser(userId);
  }
}
