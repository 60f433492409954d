import { Router, type Request, type Response } from 'express';
import { HttpProblem } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import { LIVE_LOG_MAX_LENGTH, type LiveEntry, type LiveFeedStore } from '../../../data-access/live/live-feed-store';
import type { LiveFeedSubscriptions } from '../../../data-access/live/live-feed-subscriptions';
import type { SessionStore } from '../../../data-access/sessions/session-store';
import { sessionTagOf } from '../../../domain/sessions/session';
import { sessionOf } from '../03-session/request-context';
import type { LiveConnections } from './live-connections';
import type { LiveMetrics } from './live-metrics';
import { EMPTY_LOG_ID, resumePointOf, type ResumePoint } from './resume-point';
import { SessionEndWatches } from './session-end-watch';
import { SseConnection, type BackPressureLimits } from './sse-connection';
import { withStreamOpenSpan } from './stream-open-span';

export const LIVE_STREAM_PATH = '/bff/sse/jobs';
/** The spec's "Event reconnect delay" (§9), sent as the stream's `retry:`. */
export const RECONNECT_DELAY_MS = 2_000;
/** Retry-After of the 429 at the per-user limit: a slot frees when one of the user's streams closes. */
const LIMIT_RETRY_AFTER_SECONDS = 5;
/**
 * Retry-After of the 503 when this replica holds its most streams: long enough for the load
 * balancer to send the retry elsewhere or for streams to close, short enough to stay "live".
 */
const REPLICA_FULL_RETRY_AFTER_SECONDS = 10;

export interface LiveRoutesDeps {
  feed: LiveFeedStore;
  subscriptions: LiveFeedSubscriptions;
  connections: LiveConnections;
  /** A stream ends with its session (expiry is watched here; sign-outs arrive as notices, see live-updates.ts). */
  sessions: Pick<SessionStore, 'get' | 'policy'>;
  limits: BackPressureLimits;
  metrics: LiveMetrics;
  logger: Logger;
}

interface StartingPoint {
  /** The id the client stands at once the replay is written. */
  start: string;
  replay: LiveEntry[];
  /** The client's id cannot be resumed from: it must re-seed. */
  reset: boolean;
}

/**
 * Where the stream starts. A client with a known id gets exactly the entries after it; one
 * without, or whose history is gone, starts at the newest entry (after a `reset`).
 */
async function startingPoint(feed: LiveFeedStore, userId: string, resume: ResumePoint): Promise<StartingPoint> {
  if (resume.kind === 'after' && resume.id !== EMPTY_LOG_ID) {
    const read = await feed.readAfter(userId, resume.id);
    if (!read.gap) return { start: resume.id, replay: read.entries, reset: false };
    return { start: read.entries.at(-1)?.id ?? resume.id, replay: [], reset: true };
  }
  if (resume.kind === 'after') {
    // `0-0`: the client connected while the log was empty, so everything in it is new to it —
    // unless the log is full, when older entries may have been trimmed away.
    const all = await feed.readAfter(userId);
    if (all.entries.length < LIVE_LOG_MAX_LENGTH) return { start: EMPTY_LOG_ID, replay: all.entries, reset: false };
    return { start: all.entries.at(-1)?.id ?? EMPTY_LOG_ID, replay: [], reset: true };
  }
  // A fresh or unknown start needs only the newest id, not the entries (most connections start so).
  const newest = (await feed.newestId(userId)) ?? EMPTY_LOG_ID;
  return { start: newest, replay: [], reset: resume.kind === 'unknown' };
}

function writeStreamHeaders(req: Request, res: Response): void {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  // no-transform: no proxy may compress or otherwise buffer the stream; X-Accel-Buffering: nginx.
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('X-Accel-Buffering', 'no');
  res.setHeader('Connection', 'keep-alive');
  res.flushHeaders();
  // A stream lives for hours and carries small frames: no idle time-out, no Nagle delay.
  req.socket.setTimeout(0);
  req.socket.setNoDelay(true);
  req.socket.setKeepAlive(true);
}

/**
 * `GET /bff/sse/jobs`: the signed-in user's live job and credits events (the session guard
 * in front answers 401 without a session). See README "Live updates".
 */
