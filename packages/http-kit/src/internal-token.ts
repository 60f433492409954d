import type { RequestHandler } from 'express';
import { decodeProtectedHeader, errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { callingServiceOf, InternalCallerSchema, serviceSubject } from '@kadr/contracts';
import { BoundedCache } from './bounded-cache';
import { HttpProblem } from './problems';

/**
 * The internal identity token: the only identity a service trusts (ARCHITECTURE §5–6).
 * HS256 with a key every service holds (INTERNAL_TOKEN_SECRET); short-lived; the audience is
 * the service being called, so a token minted for one service is refused by another.
 * User calls carry the user the gateway authenticated; service calls carry `service:<name>`.
 *
 * Key rotation: a service holds a key ring — the current key (mints and verifies) and at most one
 * accepted key (verifies only). Tokens name their key in the `kid` header; see README.md
 * "Rotating the internal token key" for the three steps.
 */

export const INTERNAL_ISSUER = 'kadr-internal';
const DEFAULT_TTL_SECONDS = 60;

export type InternalCaller =
  | { kind: 'user'; userId: string; email?: string; name?: string; roles: string[] }
  | { kind: 'service'; service: string; roles: string[] };

/** One signing key and the id (`kid`) tokens signed with it carry in their header. */
export interface InternalTokenKey {
  kid: string;
  secret: string;
}

/** The keys a service holds: `current` mints and verifies; `accepted` (optional) only verifies. */
export interface InternalTokenKeys {
  current: InternalTokenKey;
  accepted?: InternalTokenKey;
}

/** The environment fields a key ring is built from (what @kadr/config's `internalTokenEnv` parses). */
export interface InternalTokenKeyConfig {
  INTERNAL_TOKEN_SECRET: string;
  INTERNAL_TOKEN_KEY_ID: string;
  INTERNAL_TOKEN_ACCEPTED_SECRET?: string | undefined;
  INTERNAL_TOKEN_ACCEPTED_KEY_ID?: string | undefined;
}

/** Each key's secret encoded once (the ring's key objects live as long as the service's configuration). */
const encodedKeys = new WeakMap<InternalTokenKey, Uint8Array>();

function keyOf(key: InternalTokenKey): Uint8Array {
  let encoded = encodedKeys.get(key);
  if (!encoded) {
    if (key.secret.length < 32) throw new Error('the internal token secret must be at least 32 characters');
    encoded = new TextEncoder().encode(key.secret);
    encodedKeys.set(key, encoded);
  }
  return encoded;
}

/** Throws unless the ring is usable: secrets of 32+ characters, key ids set and distinct. */
function checkKeys(keys: InternalTokenKeys): void {
  for (const key of [keys.current, keys.accepted]) {
    if (!key) continue;
    keyOf(key);
    if (!key.kid) throw new Error('an internal token key needs a key id');
  }
  if (keys.accepted?.kid === keys.current.kid) {
    throw new Error('the accepted internal token key must have another key id than the current one');
  }
}

/**
 * The key ring of a service's configuration: every service builds it here, once, from its parsed
 * environment (the variables are validated by @kadr/config's `internalTokenEnv`).
 */
export function internalTokenKeys(config: InternalTokenKeyConfig): InternalTokenKeys {
  const acceptedSecret = config.INTERNAL_TOKEN_ACCEPTED_SECRET;
  const acceptedKid = config.INTERNAL_TOKEN_ACCEPTED_KEY_ID;
  if ((acceptedSecret === undefined) !== (acceptedKid === undefined)) {
    throw new Error(
      'INTERNAL_TOKEN_ACCEPTED_SECRET and INTERNAL_TOKEN_ACCEPTED_KEY_ID go together: set both or neither',
    );
  }
  const keys: InternalTokenKeys = {
    current: { kid: config.INTERNAL_TOKEN_KEY_ID, secret: config.INTERNAL_TOKEN_SECRET },
    ...(acceptedSecret !== undefined && acceptedKid !== undefined
      ? { accepted: { kid: acceptedKid, secret: acceptedSecret } }
      : {}),
  };
  checkKeys(keys);
  return keys;
}

export interface MintOptions {
  /** Signed with `keys.current`, whose id goes into the `kid` header. */
  keys: InternalTokenKeys;
  /** The service that will receive the call (its name, e.g. `commerce`). */
  audience: string;
  ttlSeconds?: number;
}

/**
 * Minted tokens are reused while more than a quarter of their lifetime (at least 15 s) is left:
 * a user's requests to one service within ~45 s share one token instead of one HMAC signature
 * each (issue 19). A reused token is no more powerful than a fresh one — same claims, same
 * audience, its own expiry — and the remaining margin outlasts any call's time-out.
 */
const MIN_REMAINING_MS = 15_000;
/** Distinct (caller, audience) tokens kept per signing key; the least recently used goes first. */
const MAX_CACHED_TOKENS = 10_000;

interface CachedToken {
  token: Promise<string>;
  expiresAtMs: number;
}

/** Per signing key, so a rotated key (another `current` object) never hands out a token of the old one. */
const mintedTokens = new WeakMap<InternalTokenKey, BoundedCache<string, CachedToken>>();

function tokenCacheOf(key: InternalTokenKey): BoundedCache<string, CachedToken> {
  let cache = mintedTokens.get(key);
  if (!cache) mintedTokens.set(key, (cache = new BoundedCache(MAX_CACHED_TOKENS)));
  return cache;
}

/**
 * A short-lived token for `caller` to call `audience`, signed with the ring's current key: the
 * cached one while enough of its lifetime is left, else a new one.
 */
export async function mintInternalToken(
  caller: InternalCaller,
  { keys, audience, ttlSeconds }: MintOptions,
): Promise<string> {
  const key = keys.current;
  const ttl = ttlSeconds ?? DEFAULT_TTL_SECONDS;
  const subject = caller.kind === 'user' ? caller.userId : serviceSubject(caller.service);
  const claims =
    caller.kind === 'user' ? { email: caller.email, name: caller.name, roles: caller.roles } : { roles: caller.roles };
  // Everything the token says goes into its cache key: a changed name or role is a new token.
  const cacheKey = JSON.stringify([key.kid, audience, ttl, subject, claims]);
  const cache = tokenCacheOf(key);
  const now = Date.now();
  const cached = cache.get(cacheKey);
  if (cached && cached.expiresAtMs - now > Math.max(MIN_REMAINING_MS, (ttl * 1000) / 4)) return cached.token;

  const issuedAt = Math.floor(now / 1000);
  const token = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: key.kid })
    .setSubject(subject)
    .setIssuer(INTERNAL_ISSUER)
    .setAudience(audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttl)
    .sign(keyOf(key));
  const entry = { token, expiresAtMs: (issuedAt + ttl) * 1000 };
  cache.set(cacheKey, entry);
  // A failed signature is not remembered.
  token.catch(() => {
    if (cache.get(cacheKey) === entry) cache.delete(cacheKey);
  });
  return token;
}

