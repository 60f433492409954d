import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { HttpProblem } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import type { GatewayConfig } from '../../../config';
import { sessionOf } from '../03-session/request-context';
import { ACCOUNT_EXPORT_PATH } from '../09-gateway-routes/account/account-schemas';

export interface RateLimitsOptions {
  config: Pick<
    GatewayConfig,
    | 'RATE_LIMIT_USER_PER_MINUTE'
    | 'RATE_LIMIT_ANONYMOUS_PER_MINUTE'
    | 'RATE_LIMIT_TELEMETRY_PER_MINUTE'
    | 'RATE_LIMIT_MEDIA_PER_MINUTE'
    | 'RATE_LIMIT_EXPORT_PER_HOUR'
  >;
  /**
   * The shared counters of the distributed mode (an ioredis client on REDIS_URL, owned and closed
   * by the composition). Without it the counters live in this process (embedded mode).
   */
  redis?: Redis;
  /** Namespaces the counters in Redis. Default `auth-gateway:rate-limit:`. */
  keyPrefix?: string;
  logger: Logger;
  /** Told of every request a limit refused (the gateway's metrics). */
  onRejected?: (limit: RateLimitName) => void;
}

/** The budgets, each its own counters (in Redis under `<keyPrefix><name>`): a fixed set, the metrics' `limit` label. */
export type RateLimitName =
  | 'user'
  | 'ip'
  | 'login-ip'
  | 'telemetry-user'
  | 'media-user'
  | 'media-ip'
  | 'export-user'
  | 'share-ip'
  | 'share-report-ip';

/** One budget: its name and its limiter. */
interface Budget {
  name: RateLimitName;
  limiter: RateLimiterAbstract;
}

export interface RateLimits {
  /** Per signed-in user (RATE_LIMIT_USER_PER_MINUTE), per client IP without a session (RATE_LIMIT_ANONYMOUS_PER_MINUTE). */
  perCaller: RequestHandler;
  /** Per client IP (RATE_LIMIT_ANONYMOUS_PER_MINUTE), its own budget: for `/auth/login`. */
  perIp: RequestHandler;
  /**
   * Per signed-in user (RATE_LIMIT_TELEMETRY_PER_MINUTE), its own budget on top of `perCaller`:
   * for `POST /bff/telemetry`, so a runaway or hostile page cannot flood the logs and metrics (a
   * browser flushes once a minute and when hidden). Signed out it lets the request on to the 401.
   */
  telemetry: RequestHandler;
  /**
   * Per signed-in user, per client IP without a session (RATE_LIMIT_MEDIA_PER_MINUTE, 600): its
   * own budget for the same-origin media routes `/video`, `/thumbs`, `/blobs` (outside `/bff`).
   * A gallery page of 48 cards costs 48 thumbnails plus a few byte-range requests per video
   * played, so a person never meets it; a script pulling media in a loop does.
   */
  media: RequestHandler;
  /**
   * Per signed-in user and **hour** (RATE_LIMIT_EXPORT_PER_HOUR, 5), its own budget on top of
   * `perCaller`: for `GET /bff/platform/account/export`, which reads the person's whole history from
   * every service. A person downloads their data now and then; a loop would load every service.
   */
  accountExport: RequestHandler;
  /**
   * Per client IP (RATE_LIMIT_MEDIA_PER_MINUTE), signed in or not: the public share pages `/v/*` — the
   * page, its video's byte ranges and its thumbnail. Each page view is counted by media, so this also
   * bounds how fast one address can inflate a link's view count.
   */
  sharePages: RequestHandler;
  /** Per client IP and hour (SHARE_REPORTS_PER_HOUR), on top of `sharePages`: `POST /v/{token}/reports`. */
  shareReports: RequestHandler;
  /**
   * All of them where they belong, to mount at the root right after the session is loaded (before
   * the guards, so refused requests count too): `perCaller` on `/bff/*`, then `telemetry` on
   * `POST /bff/telemetry`, `accountExport` on `GET /bff/platform/account/export`, `perIp` on
   * `GET /auth/login`, `media` on `/video`, `/thumbs`, `/blobs`, `sharePages` on `/v`, `shareReports` on
   * `POST /v/{token}/reports`.
   */
  router: Router;
}

const WINDOW_SECONDS = 60;
const HOUR_SECONDS = 60 * 60;

/** The same-origin media routes (media-delivery.routes.ts). */
const MEDIA_PREFIXES = ['/video', '/thumbs', '/start-images', '/blobs'];

/** Reports from one address per hour: a person reports now and then, a flood is refused (no CSRF token signed out). */
export const SHARE_REPORTS_PER_HOUR = 10;

/**
 * Fixed one-minute windows (the export's: one hour) with rate-limiter-flexible: RateLimiterRedis when a Redis client is
 * given (every replica shares the counters), RateLimiterMemory otherwise. When Redis fails, a
 * per-process memory limiter with the same budget takes over (rate-limiter-flexible's insurance
 * limiter) instead of refusing every request or letting all of them through.
 *
 * Over the budget: 429 `rate_limited` with `Retry-After` (whole seconds, at least 1) and the wait
 * in the detail. Every limited response carries `RateLimit-Limit/Remaining/Reset` and the
 * `X-RateLimit-*` equivalents.
 */
