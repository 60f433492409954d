import { randomUUID } from 'node:crypto';
import { decodeEventOn } from '@kadr/contracts';
import type { BusMessage } from '@kadr/tooling/scripted-bus';
import type { CommerceUnderTest, HttpAnswer } from './commerce-under-test';
import { jobDeleted, jobFinished } from './job-events';
import { checkLedgerInvariants, type ModelFacts } from './ledger-invariants';
import { countersOfLedger, growth, moneyCounters } from './money-counters';
import type { Op } from './ops';

/** A job as the jobs service sees it: its hold's price, its current hold generation, its state. */
interface ModelJob {
  jobId: string;
  amount: number;
  resolution: '720p' | '2160p';
  generation: number;
  state: 'active' | 'COMPLETED' | 'FAILED' | 'deleted' | 'refused';
}

const PACKAGES = [
  { id: 'credits-100', credits: 100 },
  { id: 'credits-300', credits: 300 },
  { id: 'credits-1000', credits: 1_000 },
] as const;

const JOBS = { service: 'jobs' };

function expectStatus(answer: HttpAnswer, allowed: number[], what: string): void {
  if (!allowed.includes(answer.status)) {
    throw new Error(
      `${what} answered ${answer.status} (expected ${allowed.join('/')}): ${JSON.stringify(answer.body)}`,
    );
  }
}

const holdState = (answer: HttpAnswer): string | undefined =>
  (answer.body as { data?: { state?: string } }).data?.state;

/**
 * Runs one case of the ledger model check: the steps against commerce's HTTP routes and event
 * consumers, the invariants after each, then the events still in flight delivered and the relay
 * drained, and the invariants once more (with every paid order now applied).
 */
export class LedgerModelCase {
  private readonly jobs: ModelJob[] = [];
  private readonly inFlight: BusMessage[] = [];
  private readonly facts: ModelFacts;

  constructor(
    private readonly commerce: CommerceUnderTest,
    userId: string,
  ) {
    this.facts = {
      userId,
      holdsCreated: new Map(),
      allowanceHolds: new Map(),
      paidOrders: new Map(),
      deliveredOrders: new Set(),
    };
  }

  private get user() {
    return { user: this.facts.userId };
  }

  async run(ops: readonly Op[]): Promise<void> {
    const countersBefore = await moneyCounters(this.commerce.metrics.registry);
    for (const [index, op] of ops.entries()) {
      try {
        await this.apply(op);
        await checkLedgerInvariants(this.commerce.stores, this.facts);
      } catch (error) {
        throw new Error(`step ${index} ${JSON.stringify(op)}: ${(error as Error).message}`, { cause: error });
      }
    }
    await this.settleEverything();
    await checkLedgerInvariants(this.commerce.stores, this.facts);
    const unapplied = [...this.facts.paidOrders.keys()].filter((id) => !this.facts.deliveredOrders.has(id));
    if (unapplied.length > 0) throw new Error(`paid orders never applied: ${unapplied.join(', ')}`);
    const reconciliation = await this.commerce.call(
      'GET',
      `/internal/reconciliation/${encodeURIComponent(this.facts.userId)}`,
      { service: 'jobs' },
    );
    const account = await this.commerce.stores.accounts.get(this.facts.userId);
    expectStatus(reconciliation, [account ? 200 : 404], 'GET /internal/reconciliation');
    const report = (reconciliation.body as { data?: { ok?: boolean } }).data;
    if (account && report?.ok !== true) throw new Error(`GET /internal/reconciliation says: ${JSON.stringify(report)}`);
    if (account && account.outbox.length > 0)
      throw new Error(`${account.outbox.length} changes left in the outbox after the relay drained`);
    // The metrics count each change once, replays and races included: exactly what the ledger holds.
    const counted = growth(countersBefore, await moneyCounters(this.commerce.metrics.registry));
    const ledger = countersOfLedger(await this.commerce.stores.ledger.listByUser(this.facts.userId));
    if (JSON.stringify(counted) !== JSON.stringify(ledger)) {
      throw new Error(
        `the money metrics counted ${JSON.stringify(counted)}, the ledger holds ${JSON.stringify(ledger)}`,
      );
    }
  }

