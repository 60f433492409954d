import { z } from 'zod';
import {
  envBoolean,
  envPositiveInt,
  internalTokenKeyCheck,
  serviceBaseEnv,
  storageEnv,
  breakerEnv,
} from '@kadr/config';

const optionalUrl = z.url({ error: 'must be an absolute URL' }).optional();

/** The gateway's environment (see .env.example for every variable's meaning). */
export const gatewayConfigSchema = z
  .object({
    ...serviceBaseEnv(8080),

    /** Where browsers reach the product; redirect URIs and the same-origin check derive from it. */
    PUBLIC_URL: z.url({ error: 'must be an absolute URL' }).default('http://127.0.0.1:8080'),
    /** Cookies get `Secure` unless the public URL is plain-http loopback (local development). */
    SECURE_COOKIES: envBoolean(true),

    /** Any standards-compliant issuer. Unset outside production: the development identity provider. */
    OIDC_ISSUER_URL: optionalUrl,
    OIDC_CLIENT_ID: z.string().min(1).default('kadr-web'),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_SCOPES: z.string().min(1).default('openid email profile'),
    /** The one administrator: the user whose verified e-mail equals this (case-insensitive). */
    ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).default('admin@kadr.local'),

    SESSION_IDLE_TTL_MINUTES: envPositiveInt(12 * 60),
    SESSION_ABSOLUTE_TTL_HOURS: envPositiveInt(7 * 24),
    IDEMPOTENCY_TTL_HOURS: envPositiveInt(24),
    RATE_LIMIT_USER_PER_MINUTE: envPositiveInt(300),
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: envPositiveInt(120),
    /** `POST /bff/telemetry` batches per user and minute, on top of (and counted in) the per-user budget. */
    RATE_LIMIT_TELEMETRY_PER_MINUTE: envPositiveInt(20),
    /** `/video`, `/thumbs`, `/blobs` requests per user and minute (anonymous `/blobs`: per IP); its own budget. */
    RATE_LIMIT_MEDIA_PER_MINUTE: envPositiveInt(600),
    /** Data exports (`GET /bff/platform/account/export`) per user and hour: each reads the whole history. */
    RATE_LIMIT_EXPORT_PER_HOUR: envPositiveInt(5),
    /** Open live streams (`/bff/sse/jobs`) per replica; the next one gets 503 with Retry-After. */
    SSE_MAX_CONNECTIONS: envPositiveInt(20_000),

    /** Upstream services; a route whose upstream is not configured answers 503. */
    COMMERCE_URL: optionalUrl,
    JOBS_URL: optionalUrl,
    MEDIA_URL: optionalUrl,
    I18N_URL: optionalUrl,
    ADMIN_URL: optionalUrl,
    NOTIFICATIONS_URL: optionalUrl,
    UPSTREAM_TIMEOUT_MS: envPositiveInt(30_000),
    ...breakerEnv,

    /** Feature flags served at /bff/platform/api/flags: JSON array of { key, enabled, variant?, rollout? }. */
    FEATURE_FLAGS: z.string().default('[]'),
    /** The built web app to serve (embedded mode); unset: none. */
    WEB_DIST_DIR: z.string().min(1).optional(),

    /** Embedded mode: where memory collections persist across restarts (unset: memory only). */
    ...storageEnv('auth-gateway'),
    REDIS_URL: z.string().min(1).optional(),
  })
  .check(internalTokenKeyCheck)
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && !config.OIDC_ISSUER_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER_URL'],
        message: 'required in production: the development identity provider never runs there',
      });
    }
  });

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;
