import { z } from 'zod';
import { LANGUAGE_CODES } from '../values';

/**
 * The notifications service's API (docs/decisions.md "Tell me when it is done"): the signed-in
 * user's inbox and notification preferences through the gateway (`/bff/platform/api/notifications…`,
 * the user's internal token, audience `notifications`), the unsubscribe link (public, gateway's
 * service token), and what notifications asks of other services.
 */

export const NOTIFICATIONS_PATHS = {
  inbox: '/api/notifications',
  readOne: '/api/notifications/:id/read',
  readAll: '/api/notifications/read-all',
  preferences: '/api/notifications/preferences',
  /** Public (no session): the gateway forwards `POST /bff/public/notifications/unsubscribe` here. */
  unsubscribe: '/public/unsubscribe',
} as const;

/** The public path of the unsubscribe link's one-click POST (RFC 8058), on the gateway. */
export const PUBLIC_UNSUBSCRIBE_PATH = '/bff/public/notifications/unsubscribe';

/** Inbox entries kept per user (issue 20: "keeps the last 50 notifications per user"). */
export const INBOX_SIZE = 50;

export const NOTIFICATION_KINDS = ['job_completed', 'job_failed'] as const;
export type NotificationKindName = (typeof NOTIFICATION_KINDS)[number];

/** One inbox entry as the web app reads it. */
export const NotificationViewSchema = z.object({
  id: z.string().min(1),
  kind: z.enum(NOTIFICATION_KINDS),
  jobId: z.string().min(1),
  /** The start of the job's prompt (≤ 200 characters); may be empty. */
  prompt: z.string(),
  /** For `job_failed`: the ledger's release reason (e.g. `provider_failed`, `output_check`); else null. */
  reason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});
export type NotificationView = z.infer<typeof NotificationViewSchema>;

/** `GET /api/notifications`: the newest first, at most `INBOX_SIZE`. */
export const InboxResponseSchema = z.object({
  data: z.array(NotificationViewSchema).max(INBOX_SIZE),
  unread: z.number().int().nonnegative(),
});
export type InboxResponse = z.infer<typeof InboxResponseSchema>;

/** `POST /api/notifications/:id/read`. */
export const ReadNotificationResponseSchema = z.object({
  data: NotificationViewSchema,
  unread: z.number().int().nonnegative(),
});

/** `POST /api/notifications/read-all`. */
export const ReadAllResponseSchema = z.object({ data: z.object({ unread: z.literal(0) }) });

export const NotificationPreferencesSchema = z.object({
  /** E-mail when a video finishes after the user has left the site. */
  email: z.boolean(),
  /** Browser (Notification API) notifications while the site is open in a background tab. */
  browser: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** `GET`/`PUT /api/notifications/preferences` answer. */
export const NotificationPreferencesResponseSchema = z.object({ data: NotificationPreferencesSchema });

/** `PUT /api/notifications/preferences` body: either or both. */
export const NotificationPreferencesUpdateSchema = z
  .strictObject({
    email: z.boolean({ error: 'email must be true or false.' }).optional(),
    browser: z.boolean({ error: 'browser must be true or false.' }).optional(),
  })
  .refine((update) => update.email !== undefined || update.browser !== undefined, {
    error: 'Send email, browser or both.',
  })
  // The refinement in the API document's words (a JSON Schema cannot run it): at least one of the two.
  .meta({ minProperties: 1 });
export type NotificationPreferencesUpdate = z.infer<typeof NotificationPreferencesUpdateSchema>;

/** The unsubscribe link's token: signed, opaque to the client. */
export const UnsubscribeTokenSchema = z
  .string({ error: 'The unsubscribe link has no token.' })
  .min(16, { error: 'The unsubscribe link is incomplete.' })
  .max(2048, { error: 'The unsubscribe link is too long.' });

/** `POST /public/unsubscribe` JSON body (the one-click form POST carries the token in the query instead). */
export const UnsubscribeRequestSchema = z.object({ token: UnsubscribeTokenSchema });

export const UnsubscribeResponseSchema = z.object({ data: z.object({ email: z.literal(false) }) });

/** i18n `GET /internal/users/:id/language` (a service caller): the language to write to the user in. */
export const I18N_INTERNAL_USER_LANGUAGE_PATH = '/internal/users/:id/language';
export const InternalUserLanguageResponseSchema = z.object({
  data: z.object({ language: z.enum(LANGUAGE_CODES) }),
});

/**
 * auth-gateway `GET /internal/users/:id/presence` (a service caller): when the user last had a
 * live stream open (any tab, any replica) and whether one is open now.
 */
export const GATEWAY_INTERNAL_PRESENCE_PATH = '/internal/users/:id/presence';
export const UserPresenceResponseSchema = z.object({
  data: z.object({ lastSeenAt: z.iso.datetime().nullable(), online: z.boolean() }),
});
export type UserPresence = z.infer<typeof UserPresenceResponseSchema>['data'];
