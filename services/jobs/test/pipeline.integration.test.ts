/**
 * The pipeline on real servers: Kafka (event bus) and the MongoDB-compatible server (job store),
 * API and worker as separate service instances sharing nothing but those servers.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { JobProgressKind } from '@kadr/contracts';
import { createEventBus } from '@kadr/event-bus';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { startJobs, startJobsWorker } from '../src';
import { FakeCommerce } from './helpers/fake-commerce';
import { SECRET, recordEvents, testConfig, userToken, waitFor } from './helpers/test-rig';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

describeWithRealServer('kafka', 'jobs pipeline [kafka]', (kafka) => {
  describeWithRealServer('mongodb', 'jobs pipeline [kafka + mongodb]', (mongo) => {
    it('create → worker → COMPLETED, charged once, through Kafka and MongoDB', async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kadr-jobs-int-'));
      const commerce = await new FakeCommerce(SECRET).start();
      const bus = createEventBus({ kind: 'kafka', brokers: kafka.brokers, clientId: `jobs-test-${randomUUID()}` });
      const config = testConfig({
        COMMERCE_URL: commerce.url,
        MONGODB_URI: mongo.uri,
        MONGODB_DB: `test_jobs_${randomBytes(4).toString('hex')}`,
        KAFKA_BROKERS: kafka.brokers.join(','),
        DATA_DIR: dataDir,
      });
      await commerce.consume(bus);
      const events = await recordEvents(bus, ['job.progress']);
      // Separate instances, as separate processes would be: each opens its own Kafka client and MongoDB connection.
      const api = await startJobs(config, { defaultMetrics: false });
      const worker = await startJobsWorker(config, { adapters: { blobStore: api.adapters.blobStore } });
      try {
        const userId = `u-${randomUUID()}`;
        commerce.give(userId, 30);
        const created = await request(api.url)
          .post('/jobs')
          .set('authorization', `Bearer ${await userToken(userId)}`)
          .set('idempotency-key', randomUUID())
          .send({
            prompt: 'Kafka and Mongo',
            modelId: 'kadr-motion-v1',
            duration: 5,
            quality: 'Lite',
            speed: 'Ultra Fast',
          });
        expect(created.status).toBe(202);
        const jobId = created.body.id as string;
        await waitFor(
          async () => (await api.adapters.jobs.findById(jobId))?.status === 'COMPLETED',
          120_000,
          'the job to complete',
        );
        await waitFor(() => commerce.account(userId).holds.get(jobId)?.state === 'captured', 60_000, 'the capture');
        expect(commerce.account(userId)).toMatchObject({ balance: 30 - (created.body.cost as number), held: 0 });
        const completed = events.filter(
          (e) =>
            e.payload.case === 'jobProgress' &&
            e.payload.value.jobId === jobId &&
            e.payload.value.kind === JobProgressKind.COMPLETED,
        );
        expect(completed.length).toBeGreaterThanOrEqual(1);
        expect(new Set(completed.map((e) => e.eventId)).size).toBe(1);
      } finally {
        await worker.stop();
        await api.stop();
        await bus.close();
        await commerce.stop();
        await rm(dataDir, { recursive: true, force: true });
      }
    }, 240_000);
  });
});
