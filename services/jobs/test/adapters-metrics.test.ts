import { createLogger, createMetrics } from '@kadr/telemetry';
import { openJobsAdapters } from '../src/adapters';
import { testConfig } from './helpers/test-rig';

describe('jobs adapters', () => {
  it("open the event bus and the outbox relay with the service's registry", async () => {
    const metrics = createMetrics({ service: 'jobs', defaultMetrics: false });
    const logger = createLogger({ service: 'jobs', level: 'silent' });
    const adapters = await openJobsAdapters(testConfig(), { logger, metrics });
    adapters.relay.start();
    try {
      await adapters.eventBus.publish('job.created', [{ key: 'job-1', value: new Uint8Array() }]);
      const text = await metrics.registry.metrics();
      expect(text).toMatch(/^eventbus_messages_published_total\{[^}]*topic="job\.created"[^}]*\} 1$/m);
      expect(text).toMatch(/^outbox_pending_entries\{[^}]*outbox="jobs"[^}]*\} 0$/m);
      expect(text).toMatch(/^outbox_oldest_entry_age_seconds\{[^}]*outbox="jobs"[^}]*\} 0$/m);
    } finally {
      await adapters.relay.stop();
      await adapters.close();
    }
  });
});
