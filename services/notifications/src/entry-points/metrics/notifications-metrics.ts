import { Counter, type Registry } from 'prom-client';
import type { NotificationKindName } from '@kadr/contracts';
import { metricOnce } from '@kadr/telemetry';
import type { EmailObserver } from '../../domain/email/email-dispatcher';
import type { EmailSkipReason } from '../../domain/inbox/notification';

export interface NotificationsMetrics {
  email: EmailObserver;
  notificationCreated(kind: NotificationKindName): void;
  unsubscribed(): void;
}

const SKIP_REASONS: readonly EmailSkipReason[] = ['opted_out', 'seen', 'read', 'no_address'];

/** The service's counters (served on METRICS_PORT); every series of a fixed label set starts at 0. */
export function notificationsMetricsOf(registry: Registry): NotificationsMetrics {
  const registers = [registry];
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    metricOnce(registry, name, () => new Counter<L>({ name, help, labelNames, registers }));

  const created = counter(
    'notifications_created_total',
    'Inbox notifications created, by kind (redeliveries not counted)',
    ['kind'],
  );
  const emails = counter(
    'notification_emails_total',
    'Finished-job e-mails by outcome: sent, skipped (why), retry (a transient failure, tried again later) or failed (given up)',
    ['outcome', 'reason'],
  );
  const unsubscribes = counter('notification_unsubscribes_total', 'E-mail turned off through an unsubscribe link', []);

  for (const kind of ['job_completed', 'job_failed'] as const) created.inc({ kind }, 0);
  emails.inc({ outcome: 'sent', reason: '' }, 0);
  emails.inc({ outcome: 'retry', reason: '' }, 0);
  emails.inc({ outcome: 'failed', reason: '' }, 0);
  for (const reason of SKIP_REASONS) emails.inc({ outcome: 'skipped', reason }, 0);
  unsubscribes.inc(0);

  return {
    email: {
      emailSent: () => emails.inc({ outcome: 'sent', reason: '' }),
      emailSkipped: (reason) => emails.inc({ outcome: 'skipped', reason }),
      emailFailed: (permanent) => emails.inc({ outcome: permanent ? 'failed' : 'retry', reason: '' }),
    },
    notificationCreated: (kind) => created.inc({ kind }),
    unsubscribed: () => unsubscribes.inc(),
  };
}
