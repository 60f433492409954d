import type { StoreFactories } from '@kadr/documents';
import type { JobPromptRepository } from './job-prompt.repository';
import { MemoryJobPromptRepository } from './memory-job-prompt.repository';
import { MemoryNotificationRepository } from './memory-notification.repository';
import { MemoryPreferenceRepository } from './memory-preference.repository';
import { MemoryRecipientRepository } from './memory-recipient.repository';
import type * as MongooseJobPrompts from './mongoose-job-prompt.repository';
import type * as MongooseNotifications from './mongoose-notification.repository';
import type * as MongoosePreferences from './mongoose-preference.repository';
import type * as MongooseRecipients from './mongoose-recipient.repository';
import type { NotificationRepository } from './notification.repository';
import type { PreferenceRepository } from './preference.repository';
import type { RecipientRepository } from './recipient.repository';

/* eslint-disable @typescript-eslint/no-require-imports -- The mongoose repositories are required on
   first use, not imported: mongoose then loads only when MONGODB_URI is set, never in the embedded
   mode (issue 19, start-up time). */
const mongoose = {
  notifications: () =>
    (require('./mongoose-notification.repository') as typeof MongooseNotifications).MongooseNotificationRepository,
  preferences: () =>
    (require('./mongoose-preference.repository') as typeof MongoosePreferences).MongoosePreferenceRepository,
  recipients: () =>
    (require('./mongoose-recipient.repository') as typeof MongooseRecipients).MongooseRecipientRepository,
  jobPrompts: () =>
    (require('./mongoose-job-prompt.repository') as typeof MongooseJobPrompts).MongooseJobPromptRepository,
};
/* eslint-enable @typescript-eslint/no-require-imports */

/** The collections notifications keeps. */
export interface NotificationsStores {
  notifications: NotificationRepository;
  preferences: PreferenceRepository;
  recipients: RecipientRepository;
  jobPrompts: JobPromptRepository;
}

/** Each collection on MongoDB or in memory (`openStores` of @kadr/documents picks one). */
export const NOTIFICATIONS_STORES: StoreFactories<NotificationsStores> = {
  notifications: {
    mongo: (c) => new (mongoose.notifications())(c),
    memory: (p) => MemoryNotificationRepository.create(p),
  },
  preferences: {
    mongo: (c) => new (mongoose.preferences())(c),
    memory: (p) => MemoryPreferenceRepository.create(p),
  },
  recipients: {
    mongo: (c) => new (mongoose.recipients())(c),
    memory: (p) => MemoryRecipientRepository.create(p),
  },
  jobPrompts: {
    mongo: (c) => new (mongoose.jobPrompts())(c),
    memory: (p) => MemoryJobPromptRepository.create(p),
  },
};
