import { connectDocuments } from '@kadr/documents';
import { testDatabaseName } from '@kadr/documents/testing';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { MongooseAccountRepository } from '../src/data-access/accounts/mongoose-account.repository';
import { MongooseLedgerRepository } from '../src/data-access/ledger/mongoose-ledger.repository';
import { MongooseOrderRepository } from '../src/data-access/orders/mongoose-order.repository';
import { openMemoryModelStores } from './support/ledger-model/memory-model-stores';
import { runLedgerModel } from './support/ledger-model/run-ledger-model';

/**
 * The ledger model check at CI size (the real-server stage, about 80 s on two cores): 80 cases
 * against the MongoDB-compatible server, whose conditional updates are what production relies
 * on, and 200 on the memory adapters (CI's time budget; thousands run with LEDGER_MODEL_RUNS). LEDGER_MODEL_RUNS sizes each run instead;
 * LEDGER_MODEL_SEED replays one.
 */
describeWithRealServer('mongodb', 'ledger model check [mongodb]', (target) => {
  it('keeps every ledger invariant after every step on the Mongo-wire server', async () => {
    const dbName = testDatabaseName('commerce_ledger_model');
    await runLedgerModel(
      'ledger model check [mongodb]',
      async () => {
        const documents = await connectDocuments({
          uri: target.uri,
          dbName,
          autoIndex: true,
          defineModels: (connection) => ({
            accounts: new MongooseAccountRepository(connection),
            ledger: new MongooseLedgerRepository(connection),
            orders: new MongooseOrderRepository(connection),
          }),
        });
        return {
          stores: documents.models,
          close: async () => {
            await documents.connection.dropDatabase();
            await documents.close();
          },
        };
      },
      { defaultRuns: 80, perCase: false },
    );
  }, 600_000);

  it('keeps every ledger invariant after every step on memory, at CI size', async () => {
    await runLedgerModel('ledger model check [memory, CI size]', openMemoryModelStores, {
      defaultRuns: 200,
      perCase: true,
    });
  }, 600_000);
});
