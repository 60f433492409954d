/**
 * What the drills check about money: the user's balance as commerce has it, and the
 * administrator's job detail (`GET /bff/platform/admin/jobs/{id}`, composed by the admin service
 * from the jobs service's history and commerce's hold and ledger entries for the job).
 */
import type { Page } from 'playwright-core';
import { callApi } from '../support/app-pages';

export interface Credits {
  balance: number;
  heldCredits: number;
}

/** The page user's credits as commerce has them (not the page's picture of them). */
export async function serverCredits(page: Page): Promise<Credits> {
  const answer = await callApi<{ data: Credits }>(page, 'GET', '/bff/platform/api/commerce/credits');
  if (answer.status !== 200) throw new Error(`GET credits answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

export interface LedgerLine {
  id: string;
  kind: string;
  balanceDelta: number;
  heldDelta: number;
  allowanceDelta: number;
  reference: string;
  occurredAt: string;
}

export interface JobHistoryEntry {
  at: string;
  kind: string;
  status: string;
  progress: number;
  attempt: number;
  message: string;
  actor: string;
}

export interface AdminJobDetail {
  job: { id: string; userId: string; status: string; cost: number; attempt?: number };
  events: JobHistoryEntry[];
  hold: { holdId: string; takenFrom: 'credits' | 'allowance'; amount: number; state: string } | null;
  ledger: LedgerLine[] | null;
}

/** The administrator's view of a job; `adminPage` is signed in as the administrator. */
export async function adminJobDetail(adminPage: Page, jobId: string): Promise<AdminJobDetail> {
  const answer = await callApi<{ data: AdminJobDetail; meta: { missing: string[] } }>(
    adminPage,
    'GET',
    `/bff/platform/admin/jobs/${jobId}`,
  );
  if (answer.status !== 200) {
    throw new Error(`GET /bff/platform/admin/jobs/${jobId} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  if (answer.body.meta.missing.length > 0) {
    throw new Error(`the admin job detail of ${jobId} misses ${answer.body.meta.missing.join(', ')}`);
  }
  return answer.body.data;
}

/** The job's history as lines a person reads (when, what, by which worker). */
export const historyText = (detail: AdminJobDetail): string[] =>
  detail.events.map(
    (e) => `${e.at} ${e.kind} ${e.status} ${e.progress}% attempt ${e.attempt} by ${e.actor}: ${e.message}`,
  );

export const ledgerText = (lines: readonly LedgerLine[]): string[] =>
  lines.map(
    (l) =>
      `${l.occurredAt} ${l.kind} balance ${signed(l.balanceDelta)} held ${signed(l.heldDelta)}` +
      `${l.allowanceDelta ? ` allowance ${signed(l.allowanceDelta)}` : ''} ref ${l.reference} (${l.id})`,
  );

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * Why the job's money is not "charged exactly once", or [] when it is: one hold of the job's cost,
 * one capture of it, no release, and the hold captured — the balance moved by −cost, nothing held.
 */
export function chargedOnceProblems(detail: AdminJobDetail, cost: number): string[] {
  const ledger = detail.ledger ?? [];
  const count = (kind: string) => ledger.filter((l) => l.kind === kind).length;
  const sum = (field: 'balanceDelta' | 'heldDelta') => ledger.reduce((total, l) => total + l[field], 0);
  const problems: string[] = [];
  if (detail.job.status !== 'COMPLETED') problems.push(`the job is ${detail.job.status}, not COMPLETED`);
  if (count('hold') !== 1) problems.push(`${count('hold')} hold entries (want 1)`);
  if (count('capture') !== 1) problems.push(`${count('capture')} capture entries (want 1)`);
  if (count('release') !== 0) problems.push(`${count('release')} release entries (want 0)`);
  if (sum('balanceDelta') !== -cost) problems.push(`the balance moved by ${sum('balanceDelta')} (want ${-cost})`);
  if (sum('heldDelta') !== 0) problems.push(`${sum('heldDelta')} credits are still held for the job (want 0)`);
  if (detail.hold?.state !== 'captured')
    problems.push(`the hold is ${detail.hold?.state ?? 'missing'} (want captured)`);
  if (detail.hold && detail.hold.amount !== cost) problems.push(`the hold took ${detail.hold.amount} (want ${cost})`);
  return problems;
}
