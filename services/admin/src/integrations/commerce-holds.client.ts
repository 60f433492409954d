import {
  COMMERCE_PATHS,
  HoldResponseSchema,
  LedgerEntriesResponseSchema,
  type HoldResponse,
  type LedgerEntryView,
} from '@kadr/contracts';
import type { InternalCaller } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import type { Upstream } from './upstream';

/** A job's hold as commerce reports it; `unavailable` when commerce would not or could not say. */
export type HoldLookup = { hold: HoldResponse['data'] | null } | 'unavailable';

/**
 * Commerce's view of a job — its hold and the ledger entries it caused — read with the
 * administrator's identity (audience `commerce`). When commerce cannot or will not answer, the
 * part is `unavailable` and the job detail lists it as missing instead of failing.
 */
export class CommerceHoldsClient {
  constructor(
    private readonly upstream: Upstream,
    private readonly logger: Logger,
  ) {}

  async hold(admin: InternalCaller, jobId: string, userId: string, correlationId?: string): Promise<HoldLookup> {
    if (!this.upstream.configured) return 'unavailable';
    try {
      const answer = await this.upstream.call(admin, 'GET', COMMERCE_PATHS.hold(jobId, userId), { correlationId });
      if (answer.status === 404) return { hold: null };
      const parsed = HoldResponseSchema.safeParse(answer.body);
      if (answer.status === 200 && parsed.success) return { hold: parsed.data.data };
      this.logger.warn({ jobId, status: answer.status }, 'commerce did not give the hold');
    } catch (error) {
      this.logger.warn({ jobId, err: error }, 'commerce unreachable for the hold');
    }
    return 'unavailable';
  }

  async ledger(
    admin: InternalCaller,
    jobId: string,
    userId: string,
    correlationId?: string,
  ): Promise<LedgerEntryView[] | 'unavailable'> {
    if (!this.upstream.configured) return 'unavailable';
    try {
      const answer = await this.upstream.call(admin, 'GET', COMMERCE_PATHS.ledger(userId, jobId), { correlationId });
      const parsed = LedgerEntriesResponseSchema.safeParse(answer.body);
      if (answer.status === 200 && parsed.success) return parsed.data.data;
      this.logger.warn({ jobId, status: answer.status }, 'commerce did not give the ledger entries');
    } catch (error) {
      this.logger.warn({ jobId, err: error }, 'commerce unreachable for the ledger entries');
    }
    return 'unavailable';
  }
}
