import { DomainError } from '@kadr/contracts';

/** The catalogue codes media's domain refuses a request with. */
export type MediaRefusalReason = 'not_found' | 'conflict';

/** A request media's domain refuses; `entry-points/http/domain-problems.ts` makes it a problem. */
export class MediaDomainError extends DomainError<MediaRefusalReason> {}
