import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describeRepositoryContract } from '@kadr/documents/testing';
import { MemoryAccountRepository, MongooseAccountRepository } from './example-account.repository';
import type { Account, AccountRepository } from './example-account.repository';

/** Tests against a shared server must not collide: every user id is unique to the run. */
const newUserId = (): string => `user-${randomUUID()}`;

/** How many calls succeeded (a count keeps failure messages short). */
const succeeded = (results: ReadonlyArray<Account | null>): number => results.filter((r) => r !== null).length;

function countEvents(account: Account | null, type: string): number {
  return account?.outbox.filter((e) => e.type === type).length ?? 0;
}

describeRepositoryContract<AccountRepository>(
  'example-account',
  {
    memory: async () => {
      const repo = await MemoryAccountRepository.create();
      return { repo, cleanup: () => repo.close() };
    },
    mongoose: (connection) =>
      Promise.resolve({ repo: new MongooseAccountRepository(connection), cleanup: async () => {} }),
  },
  (getRepo) => {
    describe('open', () => {
      it('creates an account with the balance available, nothing held and an opened event', async () => {
        const userId = newUserId();
        const account = await getRepo().open(userId, 100);
        expect(account).toMatchObject({ userId, balance: 100, held: 0, available: 100, holds: [], settledHoldIds: [] });
        expect(account.id).toEqual(expect.any(String));
        expect(account.createdAt).toBeInstanceOf(Date);
        expect(account.outbox).toEqual([
          { id: expect.any(String), type: 'account.opened', userId, amount: 100, occurredAt: expect.any(Date) },
        ]);
        expect(await getRepo().get(userId)).toEqual(account);
      });

      it('is idempotent: a second open returns the existing account unchanged', async () => {
        const userId = newUserId();
        const first = await getRepo().open(userId, 100);
        await getRepo().hold(userId, 'h1', 40);
        const second = await getRepo().open(userId, 999);
        expect(second.id).toBe(first.id);
        expect(second).toMatchObject({ balance: 100, held: 40, available: 60 });
      });

      it('creates exactly one document when the same user is opened concurrently', async () => {
        const userId = newUserId();
        const accounts = await Promise.all(Array.from({ length: 10 }, () => getRepo().open(userId, 50)));
        expect(new Set(accounts.map((a) => a.id)).size).toBe(1);
        const stored = await getRepo().get(userId);
        expect(stored?.id).toBe(accounts[0]!.id);
        expect(countEvents(stored, 'account.opened')).toBe(1);
      });

      it('returns null for an account that does not exist', async () => {
        expect(await getRepo().get(newUserId())).toBeNull();
      });
    });

    describe('hold', () => {
      it('moves the amount from available to held and records the hold and its event in one update', async () => {
        const userId = newUserId();
        await getRepo().open(userId, 100);
        const account = await getRepo().hold(userId, 'job-1', 30);
        expect(account).toMatchObject({ balance: 100, held: 30, available: 70 });
        expect(account?.holds).toEqual([{ holdId: 'job-1', amount: 30, createdAt: expect.any(Date) }]);
        expect(account?.outbox.at(-1)).toEqual({
          id: expect.any(String),
          type: 'credits.held',
          userId,
          amount: 30,
          holdId: 'job-1',
          occurredAt: expect.any(Date),
        });
        expect(await getRepo().get(userId)).toEqual(account);
      });

      it('allows holding exactly the available amount', async () => {
        const userId = newUserId();
        await getRepo().open(userId, 25);
        expect(await getRepo().hold(userId, 'all', 25)).toMatchObject({ held: 25, available: 0 });
      });

      it('refuses an amount above what is available and changes nothing', async () => {
        const userId = newUserId();
        await getRepo().open(userId, 100);
        await getRepo().hold(userId, 'job-1', 80);
        const before = await getRepo().get(userId);
        expect(await getRepo().hold(userId, 'job-2', 30)).toBeNull();
        expect(await getRepo().get(userId)).toEqual(before);
      });

      it('refuses a hold id that is already held, even with credits to spare', async () => {
        const userId = newUserId();
        await getRepo().open(userId, 100);
        await getRepo().hold(userId, 'job-1', 10);
        expect(await getRepo().hold(userId, 'job-1', 10)).toBeNull();
        expect(await getRepo().get(userId)).toMatchObject({ held: 10, available: 90 });
      });

      it('returns null for an unknown account', async () => {
        expect(await getRepo().hold(newUserId(), 'job-1', 1)).toBeNull();
      });

      it('lets exactly as many concurrent holds succeed as the balance covers', async () => {
        const userId = newUserId();
        await getRepo().open(userId, 100);
        const results = await Promise.all(Array.from({ length: 30 }, (_, i) => getRepo().hold(userId, `job-${i}`, 10)));
        expect(succeeded(results)).toBe(10);
        const account = await getRepo().get(userId);
        expect(account).toMatchObject({ balance: 100, held: 100, available: 0 });
        expect(account?.holds).toHaveLength(10);
        expect(countEvents(account, 'credits.held')).toBe(10);
      });

      it('lets exactly one of the same hold id submitted concurrently succeed', async () => {
        const userId = newUserId();
        await getRepo().open(userId, 1000);
        const results = await Promise.all(Array.from({ length: 10 }, () => getRepo().hold(userId, 'job-x', 10)));
        expect(succeeded(results)).toBe(1);
        const account = await getRepo().get(userId);
        expect(account).toMatchObject({ held: 10, available: 990 });
        expect(countEvents(account, 'credits.held')).toBe(1);
      });
    });

    describe('release', () => {
      it('gives a held amount back and records the release', async () => {
        const userId = newUserId();
        await getRepo().open(userId, 100);
        await getRepo().hold(userId, 'job-1', 30);
        await getRepo().hold(userId, 'job-2', 20);
        const account = await getRepo().release(userId, 'job-1');
        expect(account).toMatchObject({ balance: 100, held: 20, available: 80 });
        expect(account?.holds.map((h) => h.holdId)).toEqual(['job-2']);
        expect(account?.outbox.at(-1)).toMatchObject({ type: 'credits.released', amount: 30, holdId: 'job-1' });
      });

      it('only releases from held: a second release and an unknown hold return null', async () => {
        const userId = newUserId();
        await getRepo().open(userId, 100);
        await getRepo().hold(userId, 'job-1', 30);
        await getRepo().release(userId, 'job-1');
        expect(await getRepo().release(userId, 'job-1')).toBeNull();
        expect(await getRepo().release(userId, 'never-held')).toBeNull();
        expect(await getRepo().release(newUserId(), 'job-1')).toBeNull();
        expect(await getRepo().get(userId)).toMatchObject({ held: 0, available: 100 });
      });

      it('does not let a released hold id be held again (a late duplicate cannot take credits twice)', async () => {
        const userId = newUserId();
        await getRepo().open(userId, 100);
        await getRepo().hold(userId, 'job-1', 30);
        await getRepo().release(userId, 'job-1');
        expect(await getRepo().hold(userId, 'job-1', 30)).toBeNull();
        expect(await getRepo().get(userId)).toMatchObject({ held: 0, available: 100, settledHoldIds: ['job-1'] });
      });

      it('releases a hold exactly once when released concurrently', async () => {
        const userId = newUserId();
        await getRepo().open(userId, 100);
        await getRepo().hold(userId, 'job-1', 40);
        const results = await Promise.all(Array.from({ length: 10 }, () => getRepo().release(userId, 'job-1')));
        expect(succeeded(results)).toBe(1);
        const account = await getRepo().get(userId);
        expect(account).toMatchObject({ balance: 100, held: 0, available: 100, holds: [] });
        expect(countEvents(account, 'credits.released')).toBe(1);
      });
    });

    describe('outbox', () => {
      it('lists pending events per account and removes only the published ones', async () => {
        const alice = newUserId();
        const bob = newUserId();
        await getRepo().open(alice, 100);
        await getRepo().open(bob, 100);
        await getRepo().hold(alice, 'job-1', 10);

        const pending = await getRepo().takeOutbox(10);
        const aliceEvents = pending.find((p) => p.userId === alice)?.events ?? [];
        expect(aliceEvents.map((e) => e.type)).toEqual(['account.opened', 'credits.held']);
        expect(pending.find((p) => p.userId === bob)?.events).toHaveLength(1);

        await getRepo().removeFromOutbox(alice, [aliceEvents[0]!.id]);
        await getRepo().hold(alice, 'job-2', 10);
        const remaining = (await getRepo().get(alice))?.outbox.map((e) => e.type);
        expect(remaining).toEqual(['credits.held', 'credits.held']);

        const all = (await getRepo().get(alice))!.outbox.map((e) => e.id);
        await getRepo().removeFromOutbox(alice, all);
        expect((await getRepo().get(alice))?.outbox).toEqual([]);
        const afterwards = await getRepo().takeOutbox(10);
        expect(afterwards.map((p) => p.userId)).toEqual([bob]);
      });

      it('honours the limit', async () => {
        for (let i = 0; i < 3; i += 1) await getRepo().open(newUserId(), 1);
        expect(await getRepo().takeOutbox(2)).toHaveLength(2);
      });
    });
  },
);

describe('example account repository persisted to a data folder [memory]', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kadr-documents-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reads back, after close and reopen, exactly what it wrote, dates included', async () => {
    const userId = newUserId();
    const first = await MemoryAccountRepository.create({ dataDir });
    await first.open(userId, 100);
    await first.hold(userId, 'job-1', 30);
    await first.hold(userId, 'job-2', 20);
    const written = await first.release(userId, 'job-2');
    await first.close();

    const second = await MemoryAccountRepository.create({ dataDir });
    const read = await second.get(userId);
    expect(read).toEqual(written);
    expect(read?.createdAt).toBeInstanceOf(Date);
    expect(read?.holds[0]?.createdAt).toBeInstanceOf(Date);
    expect(read?.createdAt.getTime()).toBe(written?.createdAt.getTime());
    // The unique key on userId is rebuilt from the file.
    expect((await second.open(userId, 5)).id).toBe(written?.id);
    await second.close();
  });
});
