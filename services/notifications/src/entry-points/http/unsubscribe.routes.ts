import express, { Router } from 'express';
import { NOTIFICATIONS_PATHS, UnsubscribeTokenSchema } from '@kadr/contracts';
import { callerOf, HttpProblem, parseInput, requireInternalCaller, type InternalTokenKeys } from '@kadr/http-kit';
import type { PreferenceRepository } from '../../data-access/preference.repository';
import type { UnsubscribeTokens } from '../../domain/email/unsubscribe-token';

export interface UnsubscribeRoutesDeps {
  tokens: UnsubscribeTokens;
  preferences: PreferenceRepository;
  internalTokenKeys: InternalTokenKeys;
  onUnsubscribed: () => void;
  now?: () => Date;
}

const INVALID_LINK = 'This unsubscribe link is not valid or has expired. Sign in and turn e-mails off in Settings.';

/**
 * `POST /public/unsubscribe`: the e-mail's unsubscribe link, for someone who is not signed in.
 * The gateway forwards it with its own service token; the signed token in the link names the user
 * and is the only authority, so it can only ever turn that user's e-mail off. The token comes in
 * the JSON body (the web page's button) or the query (a mail client's RFC 8058 one-click POST,
 * whose form body `List-Unsubscribe=One-Click` says nothing more). Doing it twice changes nothing.
 */
export function unsubscribeRoutes({
  tokens,
  preferences,
  internalTokenKeys,
  onUnsubscribed,
  now = () => new Date(),
}: UnsubscribeRoutesDeps): Router {
  const router = Router();
  router.post(
    NOTIFICATIONS_PATHS.unsubscribe,
    requireInternalCaller({ keys: internalTokenKeys, audience: 'notifications' }),
    express.urlencoded({ extended: false, limit: '4kb' }),
    async (req, res) => {
      if (callerOf(res).kind !== 'service') throw new HttpProblem('forbidden');
      const fromBody = (req.body as { token?: unknown } | undefined)?.token;
      const token = parseInput(UnsubscribeTokenSchema, typeof fromBody === 'string' ? fromBody : req.query.token);
      const userId = await tokens.userOf(token, now());
      if (!userId) throw new HttpProblem('validation', { detail: INVALID_LINK });
      const before = await preferences.find(userId);
      await preferences.update(userId, { email: false }, now());
      if (before.email) onUnsubscribed();
      res.json({ data: { email: false } });
    },
  );
  return router;
}
