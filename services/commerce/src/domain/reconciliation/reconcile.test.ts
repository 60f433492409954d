import { MemoryAccountRepository } from '../../data-access/accounts/memory-account.repository';
import { MemoryLedgerRepository } from '../../data-access/ledger/memory-ledger.repository';
import { accountChange } from '../credits/account-change';
import { reconcileAccount } from './reconcile';

/** The chargeback part of the reconciliation: a take-back matches its order's purchase, once. */
describe('reconciliation of chargebacks', () => {
  const change = (kind: 'grant' | 'purchase' | 'chargeback', balanceDelta: number, shortfall?: number) =>
    accountChange({
      kind,
      balanceDelta,
      reference: kind === 'grant' ? 'welcome:u' : 'order-1',
      shortfall,
      correlationId: 'c',
    });

  async function reconcile(...changes: ReturnType<typeof change>[]) {
    const accounts = await MemoryAccountRepository.create();
    const ledger = await MemoryLedgerRepository.create();
    const balance = changes.reduce((sum, c) => sum + c.balanceDelta, 0);
    await accounts.open('u', { credits: balance, currency: 'credits', change: null });
    await ledger.append(changes.map((c) => ({ ...c, userId: 'u' })));
    const report = await reconcileAccount(accounts, ledger, 'u');
    await Promise.all([accounts.close(), ledger.close()]);
    return report;
  }

  it('is fine when taken + shortfall is what the order granted', async () => {
    const report = await reconcile(change('grant', 50), change('purchase', 100), change('chargeback', -40, 60));
    expect(report).toMatchObject({ ok: true, problems: [] });
  });

  it('finds a take-back that does not match its purchase, or twice for one order', async () => {
    expect(
      (await reconcile(change('grant', 50), change('purchase', 100), change('chargeback', -100, 60)))?.problems,
    ).toEqual(['chargeback of order order-1: taken 100 + shortfall 60 ≠ purchased 100']);
    expect(
      (
        await reconcile(
          change('grant', 50),
          change('purchase', 100),
          change('chargeback', -50, 50),
          change('chargeback', -50, 50),
        )
      )?.problems,
    ).toEqual(['order order-1 has more than one chargeback line']);
  });
});
