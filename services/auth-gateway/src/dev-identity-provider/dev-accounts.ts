import { createHash } from 'node:crypto';

export interface DevAccountInput {
  email: string;
  name: string;
}

export interface DevAccount extends DevAccountInput {
  /** The OIDC subject: stable for an e-mail address, so the same person gets the same Kadr user after a restart. */
  sub: string;
}

const MAX_EMAIL_LENGTH = 254;
// Deliberately simple: one @, something before it, a dot in the domain, no spaces or angle brackets.
const EMAIL_PATTERN = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

export const normaliseDevEmail = (email: string): string => email.trim().toLowerCase();

export function isAcceptableDevEmail(email: string): boolean {
  const normalised = normaliseDevEmail(email);
  return normalised.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(normalised);
}

const subjectOf = (email: string): string =>
  `dev-${createHash('sha256').update(normaliseDevEmail(email)).digest('hex').slice(0, 32)}`;

/** "jane.doe@example.com" → "jane.doe": a name for an address nobody named. */
const nameFromEmail = (email: string): string => normaliseDevEmail(email).split('@')[0] ?? email;

/**
 * The development provider's people: the listed demo accounts, plus anyone who signs in with
 * another e-mail (development only: every address counts as verified).
 */
export class DevAccountDirectory {
  private readonly bySubject = new Map<string, DevAccount>();
  readonly listed: readonly DevAccount[];

  constructor(accounts: readonly DevAccountInput[]) {
    this.listed = accounts.map((account) => this.remember(account.email, account.name));
  }

  /** The account for this e-mail, created on first use. */
  signInAs(email: string): DevAccount {
    const existing = this.bySubject.get(subjectOf(email));
    return existing ?? this.remember(email, nameFromEmail(email));
  }

  find(sub: string): DevAccount | undefined {
    return this.bySubject.get(sub);
  }

  private remember(email: string, name: string): DevAccount {
    const account = { sub: subjectOf(email), email: normaliseDevEmail(email), name };
    this.bySubject.set(account.sub, account);
    return account;
  }
}
