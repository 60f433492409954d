import type { BillingLedgerLine, BillingLedgerQuery, JobReceipt } from '@kadr/contracts';
import type { AccountRepository } from '../../data-access/accounts/account.repository';
import type { LedgerRepository } from '../../data-access/ledger/ledger.repository';
import { CommerceDomainError } from '../errors';
import { ledgerLines } from './ledger-lines';

export type LedgerFilter = Pick<BillingLedgerQuery, 'kind' | 'from' | 'to'>;

export interface LedgerPage {
  items: BillingLedgerLine[];
  total: number;
  balance: number;
  currency: string;
}

/** The currency of an account not opened yet (the welcome grant opens it on the first credits read). */
const DEFAULT_CURRENCY = 'credits';

function matches(line: BillingLedgerLine, filter: LedgerFilter): boolean {
  if (filter.kind && !filter.kind.includes(line.kind)) return false;
  if (filter.from && line.occurredAt < new Date(filter.from).toISOString()) return false;
  if (filter.to && line.occurredAt >= new Date(filter.to).toISOString()) return false;
  return true;
}

/**
 * The user's own money history, read from the ledger (never from another service's copy): pages of
 * lines with the running balance, the CSV of a filtered view, and one job's receipt. Every read is
 * of the caller's own entries, so another user's job or order simply has none (404).
 */
export class BillingHistory {
  constructor(private readonly stores: { ledger: LedgerRepository; accounts: AccountRepository }) {}

  /** Every line of the user's ledger that passes the filter, newest first. */
  async lines(userId: string, filter: LedgerFilter): Promise<{ lines: BillingLedgerLine[]; all: BillingLedgerLine[] }> {
    const all = ledgerLines(await this.stores.ledger.listByUser(userId));
    return { lines: all.filter((line) => matches(line, filter)).reverse(), all };
  }

  async page(userId: string, query: BillingLedgerQuery): Promise<LedgerPage> {
    const [{ lines, all }, account] = await Promise.all([this.lines(userId, query), this.stores.accounts.get(userId)]);
    return {
      items: lines.slice(query.skip, query.skip + query.take),
      total: lines.length,
      balance: all.at(-1)?.balanceAfter ?? 0,
      currency: account?.currency ?? DEFAULT_CURRENCY,
    };
  }

  /** The job's hold (its newest generation) and how it was settled; 404 when the user has no entry for it. */
  async receipt(userId: string, jobId: string): Promise<JobReceipt> {
    const { all } = await this.lines(userId, {});
    const lines = all.filter((line) => line.referenceType === 'job' && line.reference === jobId);
    const holds = lines.filter((line) => line.kind === 'hold');
    const newestHold = holds.at(-1);
    if (!newestHold) throw new CommerceDomainError('not_found', 'No such job.');
    // Generation n is placed only after n − 1 was settled, so the newest hold is settled when the
    // settlements are as many as the holds.
    const settlements = lines.filter((line) => line.kind === 'capture' || line.kind === 'release');
    const settlement = settlements.length >= holds.length ? settlements.at(-1) : undefined;
    const takenFromAllowance = newestHold.allowanceDelta > 0;
    return {
      jobId,
      takenFrom: takenFromAllowance ? 'allowance' : 'credits',
      amount: newestHold.heldDelta,
      state: settlement ? (settlement.kind === 'capture' ? 'captured' : 'released') : 'held',
      reason: settlement?.kind === 'release' ? (settlement.reason ?? null) : null,
      heldAt: newestHold.occurredAt,
      settledAt: settlement?.occurredAt ?? null,
      lines,
      balanceAfter: lines.at(-1)!.balanceAfter,
    };
  }
}