export interface VerifyOptions {
  keys: InternalTokenKeys;
  /** This service's name: a token minted for another audience is refused. */
  audience: string;
}

async function verifiedPayload(token: string, key: InternalTokenKey, audience: string): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, keyOf(key), {
    issuer: INTERNAL_ISSUER,
    audience,
    algorithms: ['HS256'],
    clockTolerance: 5,
  });
  return payload;
}

/** The `kid` of the token's header; undefined when it has none. Throws on a malformed token. */
function keyIdOf(token: string): string | undefined {
  const { kid } = decodeProtectedHeader(token) as { kid?: unknown };
  if (kid === undefined) return undefined;
  if (typeof kid !== 'string') throw new Error('the internal token key id is not a string');
  return kid;
}

async function payloadOf(token: string, { keys, audience }: VerifyOptions): Promise<JWTPayload> {
  const kid = keyIdOf(token);
  if (kid !== undefined) {
    // The key is picked by its id, never tried in turn: an unknown id is refused outright.
    const key = [keys.current, keys.accepted].find((candidate) => candidate?.kid === kid);
    if (!key) throw new Error('the internal token names a key this service does not hold');
    return verifiedPayload(token, key, audience);
  }
  // No `kid`: minted by a service not yet upgraded to key ids (it signs with INTERNAL_TOKEN_SECRET
  // alone). Try the current key, then the accepted one, so that rolling out key ids is itself
  // outage-free: upgraded and not-yet-upgraded services understand each other throughout.
  try {
    return await verifiedPayload(token, keys.current, audience);
  } catch (error) {
    // Only a signature mismatch means "maybe the other key"; an expired token or a wrong
    // audience was signed with the current key and stays refused.
    if (!keys.accepted || !(error instanceof errors.JWSSignatureVerificationFailed)) throw error;
    return verifiedPayload(token, keys.accepted, audience);
  }
}

export async function verifyInternalToken(token: string, options: VerifyOptions): Promise<InternalCaller> {
  const claims = InternalCallerSchema.parse(await payloadOf(token, options));
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

/**
 * Express middleware: 401 problem unless `Authorization: Bearer <internal token>` verifies — with
 * the same generic detail whatever failed (bad signature, expiry, audience, an unknown key id).
 */
export function requireInternalCaller(options: VerifyOptions): RequestHandler {
  checkKeys(options.keys);
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
