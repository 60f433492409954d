import { Router } from 'express';
import { GATEWAY_INTERNAL_PRESENCE_PATH, type UserPresence } from '@kadr/contracts';
import { callerOf, HttpProblem, requireInternalCaller, type InternalTokenKeys } from '@kadr/http-kit';
import type { PresenceStore } from '../../../data-access/live/presence-store';

/** The services that may ask where a user is. */
const PRESENCE_READERS = new Set(['notifications']);

export interface PresenceRoutesDeps {
  presence: Pick<PresenceStore, 'lastSeen'>;
  /** Seen more recently than this: a stream is open now. */
  onlineWindowMs: number;
  internalTokenKeys: InternalTokenKeys;
  now?: () => Date;
}

/**
 * `GET /internal/users/:id/presence`: when the user last had a live stream open, for the
 * notifications service ("e-mail only after the user has left"). Not a browser route: it needs an
 * internal identity token for the gateway from one of `PRESENCE_READERS`; the ingress does not
 * route `/internal` at all.
 */
export function presenceRoutes({
  presence,
  onlineWindowMs,
  internalTokenKeys,
  now = () => new Date(),
}: PresenceRoutesDeps): Router {
  const router = Router();
  router.get(
    GATEWAY_INTERNAL_PRESENCE_PATH,
    requireInternalCaller({ keys: internalTokenKeys, audience: 'auth-gateway' }),
    async (req, res) => {
      const caller = callerOf(res);
      if (caller.kind !== 'service' || !PRESENCE_READERS.has(caller.service)) {
        throw new HttpProblem('forbidden', { detail: 'Only the notifications service may ask this.' });
      }
      const seen = await presence.lastSeen(String(req.params.id));
      const data: UserPresence = {
        lastSeenAt: seen ? seen.at.toISOString() : null,
        // Open at the last write, and that write is fresh (a replica that died writes no "closed").
        online: seen !== null && seen.open && now().getTime() - seen.at.getTime() <= onlineWindowMs,
      };
      res.set('Cache-Control', 'no-store').json({ data });
    },
  );
  return router;
}
