import { randomUUID } from 'node:crypto';
import { describeRepositoryContract } from '@kadr/documents/testing';
import type { LedgerEntry } from '../../domain/credits/account';
import { accountChange } from '../../domain/credits/account-change';
import type { LedgerRepository } from './ledger.repository';
import { MemoryLedgerRepository } from './memory-ledger.repository';
import { MongooseLedgerRepository } from './mongoose-ledger.repository';

const newUserId = (): string => `user-${randomUUID()}`;

function entry(
  userId: string,
  kind: LedgerEntry['kind'],
  balanceDelta: number,
  reference: string,
  at: number,
): LedgerEntry {
  return { ...accountChange({ kind, balanceDelta, reference, correlationId: 'c', at: new Date(at) }), userId };
}

describeRepositoryContract<LedgerRepository>(
  'commerce-ledger',
  {
    memory: async () => {
      const repo = await MemoryLedgerRepository.create();
      return { repo, cleanup: () => repo.close() };
    },
    mongoose: (connection) =>
      Promise.resolve({ repo: new MongooseLedgerRepository(connection), cleanup: async () => {} }),
  },
  (getRepo) => {
    it('appends entries and lists a user’s oldest first', async () => {
      const userId = newUserId();
      const later = entry(userId, 'purchase', 100, 'order-1', 2_000);
      const earlier = entry(userId, 'grant', 50, 'welcome', 1_000);
      await getRepo().append([later, earlier]);
      await getRepo().append([entry(newUserId(), 'grant', 50, 'welcome', 1_500)]);
      expect(await getRepo().listByUser(userId)).toEqual([earlier, later]);
    });

    it('skips an entry whose id is already there (the relay may copy twice)', async () => {
      const userId = newUserId();
      const grant = entry(userId, 'grant', 50, 'welcome', 1_000);
      await getRepo().append([grant]);
      await Promise.all([getRepo().append([grant]), getRepo().append([grant, { ...grant, balanceDelta: 999 }])]);
      expect(await getRepo().listByUser(userId)).toEqual([grant]);
    });

    it('lists the entries of one reference', async () => {
      const userId = newUserId();
      const hold = entry(userId, 'hold', 0, 'job-1', 1_000);
      const capture = entry(userId, 'capture', -5, 'job-1', 2_000);
      await getRepo().append([hold, entry(userId, 'hold', 0, 'job-2', 1_500), capture]);
      expect(await getRepo().listByReference(userId, 'job-1')).toEqual([hold, capture]);
      expect(await getRepo().listByReference(newUserId(), 'job-1')).toEqual([]);
    });

    it('keeps the reason of a release', async () => {
      const userId = newUserId();
      const release = {
        ...accountChange({
          kind: 'release',
          heldDelta: -5,
          reference: 'job-1',
          reason: 'cancelled',
          correlationId: 'c',
        }),
        userId,
      };
      await getRepo().append([release]);
      expect(await getRepo().listByReference(userId, 'job-1')).toEqual([release]);
      expect((await getRepo().listByUser(userId))[0]?.reason).toBe('cancelled');
    });

    it('keeps the reason and the shortfall of a chargeback', async () => {
      const userId = newUserId();
      const chargeback = {
        ...accountChange({
          kind: 'chargeback',
          balanceDelta: -40,
          reference: 'order-1',
          reason: 'Card issuer reversed',
          shortfall: 60,
          correlationId: 'c',
        }),
        userId,
      };
      await getRepo().append([chargeback]);
      expect(await getRepo().listByReference(userId, 'order-1')).toEqual([chargeback]);
      expect((await getRepo().listByUser(userId))[0]).toMatchObject({ reason: 'Card issuer reversed', shortfall: 60 });
    });

    it('deletes a user’s entries (purge)', async () => {
      const userId = newUserId();
      const other = newUserId();
      await getRepo().append([
        entry(userId, 'grant', 50, 'w', 1),
        entry(userId, 'hold', 0, 'j', 2),
        entry(other, 'grant', 50, 'w', 3),
      ]);
      expect(await getRepo().deleteByUser(userId)).toBe(2);
      expect(await getRepo().listByUser(userId)).toEqual([]);
      expect(await getRepo().listByUser(other)).toHaveLength(1);
    });
  },
);