  /** What the end of the world looks like: the relay catches up, every in-flight event arrives once. */
  private async settleEverything(): Promise<void> {
    await this.relay();
    while (this.inFlight.length > 0) {
      const message = this.inFlight.shift();
      if (message) await this.deliver(message);
      await this.relay();
    }
    await this.commerce.composed.relay.drain();
  }

  private async apply(op: Op): Promise<void> {
    switch (op.op) {
      case 'hold':
        return this.hold(op.job, op.amount, op.resolution);
      case 'holdBurst':
        for (let i = 0; i < op.count; i += 1) await this.hold(this.jobs.length, 1, '720p');
        return;
      case 'requeue':
        return this.requeue(op.job);
      case 'complete':
      case 'fail':
      case 'delete':
        return this.finishJob(op.job, op.op);
      case 'deliver': {
        if (this.inFlight.length === 0) return;
        const index = op.pick % this.inFlight.length;
        const message = this.inFlight[index];
        if (!message) return;
        if (!op.again) this.inFlight.splice(index, 1);
        return this.deliver(message);
      }
      case 'buyPackage':
        return this.buy({ packageId: PACKAGES[op.pack].id }, op.outcome, op.twice, PACKAGES[op.pack].credits);
      case 'buyPlan':
        for (let i = 0; i < op.periods; i += 1) await this.buy({ planId: op.plan }, 'success', false, 0);
        if (op.prompt) await this.deliverPaymentsNow();
        return;
      case 'cancel': {
        const answer = await this.commerce.call('POST', '/api/commerce/subscription/cancel', this.user);
        return expectStatus(answer, [200, 409], 'cancel');
      }
      case 'advance':
        this.commerce.advance(op.ms);
        return;
      case 'relay':
        return this.relay();
    }
  }

  private holdRequest(job: ModelJob, generation: number) {
    const body = {
      jobId: job.jobId,
      userId: this.facts.userId,
      amount: job.amount,
      resolution: job.resolution,
      generation,
    };
    return this.commerce.call('POST', '/internal/holds', JOBS, body);
  }

  /** A new hold commerce answered 201 for; an allowance one with the period it was taken in (read back from the account). */
  private async recordCreated(job: ModelJob, generation: number, answer: HttpAnswer): Promise<void> {
    const created = (answer.body as { data: { holdId: string; takenFrom: string; state: string } }).data;
    if (created.state !== 'held') throw new Error(`a new hold is ${created.state}`);
    if (created.takenFrom === 'allowance') {
      const account = await this.commerce.stores.accounts.get(this.facts.userId);
      const hold = account?.holds.find((h) => h.holdId === created.holdId);
      if (!hold?.periodStart) throw new Error(`allowance hold ${created.holdId} is not open after its 201`);
      this.facts.allowanceHolds.set(created.holdId, hold.periodStart.getTime());
    }
    const generations = this.facts.holdsCreated.get(job.jobId) ?? new Set<number>();
    if (generations.has(generation)) throw new Error(`hold ${job.jobId} generation ${generation} created twice`);
    generations.add(generation);
    this.facts.holdsCreated.set(job.jobId, generations);
  }

  /** A new job's first hold, or the jobs service retrying the hold of a job still being reserved. */
  private async hold(index: number, amount: number, resolution: '720p' | '2160p'): Promise<void> {
    let job = this.jobs[index];
    if (!job) {
      job = {
        jobId: `${this.facts.userId}-job${this.jobs.length}`,
        amount,
        resolution,
        generation: 1,
        state: 'active',
      };
      this.jobs.push(job);
    } else if (job.state !== 'active') {
      return;
    }
    const answer = await this.holdRequest(job, job.generation);
    expectStatus(answer, [200, 201, 402, 409], 'hold');
    if (answer.status === 201) await this.recordCreated(job, job.generation, answer);
    // Refused before anything was held: the jobs service fails the job without events.
    if (answer.status === 402 && !this.facts.holdsCreated.has(job.jobId)) job.state = 'refused';
  }

