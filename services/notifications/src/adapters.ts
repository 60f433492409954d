import { join } from 'node:path';
import { breakerSettingsOf } from '@kadr/config';
import { openInOrder, openStores } from '@kadr/documents';
import { eventBusFromEnvironment, type EventBus } from '@kadr/event-bus';
import { internalTokenKeys, type AdapterContext, type OpenedAdapters } from '@kadr/http-kit';
import type { NotificationsConfig } from './config';
import { NOTIFICATIONS_STORES, type NotificationsStores } from './data-access/stores';
import type { LanguageSource, PresenceSource } from './domain/email/email-dispatcher';
import { MailCatcher } from './integrations/mail/mail-catcher';
import type { MailSender } from './integrations/mail/mail-sender';
import { MemoryMailSender } from './integrations/mail/memory-mail-sender';
import { SmtpMailSender } from './integrations/mail/smtp-mail-sender';
import { GatewayPresenceClient } from './integrations/upstreams/gateway-presence.client';
import { I18nLanguageClient } from './integrations/upstreams/i18n-language.client';
import { ServiceCall } from './integrations/upstreams/service-call';

export interface NotificationsAdapters {
  eventBus: EventBus;
  stores: NotificationsStores;
  mail: MailSender;
  /** The development mail catcher, when it runs (no SMTP_URL, a DATA_DIR): its page is served. */
  mailCatcher?: MailCatcher;
  presence: PresenceSource;
  languages: LanguageSource;
}

/**
 * MONGODB_URI → MongoDB; otherwise memory collections persisted under DATA_DIR/notifications.
 * KAFKA_BROKERS → Kafka; otherwise the in-process bus. SMTP_URL → that relay; otherwise, with
 * DATA_DIR, the in-process mail catcher (reached over SMTP like a relay); otherwise memory.
 * What `provided` holds is used as it is and left open.
 */
export function openNotificationsAdapters(
  config: NotificationsConfig,
  { logger, metrics }: AdapterContext,
  provided: Partial<NotificationsAdapters> = {},
): Promise<NotificationsAdapters & OpenedAdapters> {
  return openInOrder(async (own) => {
    const eventBus =
      provided.eventBus ??
      own(eventBusFromEnvironment(config.KAFKA_BROKERS, 'notifications', logger, metrics.registry));
    const opened = own(
      await openStores({
        service: 'notifications',
        config,
        logger,
        registry: metrics.registry,
        stores: NOTIFICATIONS_STORES,
        provided: provided.stores,
      }),
    );
    let mailCatcher = provided.mailCatcher;
    if (!provided.mail && !mailCatcher && !config.SMTP_URL && config.DATA_DIR) {
      mailCatcher = own(await MailCatcher.start({ dir: join(config.DATA_DIR, 'notifications', 'mail') }));
    }
    const smtpUrl = config.SMTP_URL ?? mailCatcher?.url;
    const mail = provided.mail ?? own(smtpUrl ? new SmtpMailSender({ url: smtpUrl }) : new MemoryMailSender());
    const settings = {
      keys: internalTokenKeys(config),
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      ...breakerSettingsOf(config),
      logger,
      registry: metrics.registry,
    };
    return {
      eventBus,
      stores: opened.stores,
      mail,
      mailCatcher,
      presence:
        provided.presence ?? new GatewayPresenceClient(new ServiceCall('auth-gateway', config.GATEWAY_URL, settings)),
      languages: provided.languages ?? new I18nLanguageClient(new ServiceCall('i18n', config.I18N_URL, settings)),
      readinessChecks: opened.readinessChecks,
    };
  });
}
