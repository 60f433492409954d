/**
 * One trace across every hop on the embedded stack (memory adapters, one process, six services):
 * see support/trace-scenario.ts. The same on Kafka, the MongoDB-wire server, Redis and S3 is
 * traces.integration.test.ts.
 */
import { runTraceScenario } from './support/trace-scenario';

describe('traces across every hop (embedded)', () => {
  it('follow a generation and a payment from the gateway through every service to the live stream', async () => {
    await runTraceScenario({ realServers: false });
  }, 180_000);
});
