import { Router, type Response } from 'express';
import { NOTIFICATIONS_PATHS, NotificationPreferencesUpdateSchema, type InboxResponse } from '@kadr/contracts';
import { callerOf, HttpProblem, parseInput, requireInternalCaller, type InternalTokenKeys } from '@kadr/http-kit';
import type { PreferenceRepository } from '../../data-access/preference.repository';
import type { Inbox } from '../../domain/inbox/inbox';
import { notificationView } from '../../domain/inbox/notification';

export interface NotificationsRoutesDeps {
  inbox: Inbox;
  preferences: PreferenceRepository;
  internalTokenKeys: InternalTokenKeys;
  now?: () => Date;
}

const userIdOf = (res: Response): string => {
  const caller = callerOf(res);
  if (caller.kind !== 'user') throw new HttpProblem('forbidden', { detail: 'Only a signed-in user has an inbox.' });
  return caller.userId;
};

const correlationIdOf = (res: Response): string | undefined => res.locals.correlationId as string | undefined;

/**
 * `/api/notifications/*` as the gateway forwards it (it strips `/bff/platform`): the signed-in
 * user's own inbox and preferences, never anyone else's (the user id comes from the token).
 */
export function notificationsRoutes({
  inbox,
  preferences,
  internalTokenKeys,
  now = () => new Date(),
}: NotificationsRoutesDeps): Router {
  const router = Router();
  router.use(NOTIFICATIONS_PATHS.inbox, requireInternalCaller({ keys: internalTokenKeys, audience: 'notifications' }));

  router.get(NOTIFICATIONS_PATHS.inbox, async (_req, res) => {
    const { notifications, unread } = await inbox.list(userIdOf(res));
    const body: InboxResponse = { data: notifications.map(notificationView), unread };
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.post(NOTIFICATIONS_PATHS.readAll, async (_req, res) => {
    await inbox.readAll(userIdOf(res), correlationIdOf(res));
    res.json({ data: { unread: 0 } });
  });

  router.post(NOTIFICATIONS_PATHS.readOne, async (req, res) => {
    const read = await inbox.read(userIdOf(res), String(req.params.id), correlationIdOf(res));
    if (!read) throw new HttpProblem('not_found', { detail: 'There is no such notification in your inbox.' });
    res.json({ data: notificationView(read.notification), unread: read.unread });
  });

  router.get(NOTIFICATIONS_PATHS.preferences, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ data: await preferences.find(userIdOf(res)) });
  });

  router.put(NOTIFICATIONS_PATHS.preferences, async (req, res) => {
    const userId = userIdOf(res);
    const change = parseInput(NotificationPreferencesUpdateSchema, req.body);
    res.json({ data: await preferences.update(userId, change, now()) });
  });

  return router;
}
