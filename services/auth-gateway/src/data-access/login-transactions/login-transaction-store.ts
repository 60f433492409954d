import { randomBytes } from 'node:crypto';
import type { KeyValueStore } from '@kadr/kv-store';

/** What a sign-in needs to remember between `/auth/login` and `/auth/callback`. */
export interface LoginTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Where to go after signing in: an already-checked same-origin path. */
  returnTo: string;
}

/** A sign-in must be completed within this time. */
export const LOGIN_TRANSACTION_TTL_MS = 10 * 60_000;

const key = (id: string) => `login:${id}`;
const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

function parse(raw: string): LoginTransaction | null {
  try {
    const value = JSON.parse(raw) as Partial<LoginTransaction>;
    const ok = [value.state, value.nonce, value.codeVerifier, value.returnTo].every((v) => typeof v === 'string');
    return ok ? (value as LoginTransaction) : null;
  } catch {
    return null;
  }
}

/**
 * Pending sign-ins, server-side (the PKCE verifier never reaches the browser). Each is keyed
 * by a random id that lives in a short-lived HttpOnly cookie and can be used once.
 */
export class LoginTransactionStore {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly ttlMs: number = LOGIN_TRANSACTION_TTL_MS,
  ) {}

  /** Stores the transaction and returns its id (for the cookie). */
  async begin(transaction: LoginTransaction): Promise<string> {
    const id = randomBytes(16).toString('base64url');
    await this.kv.set(key(id), JSON.stringify(transaction), this.ttlMs);
    return id;
  }

  /**
   * Takes the transaction out (single use: of two concurrent callbacks with one id, one gets
   * it). Null when unknown, expired, already used or malformed.
   */
  async take(id: string): Promise<LoginTransaction | null> {
    if (!ID_PATTERN.test(id)) return null;
    const raw = await this.kv.get(key(id));
    if (raw === null) return null;
    if (!(await this.kv.compareAndDelete(key(id), raw))) return null;
    return parse(raw);
  }
}
