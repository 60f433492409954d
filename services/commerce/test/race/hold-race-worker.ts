/**
 * One process of the cross-process race test (holds-race.integration.test.ts): connects to the
 * MongoDB-compatible server on its own, waits for the shared start instant, fires its holds all
 * at once, and prints what happened as one JSON line.
 */
import { connectDocuments } from '@kadr/documents';
import { createLogger } from '@kadr/telemetry';
import { MongooseAccountRepository } from '../../src/data-access/accounts/mongoose-account.repository';
import { MongooseLedgerRepository } from '../../src/data-access/ledger/mongoose-ledger.repository';
import { CreditAccounts } from '../../src/domain/credits/accounts';
import { Holds } from '../../src/domain/credits/holds';
import { Subscriptions } from '../../src/domain/subscriptions/subscriptions';

async function main(): Promise<void> {
  const { MONGODB_URI, RACE_DB, RACE_USER, RACE_COUNT, RACE_PREFIX, RACE_START_AT } = process.env;
  if (!MONGODB_URI || !RACE_DB || !RACE_USER || !RACE_COUNT || !RACE_PREFIX || !RACE_START_AT) {
    throw new Error('missing RACE_* variables');
  }
  const documents = await connectDocuments({
    uri: MONGODB_URI,
    dbName: RACE_DB,
    autoIndex: false,
    logger: createLogger({ service: 'race', level: 'silent' }),
    defineModels: (connection) => ({
      accounts: new MongooseAccountRepository(connection),
      ledger: new MongooseLedgerRepository(connection),
    }),
  });
  try {
    const accounts = new CreditAccounts({ accounts: documents.models.accounts, welcomeCredits: 0 });
    const holds = new Holds(accounts, new Subscriptions(accounts), documents.models.ledger);
    const waitMs = Number(RACE_START_AT) - Date.now();
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
    const results = await Promise.allSettled(
      Array.from({ length: Number(RACE_COUNT) }, (_, i) =>
        holds.place({ jobId: `${RACE_PREFIX}-${i}`, userId: RACE_USER, amount: 1, resolution: '720p' }, 'race'),
      ),
    );
    const summary = { allowance: 0, credits: 0, refused: 0, errors: [] as string[] };
    for (const result of results) {
      if (result.status === 'fulfilled') summary[result.value.hold.takenFrom] += 1;
      else if ((result.reason as { reason?: string }).reason === 'insufficient_credits') summary.refused += 1;
      else summary.errors.push(String((result.reason as Error).message));
    }
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } finally {
    await documents.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
