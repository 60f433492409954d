import type { OutboxEntry as SharedOutboxEntry } from '@kadr/outbox';
import type { Role } from './roles';

/** An event waiting in a user's outbox (see @kadr/outbox), with when it was written. */
export interface OutboxEntry extends SharedOutboxEntry {
  createdAt: Date;
}

/** A Kadr user: the link between an identity at an OIDC issuer and everything Kadr keeps. */
export interface User {
  /** Kadr's id (UUID); what every other service knows the user by. */
  id: string;
  /** The OIDC issuer URL; issuer + subject is the identity, unique. */
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
  /** Always null today (no organisations yet); part of the contract the web app reads. */
  tenantId: string | null;
  roles: Role[];
  createdAt: Date;
  lastLoginAt: Date;
  /** Events written in the same single-document update as the change that caused them. */
  outbox: OutboxEntry[];
}

/** What an identity provider vouched for at sign-in (the ID token's claims, checked). */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  /** May be empty when the provider has no name for the person. */
  name: string;
  /** The `locale` claim when the provider sends one (e.g. `en`, `pl-PL`). */
  locale?: string;
}
