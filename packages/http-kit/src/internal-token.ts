import type { RequestHandler } from 'express';
import { jwtVerify, SignJWT } from 'jose';
import { callingServiceOf, InternalCallerSchema, serviceSubject } from '@kadr/contracts';
import { HttpProblem } from './problems';

/**
 * The internal identity token: the only identity a service trusts (ARCHITECTURE §5–6).
 * HS256 with a key every service holds (INTERNAL_TOKEN_SECRET); short-lived; the audience is
 * the service being called, so a token minted for one service is refused by another.
 * User calls carry the user the gateway authenticated; service calls carry `service:<name>`.
 */

export const INTERNAL_ISSUER = 'kadr-internal';
const DEFAULT_TTL_SECONDS = 60;

export type InternalCaller =
  | { kind: 'user'; userId: string; email?: string; name?: string; roles: string[] }
  | { kind: 'service'; service: string; roles: string[] };

function keyOf(secret: string): Uint8Array {
  if (secret.length < 32) throw new Error('the internal token secret must be at least 32 characters');
  return new TextEncoder().encode(secret);
}

export interface MintOptions {
  secret: string;
  /** The service that will receive the call (its name, e.g. `commerce`). */
  audience: string;
  ttlSeconds?: number;
}

export async function mintInternalToken(
  caller: InternalCaller,
  { secret, audience, ttlSeconds }: MintOptions,
): Promise<string> {
  const claims =
    caller.kind === 'user' ? { email: caller.email, name: caller.name, roles: caller.roles } : { roles: caller.roles };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(caller.kind === 'user' ? caller.userId : serviceSubject(caller.service))
    .setIssuer(INTERNAL_ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds ?? DEFAULT_TTL_SECONDS}s`)
    .sign(keyOf(secret));
}

export async function verifyInternalToken(
  token: string,
  { secret, audience }: { secret: string; audience: string },
): Promise<InternalCaller> {
  const { payload } = await jwtVerify(token, keyOf(secret), {
    issuer: INTERNAL_ISSUER,
    audience,
    algorithms: ['HS256'],
    clockTolerance: 5,
  });
  const claims = InternalCallerSchema.parse(payload);
  const service = callingServiceOf(claims);
  if (service !== undefined) return { kind: 'service', service, roles: claims.roles };
  return { kind: 'user', userId: claims.sub, email: claims.email, name: claims.name, roles: claims.roles };
}

/** The caller a verified request was made by (set by requireInternalCaller). */
export function callerOf(res: { locals: Record<string, unknown> }): InternalCaller {
  const caller = res.locals.caller as InternalCaller | undefined;
  if (!caller) throw new Error('requireInternalCaller must run before callerOf');
  return caller;
}

/** Express middleware: 401 problem unless `Authorization: Bearer <internal token>` verifies. */
export function requireInternalCaller(options: { secret: string; audience: string }): RequestHandler {
  keyOf(options.secret);
  return async (req, res, next) => {
    const header = req.get('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new HttpProblem('unauthorized', { detail: 'This call needs an internal identity token.' });
    try {
      res.locals.caller = await verifyInternalToken(token, options);
    } catch {
      throw new HttpProblem('unauthorized', { detail: 'The internal identity token is invalid or expired.' });
    }
    next();
  };
}
