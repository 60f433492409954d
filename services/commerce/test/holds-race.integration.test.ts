import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { connectDocuments, type DocumentsConnection } from '@kadr/documents';
import { testDatabaseName } from '@kadr/documents/testing';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { MongooseAccountRepository } from '../src/data-access/accounts/mongoose-account.repository';
import { MongooseLedgerRepository } from '../src/data-access/ledger/mongoose-ledger.repository';
import { CreditAccounts } from '../src/domain/credits/accounts';
import { Holds } from '../src/domain/credits/holds';
import { reconcileAccount } from '../src/domain/reconciliation/reconcile';
import { Subscriptions } from '../src/domain/subscriptions/subscriptions';

const run = promisify(execFile);
const WORKER = path.join(__dirname, 'race', 'hold-race-worker.ts');

interface WorkerSummary {
  allowance: number;
  credits: number;
  refused: number;
  errors: string[];
}

type Models = { accounts: MongooseAccountRepository; ledger: MongooseLedgerRepository };

/**
 * The race tests against the MongoDB-compatible server, with the holds fired from two
 * separate Node processes at the same instant (each its own connection pool), so nothing but
 * the server's single-document atomicity keeps the invariants.
 */
describeWithRealServer('mongodb', 'commerce holds race [mongodb, two processes]', (target) => {
  const dbName = testDatabaseName('commerce_race');
  let documents: DocumentsConnection<Models>;
  let accounts: CreditAccounts;
  let holds: Holds;

  beforeAll(async () => {
    documents = await connectDocuments({
      uri: target.uri,
      dbName,
      autoIndex: true,
      defineModels: (connection) => ({
        accounts: new MongooseAccountRepository(connection),
        ledger: new MongooseLedgerRepository(connection),
      }),
    });
    accounts = new CreditAccounts({ accounts: documents.models.accounts, welcomeCredits: 50 });
    holds = new Holds(accounts, new Subscriptions(accounts), documents.models.ledger);
  }, 30_000);

  afterAll(async () => {
    await documents?.connection.dropDatabase();
    await documents?.close();
  }, 30_000);

  /** Starts both workers, each firing `count` holds at the same instant; samples the account meanwhile. */
  async function race(userId: string, count: number): Promise<{ total: WorkerSummary; minAvailable: number }> {
    const startAt = Date.now() + 4_000;
    const worker = (prefix: string) =>
      run(process.execPath, ['--conditions=kadr-source', '--import', 'tsx', WORKER], {
        cwd: path.join(__dirname, '..'),
        env: {
          ...process.env,
          RACE_DB: dbName,
          RACE_USER: userId,
          RACE_COUNT: String(count),
          RACE_PREFIX: prefix,
          RACE_START_AT: String(startAt),
          MONGODB_URI: target.uri,
        },
      });
    let minAvailable = Number.POSITIVE_INFINITY;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const account = await documents.models.accounts.get(userId);
        if (account) minAvailable = Math.min(minAvailable, account.available, account.balance - account.held);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const outputs = await Promise.all([worker('p1'), worker('p2')]).finally(() => {
      sampling = false;
    });
    await sampler;
    const summaries = outputs.map((o) => JSON.parse(o.stdout.trim().split('\n').at(-1)!) as WorkerSummary);
    const total = summaries.reduce(
      (sum, s) => ({
        allowance: sum.allowance + s.allowance,
        credits: sum.credits + s.credits,
        refused: sum.refused + s.refused,
        errors: [...sum.errors, ...s.errors],
      }),
      { allowance: 0, credits: 0, refused: 0, errors: [] as string[] },
    );
    return { total, minAvailable };
  }

  it('200 concurrent holds of 1 credit against 50 available → exactly 50 succeed, available never below 0, ledger reconciles', async () => {
    const userId = `race-${randomUUID()}`;
    await accounts.ensure(userId, 'setup');
    const { total, minAvailable } = await race(userId, 100);
    expect(total).toEqual({ allowance: 0, credits: 50, refused: 150, errors: [] });
    expect(minAvailable).toBeGreaterThanOrEqual(0);
    expect(await documents.models.accounts.get(userId)).toMatchObject({ balance: 50, held: 50, available: 0 });
    const report = await reconcileAccount(documents.models.accounts, documents.models.ledger, userId);
    expect(report).toMatchObject({ ok: true, openHolds: 50, ledgerBalance: 50, ledgerHeld: 50, problems: [] });
  }, 60_000);

  it('100 parallel generations against a Starter allowance with 10 left → exactly 10 inside it, the rest credits or refused', async () => {
    const userId = `race-${randomUUID()}`;
    await accounts.ensure(userId, 'setup');
    await new Subscriptions(accounts).activate(userId, 'starter', `order-${randomUUID()}`, 'setup');
    for (let i = 0; i < 40; i += 1) {
      await holds.place({ jobId: `used-${i}`, userId, amount: 1, resolution: '720p' }, 'setup');
    }
    const { total, minAvailable } = await race(userId, 50);
    expect(total).toEqual({ allowance: 10, credits: 50, refused: 40, errors: [] });
    expect(minAvailable).toBeGreaterThanOrEqual(0);
    const account = await documents.models.accounts.get(userId);
    expect(account?.subscription).toMatchObject({ allowanceUsed: 50, allowanceRemaining: 0 });
    expect(await reconcileAccount(documents.models.accounts, documents.models.ledger, userId)).toMatchObject({
      ok: true,
    });
  }, 60_000);
});
