/**
 * What must hold after the chaos, read from the services' own databases and from what each
 * user's live channel delivered. Every finding is named, and counted as a lost effect (something
 * that should have happened did not) or a double one (it happened more than once).
 *
 * The live-feed rule, precisely: commerce's relay copies each account change to the ledger
 * (same id) and, when the change moved `balance` or `held`, publishes one `credits.changed`
 * whose event id is that ledger id. The gateway records each event id once in the user's feed.
 * So per user, the feed's `credits` events must number exactly the ledger entries with a
 * non-zero balance or held delta, and the newest one must show the account's final totals.
 */
import type { mongo } from 'mongoose';
import type { ChaosUser } from './chaos-user';

interface LedgerDoc {
  _id: string;
  userId: string;
  kind: string;
  balanceDelta: number;
  heldDelta: number;
  reference: string;
}
interface AccountDoc {
  _id: string;
  balance: number;
  held: number;
  outbox: unknown[];
}
interface JobDoc {
  _id: string;
  userId: string;
  status: string;
  outbox: unknown[];
}
interface OrderDoc {
  _id: string;
  userId: string;
  status: string;
  outbox: unknown[];
}

export interface AuditFinding {
  kind: 'lost' | 'double' | 'invariant';
  what: string;
}

export interface AuditReport {
  findings: AuditFinding[];
  jobs: { completed: number; failed: number };
  paidOrders: number;
  creditsEventsSeen: number;
  /** Something still moving: jobs not finished, outboxes not empty, feeds behind. Wait and audit again. */
  settling: string[];
}

export interface AuditSources {
  commerce: mongo.Db;
  jobs: mongo.Db;
  users: readonly ChaosUser[];
}

// A cancelled job settles like a failed one: its hold released once.
const SETTLED_JOB = new Set(['COMPLETED', 'FAILED', 'CANCELLED']);

export async function auditChaosRun({ commerce, jobs, users }: AuditSources): Promise<AuditReport> {
  const findings: AuditFinding[] = [];
  const settling: string[] = [];
  const report: AuditReport = {
    findings,
    settling,
    jobs: { completed: 0, failed: 0 },
    paidOrders: 0,
    creditsEventsSeen: 0,
  };
  const userIds = users.map((user) => user.userId);
  const ledger = await commerce
    .collection<LedgerDoc>('ledger')
    .find({ userId: { $in: userIds } })
    .toArray();
  const accounts = await commerce
    .collection<AccountDoc>('accounts')
    .find({ _id: { $in: userIds } })
    .toArray();
  const orders = await commerce
    .collection<OrderDoc>('orders')
    .find({ userId: { $in: userIds } })
    .toArray();
  const jobDocs = await jobs
    .collection<JobDoc>('jobs')
    .find({ userId: { $in: userIds } })
    .toArray();

  for (const user of users) {
    const entries = ledger.filter((entry) => entry.userId === user.userId);
    const account = accounts.find((candidate) => candidate._id === user.userId);
    auditJobs(user, jobDocs, entries, report);
    auditPayments(user, orders, entries, report);
    auditAccount(user, account, entries, report);
  }
  return report;
}

/** Every submitted job finished, and its hold was taken once and captured (completed) or released (failed) once. */
function auditJobs(user: ChaosUser, jobDocs: JobDoc[], entries: LedgerDoc[], report: AuditReport): void {
  for (const jobId of user.jobIds) {
    const job = jobDocs.find((doc) => doc._id === jobId);
    if (!job) {
      report.findings.push({ kind: 'lost', what: `job ${jobId} of ${user.email} is not in the jobs database` });
      continue;
    }
    if (!SETTLED_JOB.has(job.status) || job.outbox.length > 0) {
      report.settling.push(`job ${jobId} is ${job.status} with ${job.outbox.length} outbox entries`);
      continue;
    }
    if (job.status === 'COMPLETED') report.jobs.completed += 1;
    else report.jobs.failed += 1;
    const ofJob = entries.filter((entry) => entry.reference === jobId);
    const holds = ofJob.filter((entry) => entry.kind === 'hold').length;
    const captures = ofJob.filter((entry) => entry.kind === 'capture').length;
    const releases = ofJob.filter((entry) => entry.kind === 'release').length;
    const wanted = job.status === 'COMPLETED' ? 'capture' : 'release';
    const settled = wanted === 'capture' ? captures : releases;
    const wrong = wanted === 'capture' ? releases : captures;
    if (holds === 0) report.findings.push({ kind: 'lost', what: `job ${jobId}: no hold in the ledger` });
    if (holds > 1) report.findings.push({ kind: 'double', what: `job ${jobId}: ${holds} holds` });
    if (settled === 0 && wrong === 0) {
      report.settling.push(`job ${jobId} (${job.status}): hold not yet ${wanted}d`);
    }
    if (settled > 1) report.findings.push({ kind: 'double', what: `job ${jobId}: ${settled} ${wanted}s` });
    if (wrong > 0) {
      report.findings.push({ kind: 'invariant', what: `job ${jobId} is ${job.status} but its hold had a ${wrong}` });
    }
  }
}

