import { randomUUID } from 'node:crypto';
import { connectDocuments } from '@kadr/documents';
import { testDatabaseName } from '@kadr/documents/testing';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { MongooseDeadLetterHandlingRepository } from '../src/data-access/mongoose-dead-letter-handling.repository';
import { MongooseJobRepository } from '../src/data-access/mongoose-job.repository';
import { MongooseLogRepository } from '../src/data-access/mongoose-log.repository';
import { MongoosePurgeRepository } from '../src/data-access/mongoose-purge.repository';
import { MongooseUserRepository } from '../src/data-access/mongoose-user.repository';
import { replayArbitrary } from './support/job-histories';
import { startReplayAdmin } from './support/job-count-replay';
import { checkSeeded, propertySize } from '@kadr/tooling/seeded-property';

/** The replay of job-counts-replay.test.ts against the MongoDB-compatible server (conditional updates there). */
describeWithRealServer('mongodb', 'admin job counts under shuffled and duplicated job events [mongodb]', (target) => {
  it('match the jobs’ final states', async () => {
    const documents = await connectDocuments({
      uri: target.uri,
      dbName: testDatabaseName('admin_replay'),
      autoIndex: true,
      defineModels: (connection) => ({
        users: new MongooseUserRepository(connection),
        jobs: new MongooseJobRepository(connection),
        purges: new MongoosePurgeRepository(connection),
        logs: new MongooseLogRepository(connection),
        deadLetters: new MongooseDeadLetterHandlingRepository(connection),
      }),
    });
    const admin = await startReplayAdmin(documents.models);
    const prefix = randomUUID().slice(0, 8);
    let run = 0;
    try {
      await checkSeeded(
        'admin read model replay [mongodb]',
        propertySize('ADMIN_REPLAY_SEED', 'ADMIN_REPLAY_RUNS', 100),
        replayArbitrary,
        (replay) => admin.check(replay, `${prefix}-run${(run += 1)}`),
      );
    } finally {
      await admin.close();
      await documents.connection.dropDatabase();
      await documents.close();
    }
  }, 300_000);
});
