import { Router } from 'express';
import { backgroundWork, createHttpApp, internalTokenKeys, repeatEvery, serveService } from '@kadr/http-kit';
import type { ComposedService, ServedService, ServiceParts, StartOptions } from '@kadr/http-kit';
import { openNotificationsAdapters, type NotificationsAdapters } from './adapters';
import type { NotificationsConfig } from './config';
import { EmailDispatcher } from './domain/email/email-dispatcher';
import { UnsubscribeTokens } from './domain/email/unsubscribe-token';
import { Inbox } from './domain/inbox/inbox';
import { devMailRoutes } from './entry-points/http/dev-mail.routes';
import { notificationsRoutes } from './entry-points/http/notifications.routes';
import { unsubscribeRoutes } from './entry-points/http/unsubscribe.routes';
import { busInboxChanges } from './entry-points/messaging/notifications-changed.publisher';
import { SERVICE, subscribeNotificationEvents } from './entry-points/messaging/notifications.consumer';
import { notificationsMetricsOf } from './entry-points/metrics/notifications-metrics';

export interface ComposedNotifications extends ComposedService {
  inbox: Inbox;
  emails: EmailDispatcher;
}

export type RunningNotifications = ServedService<NotificationsAdapters, ComposedNotifications>;

/**
 * notifications without a listening socket: the inbox and preference routes, the unsubscribe
 * link, the dev mail page (catcher only); in the background the event consumer and the e-mail
 * dispatcher (every EMAIL_SCAN_MS).
 */
export function composeNotifications({
  config,
  adapters,
  logger,
  metrics,
  readinessChecks,
}: ServiceParts<NotificationsAdapters, NotificationsConfig>): ComposedNotifications {
  const { eventBus: bus, stores, mail, mailCatcher, presence, languages } = adapters;
  const counters = notificationsMetricsOf(metrics.registry);
  const keys = internalTokenKeys(config);
  const tokens = new UnsubscribeTokens(config.UNSUBSCRIBE_TOKEN_SECRET);
  const inbox = new Inbox({
    notifications: stores.notifications,
    jobPrompts: stores.jobPrompts,
    changes: busInboxChanges(bus, SERVICE),
  });
  const emails = new EmailDispatcher({
    notifications: stores.notifications,
    preferences: stores.preferences,
    recipients: stores.recipients,
    presence,
    languages,
    mail,
    tokens,
    observer: counters.email,
    logger,
    publicUrl: config.PUBLIC_URL,
    from: config.MAIL_FROM,
    awayMs: config.EMAIL_AWAY_MS,
  });
  const routes = Router();
  routes.use(notificationsRoutes({ inbox, preferences: stores.preferences, internalTokenKeys: keys }));
  routes.use(
    unsubscribeRoutes({
      tokens,
      preferences: stores.preferences,
      internalTokenKeys: keys,
      onUnsubscribed: () => counters.unsubscribed(),
    }),
  );
  if (mailCatcher) routes.use(devMailRoutes(mailCatcher));
  const { app, health } = createHttpApp({ service: SERVICE, logger, metrics, routes, readinessChecks });
  return {
    app,
    health,
    inbox,
    emails,
    ...backgroundWork(async (own) => {
      own(
        await subscribeNotificationEvents({
          bus,
          inbox,
          recipients: stores.recipients,
          preferences: stores.preferences,
          metrics: counters,
          logger,
        }),
      );
      own(
        repeatEvery(
          config.EMAIL_SCAN_MS,
          () => emails.dispatchDue(),
          (error) => logger.warn({ err: error }, 'e-mail dispatch failed; next scan retries'),
        ),
      );
    }),
  };
}

/** Wires the notifications service from its config and listens; used by main.ts and the embedded launcher. */
export function startNotifications(
  config: NotificationsConfig,
  options: StartOptions<NotificationsAdapters> = {},
): Promise<RunningNotifications> {
  return serveService({
    service: SERVICE,
    config,
    options,
    open: openNotificationsAdapters,
    compose: composeNotifications,
  });
}