/** Every paid order granted its credits exactly once; a failed one granted nothing. */
function auditPayments(user: ChaosUser, orders: OrderDoc[], entries: LedgerDoc[], report: AuditReport): void {
  for (const payment of user.payments) {
    const order = orders.find((doc) => doc._id === payment.orderId);
    const wantedStatus = payment.outcome === 'success' ? 'paid' : 'failed';
    if (!order || order.status !== wantedStatus) {
      report.findings.push({
        kind: 'invariant',
        what: `order ${payment.orderId} is ${order?.status ?? 'missing'}, not ${wantedStatus}`,
      });
      continue;
    }
    if (order.outbox.length > 0) report.settling.push(`order ${order._id}: ${order.outbox.length} events to publish`);
    const grants = entries.filter((entry) => entry.kind === 'purchase' && entry.reference === order._id).length;
    if (wantedStatus === 'failed') {
      if (grants > 0) report.findings.push({ kind: 'double', what: `failed order ${order._id} granted ${grants}×` });
      continue;
    }
    report.paidOrders += 1;
    if (grants === 0) report.settling.push(`paid order ${order._id}: no grant yet`);
    if (grants > 1) report.findings.push({ kind: 'double', what: `paid order ${order._id} granted ${grants}×` });
  }
}

/** balance = Σ ledger, held = Σ ledger = 0, one welcome grant, and the live feed saw every credits change. */
function auditAccount(user: ChaosUser, account: AccountDoc | undefined, entries: LedgerDoc[], report: AuditReport) {
  if (!account) {
    report.settling.push(`${user.email}: no credit account yet`);
    return;
  }
  if (account.outbox.length > 0)
    report.settling.push(`${user.email}: ${account.outbox.length} account changes to relay`);
  const welcome = entries.filter((entry) => entry.kind === 'grant').length;
  if (welcome > 1) report.findings.push({ kind: 'double', what: `${user.email}: ${welcome} welcome grants` });
  if (welcome === 0) report.settling.push(`${user.email}: no welcome grant yet`);
  const balance = entries.reduce((sum, entry) => sum + entry.balanceDelta, 0);
  const held = entries.reduce((sum, entry) => sum + entry.heldDelta, 0);
  if (account.balance !== balance || account.held !== held) {
    report.findings.push({
      kind: 'invariant',
      what: `${user.email}: account ${account.balance}/${account.held} held, ledger sums ${balance}/${held}`,
    });
  }
  if (account.held !== 0) report.settling.push(`${user.email}: ${account.held} credits still held`);

  const published = entries.filter((entry) => entry.balanceDelta !== 0 || entry.heldDelta !== 0).length;
  const seen = user.live.credits.length;
  report.creditsEventsSeen += seen;
  if (user.live.resets > 0) {
    report.findings.push({ kind: 'lost', what: `${user.email}: the live feed reset ${user.live.resets}× (a gap)` });
  }
  if (seen > published) {
    report.findings.push({ kind: 'double', what: `${user.email}: ${seen} credits events for ${published} changes` });
  } else if (seen < published) {
    report.settling.push(`${user.email}: live feed saw ${seen} of ${published} credits changes`);
  } else {
    const latest = user.live.latest;
    if (latest && (latest.balance !== account.balance || latest.heldCredits !== account.held)) {
      report.settling.push(
        `${user.email}: live feed shows ${latest.balance}/${latest.heldCredits}, account ${account.balance}/${account.held}`,
      );
    }
  }
}

/** What is still settling when the wait runs out is lost: counted once per line. */
export function lostWhenSettlingEnds(report: AuditReport): AuditFinding[] {
  return report.settling.map((what) => ({ kind: 'lost', what }));
}
