/**
 * Jobs stored on MongoDB before the gallery's search (issue 21) have no search words; the backfill gives them
 * theirs, so a search finds old videos too. Run against the MongoDB-compatible server (the memory store derives
 * the words on every search and has nothing to backfill).
 */
import { randomUUID } from 'node:crypto';
import { connectDocuments } from '@kadr/documents';
import { testDatabaseName } from '@kadr/documents/testing';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { MongooseJobRepository } from '../src/data-access/jobs/mongoose-job.repository';
import { aJob } from './helpers/a-job';

describeWithRealServer('mongodb', 'gallery search words backfill [mongodb]', (target) => {
  it('gives jobs stored without search words theirs, once; a search then finds them', async () => {
    const documents = await connectDocuments({
      uri: target.uri,
      dbName: testDatabaseName('jobs_backfill'),
      autoIndex: true,
      defineModels: (connection) => ({ jobs: new MongooseJobRepository(connection), connection }),
    });
    const { jobs, connection } = documents.models;
    try {
      const userId = `u-${randomUUID()}`;
      const old = aJob({ userId, status: 'COMPLETED', prompt: 'A Lighthouse at dusk' });
      await jobs.insert(old);
      // As an older version stored it: no search words.
      await connection.collection('jobs').updateOne({ _id: old.id as never }, { $unset: { promptWords: '' } });
      const search = () =>
        jobs.galleryForUser(userId, {
          statuses: ['COMPLETED'],
          words: ['lighthouse'],
          sort: 'newest',
          favouritesOnly: false,
          skip: 0,
          take: 12,
        });
      expect((await search()).total).toBe(0);

      expect(await jobs.backfillSearchWords()).toBeGreaterThanOrEqual(1);
      expect((await search()).items.map((job) => job.id)).toEqual([old.id]);
      expect(await jobs.backfillSearchWords()).toBe(0);
    } finally {
      await documents.close();
    }
  });
});