  /** jobs' requeue (JobAdministration.requeue): the next generation of a FAILED job, the same one of a stuck job. */
  private async requeue(index: number): Promise<void> {
    const job = this.jobs[index % Math.max(1, this.jobs.length)];
    if (!job || (job.state !== 'FAILED' && job.state !== 'active')) return;
    const generation = job.state === 'FAILED' ? job.generation + 1 : job.generation;
    const answer = await this.holdRequest(job, generation);
    expectStatus(answer, [200, 201, 402, 409], 'requeue hold');
    if (answer.status === 201) await this.recordCreated(job, generation, answer);
    if ((answer.status === 200 || answer.status === 201) && holdState(answer) === 'held') {
      job.generation = generation;
      job.state = 'active';
    }
  }

  /** The jobs service publishes the job's end; the bus delivers it whenever a `deliver` step says. */
  private finishJob(index: number, how: 'complete' | 'fail' | 'delete'): void {
    const job = this.jobs[index % Math.max(1, this.jobs.length)];
    if (!job || job.state === 'deleted' || job.state === 'refused') return;
    const now = this.commerce.now();
    if (how === 'delete') {
      this.inFlight.push(jobDeleted(job.jobId, this.facts.userId, now));
      job.state = 'deleted';
      return;
    }
    if (job.state !== 'active') return; // only a running job completes or fails
    const outcome = how === 'complete' ? 'COMPLETED' : 'FAILED';
    this.inFlight.push(jobFinished(job.jobId, this.facts.userId, outcome, now));
    job.state = outcome;
  }

  private async deliver(message: BusMessage): Promise<void> {
    await this.commerce.deliver(message);
    if (message.topic === 'payment.completed') {
      this.facts.deliveredOrders.add(decodeEventOn('payment.completed', message.value).payload.value.orderId);
    }
  }

  /** The relay runs and every payment in flight is delivered now (a prompt payment confirmation). */
  private async deliverPaymentsNow(): Promise<void> {
    await this.relay();
    const payments = this.inFlight.filter((m) => m.topic === 'payment.completed');
    this.inFlight.splice(0, this.inFlight.length, ...this.inFlight.filter((m) => m.topic !== 'payment.completed'));
    for (const payment of payments) await this.deliver(payment);
  }

  /** One relay pass; the `payment.completed` it published goes in flight, the `credits.changed` nobody here reads. */
  private async relay(): Promise<void> {
    await this.commerce.composed.relay.runOnce();
    this.inFlight.push(...this.commerce.bus.takePublished('payment.completed'));
    this.commerce.bus.takePublished('credits.changed');
  }

  private async buy(
    product: { packageId: string } | { planId: string },
    outcome: 'success' | 'failure',
    twice: boolean,
    credits: number,
  ): Promise<void> {
    const created = await this.commerce.call('POST', '/api/commerce/payment/create-order', this.user, product, {
      'idempotency-key': randomUUID(),
    });
    // 409: a different plan is running.
    expectStatus(created, [201, 409], 'create-order');
    if (created.status !== 201) return;
    const { orderId } = (created.body as { data: { orderId: string } }).data;
    for (let i = 0; i < (twice ? 2 : 1); i += 1) {
      const paid = await this.commerce.call('POST', '/api/commerce/payment/mock-process', this.user, {
        orderId,
        outcome,
      });
      expectStatus(paid, [200], 'mock-process');
    }
    if (outcome === 'success') {
      this.facts.paidOrders.set(orderId, { kind: 'planId' in product ? 'plan' : 'package', credits });
    }
  }
}
