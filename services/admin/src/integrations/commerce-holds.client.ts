import type { z } from 'zod';
import {
  COMMERCE_PATHS,
  ChargebackResponseSchema,
  CreditAdjustmentResponseSchema,
  UserOrdersPageSchema,
  type ChargebackRequest,
  type ChargebackResponse,
  type UserOrdersPage,
  HoldResponseSchema,
  type CreditAdjustmentRequest,
  type CreditAdjustmentResponse,
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
 * Commerce for the administrator (audience `commerce`, the administrator's identity): a job's hold
 * and the ledger entries it caused — when commerce cannot or will not answer, the part is
 * `unavailable` and the job detail lists it as missing instead of failing — credit adjustments, a user's
 * orders and chargebacks.
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

  /** Adjusts a user's credits once per Idempotency-Key; commerce's refusals (409 too few available, 400) are passed on. */
  adjustCredits(
    admin: InternalCaller,
    userId: string,
    adjustment: CreditAdjustmentRequest,
    idempotencyKey: string,
    correlationId?: string,
  ): Promise<{ status: number; body: CreditAdjustmentResponse }> {
    const change = { body: adjustment, idempotencyKey, correlationId };
    return this.applyOnce(admin, COMMERCE_PATHS.adjustments(userId), change, CreditAdjustmentResponseSchema);
  }

  /** A user's orders, newest first (commerce's page as it is). */
  async userOrders(
    admin: InternalCaller,
    userId: string,
    page: { skip: number; take: number },
    correlationId?: string,
  ): Promise<UserOrdersPage> {
    const path = `${COMMERCE_PATHS.userOrders(userId)}?skip=${page.skip}&take=${page.take}`;
    const answer = await this.upstream.call(admin, 'GET', path, { correlationId });
    if (answer.status !== 200) throw this.upstream.failure(answer);
    const parsed = UserOrdersPageSchema.safeParse(answer.body);
    if (!parsed.success) throw this.upstream.unexpectedShape();
    return parsed.data;
  }

  /**
   * Marks a paid order refunded after a chargeback once per Idempotency-Key (201 now, 200 the same key again);
   * commerce's refusals (404 no such order, 409 not paid or already refunded, 400) are passed on.
   */
  chargeBack(
    admin: InternalCaller,
    orderId: string,
    chargeback: ChargebackRequest,
    idempotencyKey: string,
    correlationId?: string,
  ): Promise<{ status: number; body: ChargebackResponse }> {
    const change = { body: chargeback, idempotencyKey, correlationId };
    return this.applyOnce(admin, COMMERCE_PATHS.orderChargeback(orderId), change, ChargebackResponseSchema);
  }

  /** A change commerce applies once per Idempotency-Key: 201 applied now, 200 before; anything else is passed on. */
  private async applyOnce<T>(
    admin: InternalCaller,
    path: string,
    change: { body: unknown; idempotencyKey: string; correlationId?: string },
    schema: z.ZodType<T>,
  ): Promise<{ status: number; body: T }> {
    const answer = await this.upstream.call(admin, 'POST', path, change);
    if (answer.status !== 200 && answer.status !== 201) throw this.upstream.failure(answer);
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) throw this.upstream.unexpectedShape();
    return { status: answer.status, body: parsed.data };
  }
}
