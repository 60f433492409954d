export {
  composeNotifications,
  startNotifications,
  type ComposedNotifications,
  type RunningNotifications,
} from './service';
export type { NotificationsAdapters } from './adapters';
export { notificationsConfigSchema, type NotificationsConfig } from './config';
export { MailCatcher, type CaughtMail } from './integrations/mail/mail-catcher';
export { MemoryMailSender } from './integrations/mail/memory-mail-sender';
