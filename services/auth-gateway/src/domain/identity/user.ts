import type { Role } from './roles';

/**
 * An event waiting in a user's outbox: already encoded (protobuf envelope, base64), so the
 * relay publishes exactly the bytes written together with the change, and the event id stays
 * the same however often a crash makes the relay publish it again.
 */
export interface OutboxEntry {
  /** The event id (`event-id` header, envelope `eventId`). */
  id: string;
  topic: string;
  /** The message key: the user id. */
  key: string;
  /** The encoded `EventEnvelope`, base64. */
  value: string;
  correlationId: string;
  /** W3C trace context of the request that caused the event, when there was one. */
  traceparent?: string;
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
