import { z } from 'zod';
import {
  InboxResponseSchema,
  NotificationPreferencesResponseSchema,
  NotificationPreferencesUpdateSchema,
  PUBLIC_UNSUBSCRIBE_PATH,
  ReadAllResponseSchema,
  ReadNotificationResponseSchema,
  UnsubscribeRequestSchema,
  UnsubscribeResponseSchema,
  UnsubscribeTokenSchema,
} from '@kadr/contracts';
import type { OpenApiRegistry } from './openapi-registry';
import { platformPath } from './platform-path';

/** A notification's id: its job's id. */
const NotificationIdParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/) });

/** The notifications service's routes: the inbox, its preferences and the unsubscribe link. */
export function addNotificationsOperations(registry: OpenApiRegistry): OpenApiRegistry {
  const common = { tags: ['notifications'], proxied: true };
  return registry
    .add({
      ...common,
      method: 'get',
      path: platformPath('/api/notifications'),
      summary: "The user's inbox",
      description: 'The last 50 notifications (a video finished or failed), newest first, and how many are unread.',
      responses: { 200: { description: 'The inbox', schema: InboxResponseSchema } },
    })
    .add({
      ...common,
      method: 'post',
      path: platformPath('/api/notifications/read-all'),
      summary: 'Mark every notification read',
      responses: { 200: { description: 'Nothing is unread now', schema: ReadAllResponseSchema } },
    })
    .add({
      ...common,
      method: 'post',
      path: platformPath('/api/notifications/{id}/read'),
      summary: 'Mark one notification read',
      params: NotificationIdParamsSchema,
      responses: {
        200: { description: 'The notification, read', schema: ReadNotificationResponseSchema },
        404: { description: 'No such notification in your inbox' },
      },
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/api/notifications/preferences'),
      summary: "The user's notification preferences",
      responses: {
        200: {
          description: 'E-mail and browser notifications (both on by default)',
          schema: NotificationPreferencesResponseSchema,
        },
      },
    })
    .add({
      ...common,
      method: 'put',
      path: platformPath('/api/notifications/preferences'),
      summary: 'Turn e-mail or browser notifications on or off',
      body: NotificationPreferencesUpdateSchema,
      responses: { 200: { description: 'The preferences now', schema: NotificationPreferencesResponseSchema } },
    })
    .add({
      ...common,
      method: 'post',
      path: PUBLIC_UNSUBSCRIBE_PATH,
      summary: "Stop the 'your video is ready' e-mails (the e-mail's unsubscribe link)",
      description:
        'Works without signing in: the signed token from the e-mail names the user. No session, CSRF token or Idempotency-Key. The token comes in the JSON body, or in the query with the RFC 8058 one-click form body `List-Unsubscribe=One-Click`. Repeating it changes nothing.',
      public: true,
      browserGuards: false,
      query: z.object({ token: UnsubscribeTokenSchema.optional() }),
      body: UnsubscribeRequestSchema,
      responses: {
        200: { description: 'E-mail is off', schema: UnsubscribeResponseSchema },
        400: { description: 'The link is not valid or has expired' },
      },
    });
}
