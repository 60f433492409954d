import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'kadr-notifications';
const AUDIENCE = 'kadr-unsubscribe';
/** A link in an old e-mail keeps working for a year. */
const LIFETIME_SECONDS = 365 * 24 * 60 * 60;

/**
 * The unsubscribe link's token: an HS256 JWT naming the user, so the link works without signing
 * in and cannot be made for someone else. It only ever turns e-mail off.
 */
export class UnsubscribeTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  issue(userId: string, now: Date): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + LIFETIME_SECONDS)
      .sign(this.key);
  }

  /** The user the token names; undefined when it is not one of ours, was altered or has expired. */
  async userOf(token: string, now: Date): Promise<string | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: now,
      });
      return typeof payload.sub === 'string' && payload.sub !== '' ? payload.sub : undefined;
    } catch {
      return undefined;
    }
  }
}