export function createRateLimits(options: RateLimitsOptions): RateLimits {
  const { config } = options;
  const prefix = options.keyPrefix ?? 'auth-gateway:rate-limit:';
  const budget = (name: RateLimitName, points: number, duration: number = WINDOW_SECONDS): Budget => {
    const settings = { keyPrefix: `${prefix}${name}`, points, duration };
    if (!options.redis) return { name, limiter: new RateLimiterMemory(settings) };
    const limiter = new RateLimiterRedis({
      ...settings,
      storeClient: options.redis,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(settings),
    });
    return { name, limiter };
  };
  const users = budget('user', config.RATE_LIMIT_USER_PER_MINUTE);
  const anonymous = budget('ip', config.RATE_LIMIT_ANONYMOUS_PER_MINUTE);
  const logins = budget('login-ip', config.RATE_LIMIT_ANONYMOUS_PER_MINUTE);
  const telemetryBatches = budget('telemetry-user', config.RATE_LIMIT_TELEMETRY_PER_MINUTE);
  const mediaOfUsers = budget('media-user', config.RATE_LIMIT_MEDIA_PER_MINUTE);
  const mediaOfIps = budget('media-ip', config.RATE_LIMIT_MEDIA_PER_MINUTE);
  // Never a local named `exports`: in the CommonJS build it hides the module's exports (SHARE_REPORTS_PER_HOUR below).
  const accountExports = budget('export-user', config.RATE_LIMIT_EXPORT_PER_HOUR, HOUR_SECONDS);
  const sharesOfIps = budget('share-ip', config.RATE_LIMIT_MEDIA_PER_MINUTE);
  const reportsOfIps = budget('share-report-ip', SHARE_REPORTS_PER_HOUR, HOUR_SECONDS);

  const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';
  const perCaller = limitBy(options, (req, res) => {
    const session = sessionOf(res);
    return session ? { budget: users, key: session.user.id } : { budget: anonymous, key: clientIp(req) };
  });
  const perIp = limitBy(options, (req) => ({ budget: logins, key: clientIp(req) }));
  const telemetry = limitBy(options, (_req, res) => {
    const session = sessionOf(res);
    return session ? { budget: telemetryBatches, key: session.user.id } : undefined;
  });
  const accountExport = limitBy(options, (_req, res) => {
    const session = sessionOf(res);
    return session ? { budget: accountExports, key: session.user.id } : undefined;
  });
  const media = limitBy(options, (req, res) => {
    const session = sessionOf(res);
    return session ? { budget: mediaOfUsers, key: session.user.id } : { budget: mediaOfIps, key: clientIp(req) };
  });
  const sharePages = limitBy(options, (req) => ({ budget: sharesOfIps, key: clientIp(req) }));
  const shareReports = limitBy(options, (req) => ({ budget: reportsOfIps, key: clientIp(req) }));
  const router = Router();
  router.use('/bff', perCaller);
  router.post('/bff/telemetry', telemetry);
  router.get(`/bff${ACCOUNT_EXPORT_PATH}`, accountExport);
  router.get('/auth/login', perIp);
  router.use(MEDIA_PREFIXES, media);
  router.use('/v', sharePages);
  router.post('/v/:token/reports', shareReports);
  return { perCaller, perIp, telemetry, media, accountExport, sharePages, shareReports, router };
}

function limitBy(
  { logger, onRejected }: Pick<RateLimitsOptions, 'logger' | 'onRejected'>,
  /** Which budget the request spends; none: not limited here. */
  choose: (req: Request, res: Response) => { budget: Budget; key: string } | undefined,
): RequestHandler {
  return async (req, res, next) => {
    const chosen = choose(req, res);
    if (!chosen) {
      next();
      return;
    }
    const { budget, key } = chosen;
    const { limiter } = budget;
    let result: RateLimiterRes;
    try {
      result = await limiter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        // Neither Redis nor the insurance limiter answered: serving beats refusing everyone.
        logger.error({ err: rejection }, 'rate limiter unavailable; request let through');
        next();
        return;
      }
      setRateLimitHeaders(res, limiter.points, rejection);
      onRejected?.(budget.name);
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new HttpProblem('rate_limited', {
        detail: `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before trying again.`,
        extensions: { retryAfterSeconds: seconds },
      });
    }
    setRateLimitHeaders(res, limiter.points, result);
    next();
  };
}

function setRateLimitHeaders(res: Response, limit: number, result: RateLimiterRes): void {
  const resetSeconds = Math.max(0, Math.ceil(result.msBeforeNext / 1000));
  const remaining = String(Math.max(0, result.remainingPoints));
  res.setHeader('RateLimit-Limit', String(limit));
  res.setHeader('RateLimit-Remaining', remaining);
  res.setHeader('RateLimit-Reset', String(resetSeconds));
  res.setHeader('X-RateLimit-Limit', String(limit));
  res.setHeader('X-RateLimit-Remaining', remaining);
  res.setHeader('X-RateLimit-Reset', String(Math.ceil(Date.now() / 1000) + resetSeconds));
}
