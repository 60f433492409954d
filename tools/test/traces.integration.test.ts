/**
 * One trace across every hop on the real servers: every service on Kafka (with its kafkajs
 * instrumentation), the MongoDB-wire server, Redis (the live feed's log and channel) and S3 —
 * see support/trace-scenario.ts. The embedded variant is traces.test.ts.
 */
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { runTraceScenario } from './support/trace-scenario';

describeWithRealServer('kafka', 'traces across every hop on real servers', () =>
  describeWithRealServer('mongodb', 'with the MongoDB-wire server', () =>
    describeWithRealServer('redis', 'with Redis', () =>
      describeWithRealServer('s3', 'with S3', () => {
        it('follow a generation and a payment from the gateway through Kafka to the live stream', async () => {
          await runTraceScenario({ realServers: true });
        }, 240_000);
      }),
    ),
  ),
);
