import { DomainError } from '@kadr/contracts';

/** The codes of the error catalogue (spec §8) the commerce domain refuses a request with. */
export type CommerceRefusalReason =
  'validation' | 'not_found' | 'forbidden' | 'conflict' | 'insufficient_credits' | 'idempotency_key_reuse';

/**
 * A request the commerce domain refuses. The edge (`entry-points/http/domain-problems.ts`) gives
 * each refusal its status and title.
 */
export class CommerceDomainError extends DomainError<CommerceRefusalReason> {}

/** Fields of an order that name nothing the catalogue sells (field → why). */
export class InvalidOrderError extends CommerceDomainError {
  constructor(readonly fieldErrors: Record<string, string>) {
    super('validation', `Invalid order: ${Object.keys(fieldErrors).join(', ')}.`);
  }
}
