/**
 * A local stand-in for commerce (never its code): the internal hold and entitlement calls
 * over real HTTP with the internal token checked, an in-memory balance with commerce's
 * semantics (hold idempotent by job id, 402 when not enough is available; capture on
 * `job.progress` COMPLETED, release on FAILED and `job.deleted`, only from `held`).
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { JobProgressKind, decodeEvent, type Resolution } from '@kadr/contracts';
import type { ConsumerHandle, EventBus } from '@kadr/event-bus';
import { callerOf, requireInternalCaller } from '@kadr/http-kit';

export interface FakeHold {
  amount: number;
  takenFrom: 'credits' | 'allowance';
  state: 'held' | 'captured' | 'released';
}

export interface FakeAccount {
  balance: number;
  held: number;
  maxResolution: Resolution;
  plan: 'starter' | 'pro' | 'enterprise' | null;
  holds: Map<string, FakeHold>;
}

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
    app.use(requireInternalCaller({ secret: this.secret, audience: 'commerce' }));
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
      const { jobId, userId, amount } = req.body as { jobId: string; userId: string; amount: number };
      const account = this.account(userId);
      const existing = account.holds.get(jobId);
      if (existing) {
        res.status(200).json({ data: { holdId: jobId, ...existing } });
        return;
      }
      if (account.balance - account.held < amount) {
        res
          .status(402)
          .json({ type: '/problems/insufficient_credits', title: 'Insufficient credits', detail: 'Not enough.' });
        return;
      }
      const hold: FakeHold = { amount, takenFrom: 'credits', state: 'held' };
      account.held += amount;
      account.holds.set(jobId, hold);
      res.status(201).json({ data: { holdId: jobId, ...hold } });
    });
    app.get('/internal/holds/:jobId', (req, res) => {
      const hold = this.account(typeof req.query.userId === 'string' ? req.query.userId : '').holds.get(
        req.params.jobId,
      );
      if (!hold) {
        res.status(404).json({ type: '/problems/not_found' });
        return;
      }
      res.json({ data: { holdId: req.params.jobId, ...hold } });
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
          if (kind === JobProgressKind.FAILED) this.settle(userId, jobId, 'released');
        } else if (envelope.payload.case === 'jobDeleted') {
          this.settle(envelope.payload.value.userId, envelope.payload.value.jobId, 'released');
        }
        return Promise.resolve();
      },
    });
  }

  private settle(userId: string, jobId: string, outcome: 'captured' | 'released'): void {
    const account = this.account(userId);
    const hold = account.holds.get(jobId);
    if (!hold || hold.state !== 'held') return;
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
