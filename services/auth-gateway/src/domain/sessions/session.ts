import { createHash, randomBytes } from 'node:crypto';
import type { SessionUser } from '../../entry-points/http/03-session/request-context';

/** A signed-in browser, kept server-side; the cookie carries only its id. Times are epoch ms. */
export interface Session {
  id: string;
  /** A snapshot taken at sign-in (roles are recomputed at the next sign-in, not mid-session). */
  user: SessionUser;
  /** Bound to this session; the browser sends it back in `X-CSRF-Token`. */
  csrfToken: string;
  createdAt: number;
  lastSeenAt: number;
  /** The session ends here whatever the activity (absolute expiry). */
  absoluteExpiresAt: number;
}

export interface SessionPolicy {
  /** A session unused this long ends (sliding: every use restarts it). */
  idleTtlMs: number;
  /** A session ends this long after sign-in, however active. */
  absoluteTtlMs: number;
}

/** The policy SESSION_IDLE_TTL_MINUTES and SESSION_ABSOLUTE_TTL_HOURS set. */
export function sessionPolicyOf(config: {
  SESSION_IDLE_TTL_MINUTES: number;
  SESSION_ABSOLUTE_TTL_HOURS: number;
}): SessionPolicy {
  return {
    idleTtlMs: config.SESSION_IDLE_TTL_MINUTES * 60_000,
    absoluteTtlMs: config.SESSION_ABSOLUTE_TTL_HOURS * 3_600_000,
  };
}

/** 128 random bits, base64url (22 characters): unguessable, and safe in a cookie and a key. */
export const newSessionId = (): string => randomBytes(16).toString('base64url');

/** 256 random bits, base64url (43 characters). */
export const newCsrfToken = (): string => randomBytes(32).toString('base64url');

const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Cheap check of an untrusted cookie value before it becomes part of a store key. */
export const isWellFormedSessionId = (value: string): boolean => SESSION_ID_PATTERN.test(value);

/**
 * How long the session may live from `now`: the idle timeout, but never beyond the absolute
 * expiry. Zero or less means it has ended.
 */
export function remainingLifetimeMs(session: Pick<Session, 'absoluteExpiresAt'>, policy: SessionPolicy, now: number) {
  return Math.min(policy.idleTtlMs, session.absoluteExpiresAt - now);
}

/**
 * Sliding expiry without a store write on every request: a session is touched once a
 * fraction of its idle timeout has passed (at most once a minute), so the effective idle
 * timeout is between 90 % and 100 % of the configured one.
 */
export function isTouchDue(session: Pick<Session, 'lastSeenAt'>, policy: SessionPolicy, now: number): boolean {
  const interval = Math.min(60_000, Math.floor(policy.idleTtlMs / 10));
  return now - session.lastSeenAt >= interval;
}

/**
 * When the session ends unless it is used again: its idle timeout from the last recorded use,
 * never beyond the absolute expiry (the store's key expires then too).
 */
export function sessionEndsAt(
  session: Pick<Session, 'lastSeenAt' | 'absoluteExpiresAt'>,
  policy: SessionPolicy,
): number {
  return Math.min(session.lastSeenAt + policy.idleTtlMs, session.absoluteExpiresAt);
}

/**
 * A stand-in for the session id where it travels beyond the session key (the "session ended"
 * channel, the live connections' index): a digest, so the id itself — a bearer secret — is
 * never published or kept anywhere else.
 */
export const sessionTagOf = (sessionId: string): string =>
  createHash('sha256').update(`kadr-session:${sessionId}`).digest('base64url');
