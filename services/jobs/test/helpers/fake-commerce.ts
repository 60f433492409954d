/**
 * A local stand-in for commerce (never its code): the internal hold and entitlement calls
 * over real HTTP with the internal token checked, an in-memory balance with commerce's
 * semantics (hold idempotent by (job id, generation) with hold ids `jobId` / `jobId#n`, a next
 * generation refused with 409 while the job has an open hold, 402 when not enough is available;
 * capture on `job.progress` COMPLETED, release on FAILED and `job.deleted`, of the job's open
 * hold whatever its generation, only from `held`; the lookup answers the newest generation).
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { JobProgressKind, decodeEvent, type Resolution } from '@kadr/contracts';
import type { ConsumerHandle, EventBus } from '@kadr/event-bus';
import { DEFAULT_INTERNAL_TOKEN_KEY_ID } from '@kadr/config';
import { callerOf, requireInternalCaller } from '@kadr/http-kit';

export interface FakeHold {
  jobId: string;
  generation: number;
  amount: number;
  takenFrom: 'credits' | 'allowance';
  state: 'held' | 'captured' | 'released';
  /** The resolution the hold was asked for (the frame's long side, issue 21). */
  resolution?: string;
}

export interface FakeAccount {
  balance: number;
  held: number;
  maxResolution: Resolution;
  plan: 'starter' | 'pro' | 'enterprise' | null;
  /** By hold id: the job id for generation 1, `${jobId}#${generation}` after. */
  holds: Map<string, FakeHold>;
}

const holdIdOf = (jobId: string, generation: number) => (generation === 1 ? jobId : `${jobId}#${generation}`);
const holdBody = (holdId: string, { amount, takenFrom, state }: FakeHold) => ({
  data: { holdId, amount, takenFrom, state },
});

export class FakeCommerce {
  readonly accounts = new Map<string, FakeAccount>();
  captures = 0;
  releases = 0;
  holdCalls = 0;
  private server: Server | undefined;
  private consumer: ConsumerHandle | undefined;
  url = '';

  constructor(private readonly secret: string) {}

  account(userId: string): FakeAccount {
    let account = this.accounts.get(userId);
    if (!account) {
      account = { balance: 0, held: 0, maxResolution: '720p', plan: null, holds: new Map() };
      this.accounts.set(userId, account);
    }
    return account;
  }

  give(userId: string, credits: number, maxResolution: Resolution = '720p'): FakeAccount {
    const account = this.account(userId);
    account.balance += credits;
    account.maxResolution = maxResolution;
    return account;
  }

  async start(): Promise<this> {
    const app = express();
    app.use(express.json());
    app.use(
      requireInternalCaller({
        keys: { current: { kid: DEFAULT_INTERNAL_TOKEN_KEY_ID, secret: this.secret } },
        audience: 'commerce',
      }),
    );
    app.use((_req, res, next) => {
      const caller = callerOf(res);
      if (caller.kind !== 'service' || caller.service !== 'jobs') {
        res.status(403).json({ type: '/problems/forbidden' });
        return;
      }
      next();
    });
    app.post('/internal/holds', (req, res) => {
      this.holdCalls += 1;
      const {
        jobId,
        userId,
        amount,
        generation = 1,
        resolution,
      } = req.body as {
        jobId: string;
        userId: string;
        amount: number;
        generation?: number;
        resolution?: string;
      };
      const account = this.account(userId);
      const holdId = holdIdOf(jobId, generation);
      const existing = account.holds.get(holdId);
      if (existing) {
        res.status(200).json(holdBody(holdId, existing));
        return;
      }
      if ([...account.holds.values()].some((h) => h.jobId === jobId && h.state === 'held')) {
        res.status(409).json({ type: '/problems/conflict', title: 'Conflict', detail: 'The job has an open hold.' });
        return;
      }
      if (account.balance - account.held < amount) {
        res
          .status(402)
          .json({ type: '/problems/insufficient_credits', title: 'Insufficient credits', detail: 'Not enough.' });
        return;
      }
      const hold: FakeHold = {
        jobId,
        generation,
        amount,
        takenFrom: 'credits',
        state: 'held',
        ...(resolution ? { resolution } : {}),
      };
      account.held += amount;
      account.holds.set(holdId, hold);
      res.status(201).json(holdBody(holdId, hold));
    });
    app.get('/internal/holds/:jobId', (req, res) => {
      const account = this.account(typeof req.query.userId === 'string' ? req.query.userId : '');
      const newest = this.holdsOf(account, req.params.jobId).at(-1);
      if (!newest) {
        res.status(404).json({ type: '/problems/not_found' });
        return;
      }
      res.json(holdBody(newest[0], newest[1]));
    });
    app.get('/internal/users/:userId/entitlements', (req, res) => {
      const account = this.account(req.params.userId);
      res.json({
        data: {
          userId: req.params.userId,
          plan: account.plan,
          tier: account.plan ? 'PRO' : 'FREE',
          maxResolution: account.maxResolution,
          allowance: null,
          credits: {
            balance: account.balance,
            currency: 'credits',
            heldCredits: account.held,
            available: account.balance - account.held,
          },
        },
      });
    });
    await new Promise<void>((resolve) => {
      this.server = app.listen(0, '127.0.0.1', () => resolve());
    });
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  /** Settles holds from the job events, as commerce does. */
  async consume(bus: EventBus, group = `commerce-fake-${Math.random().toString(36).slice(2)}`): Promise<void> {
    this.consumer = await bus.subscribe({
      group,
      topics: ['job.progress', 'job.deleted'],
      handler: (message) => {
        const envelope = decodeEvent(message.value);
        if (envelope.payload.case === 'jobProgress') {
          const { jobId, userId, kind } = envelope.payload.value;
          if (kind === JobProgressKind.COMPLETED) this.settle(userId, jobId, 'captured');
          if (kind === JobProgressKind.FAILED || kind === JobProgressKind.CANCELLED) {
            this.settle(userId, jobId, 'released');
          }
        } else if (envelope.payload.case === 'jobDeleted') {
          this.settle(envelope.payload.value.userId, envelope.payload.value.jobId, 'released');
        }
        return Promise.resolve();
      },
    });
  }

  /** The job's holds as [holdId, hold], oldest generation first. */
  holdsOf(account: FakeAccount, jobId: string): Array<[string, FakeHold]> {
    return [...account.holds.entries()]
      .filter(([, h]) => h.jobId === jobId)
      .sort(([, a], [, b]) => a.generation - b.generation);
  }

  private settle(userId: string, jobId: string, outcome: 'captured' | 'released'): void {
    const account = this.account(userId);
    const hold = this.holdsOf(account, jobId).find(([, h]) => h.state === 'held')?.[1];
    if (!hold) return;
    hold.state = outcome;
    account.held -= hold.amount;
    if (outcome === 'captured') {
      account.balance -= hold.amount;
      this.captures += 1;
    } else this.releases += 1;
  }

  async stop(): Promise<void> {
    await this.consumer?.stop();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