export function liveRoutes({
  feed,
  subscriptions,
  connections,
  sessions,
  limits,
  metrics,
  logger,
}: LiveRoutesDeps): Router {
  const router = Router();
  const sessionWatches = new SessionEndWatches((sessionId) => connections.endSession(sessionTagOf(sessionId)), {
    sessions,
    onError: (error) => logger.warn({ err: error }, 'session check of a live stream failed'),
  });
  const openStream = async (req: Request, res: Response): Promise<void> => {
    const session = sessionOf(res);
    if (!session) throw new HttpProblem('unauthorized');
    if (connections.isDraining) {
      throw new HttpProblem('service_unavailable', { detail: 'This server is shutting down. Please reconnect.' });
    }
    const userId = session.user.id;
    const refusal = connections.reserve(userId);
    if (refusal === 'replica_full') {
      // The problem handler sets Retry-After for 429s only.
      res.setHeader('Retry-After', String(REPLICA_FULL_RETRY_AFTER_SECONDS));
      throw new HttpProblem('service_unavailable', {
        detail: 'This server has as many live-update connections as it can hold. Please reconnect shortly.',
        extensions: { retryAfterSeconds: REPLICA_FULL_RETRY_AFTER_SECONDS },
      });
    }
    if (refusal === 'user_limit') {
      throw new HttpProblem('rate_limited', {
        detail: 'Too many open live-update connections. Close another tab or try again shortly.',
        extensions: { retryAfterSeconds: LIMIT_RETRY_AFTER_SECONDS },
      });
    }

    const connection = new SseConnection(userId, sessionTagOf(session.id), res, limits, metrics);
    let stopFollowing: (() => Promise<void>) | undefined;
    const resume = resumePointOf(req);
    let point: StartingPoint;
    try {
      // Follow first, read the log second: what is appended meanwhile arrives live and is
      // buffered until the replay is written (StreamPosition), so nothing falls in between.
      stopFollowing = await subscriptions.follow(userId, {
        onEntries: (entries) => {
          for (const entry of entries) connection.deliver(connection.position.offerLive(entry));
        },
        onForgotten: () => connection.end('forgotten'),
        onFellBehind: () => {
          connection.control('reconnect', {}, { retryMs: 0 });
          connection.end('fell_behind');
        },
      });
      point = await startingPoint(feed, userId, resume);
    } catch (error) {
      connections.release(userId);
      await stopFollowing?.();
      logger.error({ err: error }, 'live updates unavailable');
      throw new HttpProblem('service_unavailable', {
        detail: 'Live updates are unavailable right now. Please try again shortly.',
      });
    }
    const leave = stopFollowing;
    if (!connection.isOpen || connections.isDraining) {
      // The client left, or shutdown began, while the stream was being set up.
      connections.release(userId);
      await leave();
      if (!connection.isOpen) return;
      throw new HttpProblem('service_unavailable', { detail: 'This server is shutting down. Please reconnect.' });
    }
    connection.onClose(() => void leave().catch((error: unknown) => logger.warn({ err: error }, 'unfollow failed')));

    writeStreamHeaders(req, res);
    connections.add(connection);
    // After `add`: a sign-out from now on arrives as a notice; one that came before is seen by
    // the first read of the session's watch (a watch starts with its session's first stream here).
    connection.onClose(sessionWatches.join(session.id));
    const entries = connection.position.finishReplay(point.start, point.replay);
    // `connected` carries the position the stream starts from (before a reset: the newest id).
    connection.control('connected', {}, { id: point.start, retryMs: RECONNECT_DELAY_MS });
    metrics.streamsStarted.inc({ start: point.reset ? 'reset' : resume.kind === 'fresh' ? 'fresh' : 'resumed' });
    if (point.reset) {
      connection.control('reset', { reason: 'history_unavailable', reseedFrom: '/jobs/active' }, { id: point.start });
    }
    connection.deliver(entries);
  };
  router.get(LIVE_STREAM_PATH, (req, res) => withStreamOpenSpan(LIVE_STREAM_PATH, () => openStream(req, res)));
  return router;
}
