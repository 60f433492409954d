import { z } from 'zod';

/**
 * The answers of the identity routes as the API documents them (issue 3): `GET /auth/session`
 * and `GET /bff/platform/api/auth/me`. The identity handlers should build their answers with
 * these (or register their own schemas for the same routes, which replaces these).
 */
export const SessionUserViewSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    roles: z.array(z.string()),
    permissions: z.array(z.string()),
  })
  .meta({ id: 'SessionUser' });

export const SessionAnswerSchema = z
  .object({
    authenticated: z.boolean(),
    /** Absent when signed out. */
    user: SessionUserViewSchema.optional(),
    /** When the session ends at the latest (ISO 8601); absent when signed out. */
    expiresAt: z.string().optional(),
  })
  .meta({ id: 'Session' });

export const CurrentUserAnswerSchema = z
  .object({
    data: SessionUserViewSchema.extend({ tenantId: z.string().nullable() }),
  })
  .meta({ id: 'CurrentUser' });

/** `GET /auth/login`: where to land after signing in (a same-origin path; anything else lands on `/`). */
export const LoginQuerySchema = z.object({ returnTo: z.string().optional() });

/** `GET /auth/callback`: what the identity provider sends back. */
export const CallbackQuerySchema = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});

/** `POST /auth/logout`. */
export const LogoutAnswerSchema = z.object({ ok: z.literal(true), redirectTo: z.string() }).meta({ id: 'LoggedOut' });
