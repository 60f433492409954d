import type { LanguageCode, UserPresence } from '@kadr/contracts';
import type { Logger } from '@kadr/telemetry';
import type { NotificationRepository } from '../../data-access/notification.repository';
import type { PreferenceRepository } from '../../data-access/preference.repository';
import type { RecipientRepository } from '../../data-access/recipient.repository';
import { MailDeliveryError, type MailSender } from '../../integrations/mail/mail-sender';
import type { EmailSkipReason, StoredNotification } from '../inbox/notification';
import { decideEmail } from './email-decision';
import { jobFinishedMail } from './job-finished-mail';
import type { UnsubscribeTokens } from './unsubscribe-token';

/** Where a user was last seen (the gateway's live streams). */
export interface PresenceSource {
  presenceOf(userId: string): Promise<UserPresence>;
}

/** The language to write to a user in (i18n); null when it cannot be had now. */
export interface LanguageSource {
  languageOf(userId: string): Promise<LanguageCode | null>;
}

/** What the dispatcher reports (metrics). */
export interface EmailObserver {
  emailSent(): void;
  emailSkipped(reason: EmailSkipReason): void;
  emailFailed(permanent: boolean): void;
}

export interface EmailDispatcherDeps {
  notifications: NotificationRepository;
  preferences: PreferenceRepository;
  recipients: RecipientRepository;
  presence: PresenceSource;
  languages: LanguageSource;
  mail: MailSender;
  tokens: UnsubscribeTokens;
  observer: EmailObserver;
  logger: Logger;
  publicUrl: string;
  from: string;
  awayMs: number;
  now?: () => Date;
}

/** Delivery attempts of one e-mail before it is given up (transient failures only). */
export const MAX_EMAIL_ATTEMPTS = 5;
const RETRY_BASE_MS = 30_000;
/** When the gateway cannot say where the user is, ask again after this. */
const PRESENCE_RETRY_MS = 30_000;
const BATCH = 20;

/**
 * Sends the "your video finished" e-mails that are due, at most once per job: an e-mail is
 * claimed (`pending` → `sending`, one conditional write) before the SMTP server is asked, so two
 * dispatchers (replicas) never both send it, and a crash after the claim leaves it claimed rather
 * than sending it again. A delivery that failed for a reason that may pass (server away, 4xx) is
 * tried again later, up to `MAX_EMAIL_ATTEMPTS`.
 */
export class EmailDispatcher {
  private readonly now: () => Date;

  constructor(private readonly deps: EmailDispatcherDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Handles what is due now; how many e-mails were decided (sent, skipped, rescheduled or failed). */
  async dispatchDue(): Promise<number> {
    const due = await this.deps.notifications.dueEmails(this.now(), BATCH);
    let handled = 0;
    for (const notification of due) {
      try {
        if (await this.handle(notification)) handled += 1;
      } catch (error) {
        this.deps.logger.warn({ err: error, notificationId: notification.id }, 'e-mail not handled; will retry');
      }
    }
    return handled;
  }

  private async handle(notification: StoredNotification): Promise<boolean> {
    const { notifications, preferences, recipients, presence, observer } = this.deps;
    const email = notification.email;
    if (email.state !== 'pending') return false;
    const now = this.now();
    const [prefs, recipient] = await Promise.all([
      preferences.find(notification.userId),
      recipients.find(notification.userId),
    ]);
    let where: Awaited<ReturnType<PresenceSource['presenceOf']>>;
    try {
      where = await presence.presenceOf(notification.userId);
    } catch (error) {
      this.deps.logger.warn({ err: error, userId: notification.userId }, 'presence unknown; e-mail postponed');
      return notifications.updateEmail(notification.id, email, {
        ...email,
        dueAt: new Date(now.getTime() + PRESENCE_RETRY_MS),
      });
    }
    const decision = decideEmail({
      notification,
      preferences: prefs,
      recipient,
      presence: where,
      now,
      awayMs: this.deps.awayMs,
    });
    if (decision.action === 'wait') {
      return notifications.updateEmail(notification.id, email, { ...email, dueAt: decision.until });
    }
    if (decision.action === 'skip') {
      const skipped = await notifications.updateEmail(notification.id, email, {
        state: 'skipped',
        reason: decision.reason,
        at: now,
      });
      if (skipped) {
        observer.emailSkipped(decision.reason);
        this.deps.logger.info({ notificationId: notification.id, reason: decision.reason }, 'e-mail not needed');
      }
      return skipped;
    }
    const claim = { state: 'sending' as const, claimedAt: now, attempts: email.attempts + 1 };
    if (!(await notifications.updateEmail(notification.id, email, claim))) return false;
    await this.send(notification, recipient!.email, recipient!.language, claim);
    return true;
  }

  private async send(
    notification: StoredNotification,
    to: string,
    registeredLanguage: LanguageCode,
    claim: { state: 'sending'; claimedAt: Date; attempts: number },
  ): Promise<void> {
    const { notifications, languages, mail, tokens, observer, publicUrl, from } = this.deps;
    const language = (await languages.languageOf(notification.userId).catch(() => null)) ?? registeredLanguage;
    const token = await tokens.issue(notification.userId, claim.claimedAt);
    const unsubscribePage = new URL(`/unsubscribe?token=${encodeURIComponent(token)}`, publicUrl).toString();
    const oneClick = new URL(`/bff/public/notifications/unsubscribe?token=${encodeURIComponent(token)}`, publicUrl);
    const content = jobFinishedMail({
      notification,
      language,
      jobUrl: new URL(`/jobs/${encodeURIComponent(notification.jobId)}`, publicUrl).toString(),
      unsubscribeUrl: unsubscribePage,
    });
    const messageId = `job-${notification.jobId}@${new URL(publicUrl).hostname}`;
    try {
      await mail.send({
        from,
        to,
        ...content,
        messageId,
        headers: {
          // RFC 2369 and RFC 8058: mail clients offer their own one-click "unsubscribe".
          'List-Unsubscribe': `<${oneClick.toString()}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'Auto-Submitted': 'auto-generated',
        },
      });
    } catch (error) {
      const permanent = error instanceof MailDeliveryError && error.permanent;
      const giveUp = permanent || claim.attempts >= MAX_EMAIL_ATTEMPTS;
      const retryAt = new Date(this.now().getTime() + RETRY_BASE_MS * 2 ** (claim.attempts - 1));
      await notifications.updateEmail(
        notification.id,
        claim,
        giveUp
          ? { state: 'failed', at: this.now(), attempts: claim.attempts }
          : { state: 'pending', dueAt: retryAt, attempts: claim.attempts },
      );
      observer.emailFailed(giveUp);
      this.deps.logger.warn(
        { err: error, notificationId: notification.id, attempts: claim.attempts, giveUp },
        'e-mail not delivered',
      );
      return;
    }
    await notifications.updateEmail(notification.id, claim, { state: 'sent', sentAt: this.now(), messageId });
    observer.emailSent();
    this.deps.logger.info({ notificationId: notification.id, userId: notification.userId }, 'e-mail sent');
  }
}
