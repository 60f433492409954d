import { context, trace, TraceFlags } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { createLogger, currentCorrelationId, runWithCorrelationId } from '@kadr/telemetry';
import { OutboxRelay, outboxStatsOf, type OutboxBatch, type OutboxSource, type OutboxStats } from '../src';

// A request that writes an entry nudges the relay; the pass it starts delivers whatever is pending —
// other requests' entries too. It must not run inside the nudging request's trace or correlation
// context, or events would be attributed to a request that did not write them (issue 17).

const logger = createLogger({ service: 'outbox-test', level: 'silent' });
const REQUEST_SPAN = {
  traceId: '0af7651916cd43dd8448eb211c80319c',
  spanId: 'b7ad6b7169203331',
  traceFlags: TraceFlags.SAMPLED,
};

/** One pending entry; records the trace and correlation context its delivery ran in. */
class RecordingSource implements OutboxSource {
  readonly name = 'recording';
  seen: { traceId: string | undefined; correlationId: string | undefined } | undefined;
  pending = true;

  take(): Promise<OutboxBatch[]> {
    if (!this.pending) return Promise.resolve([]);
    const deliver = () => {
      this.seen = { traceId: trace.getSpanContext(context.active())?.traceId, correlationId: currentCorrelationId() };
      return Promise.resolve();
    };
    return Promise.resolve([{ aggregateId: 'other-users-aggregate', items: [{ id: 'e1', deliver }] }]);
  }

  remove(): Promise<void> {
    this.pending = false;
    return Promise.resolve();
  }

  stats(): Promise<OutboxStats> {
    return Promise.resolve(outboxStatsOf(this.pending ? [undefined] : []));
  }
}

describe('an outbox relay pass', () => {
  const contextManager = new AsyncLocalStorageContextManager();
  beforeAll(() => context.setGlobalContextManager(contextManager.enable()));
  afterAll(() => {
    contextManager.disable();
    context.disable();
  });

  const insideARequest = (work: () => void) =>
    runWithCorrelationId('request-correlation-1', () =>
      context.with(trace.setSpanContext(context.active(), REQUEST_SPAN), work),
    );

  it('started by a nudge from inside a request runs outside that request trace and correlation', async () => {
    const source = new RecordingSource();
    const relay = new OutboxRelay({ sources: [source], logger, intervalMs: 60_000 });
    relay.start();
    await relay.drain();
    source.pending = true;
    insideARequest(() => relay.nudge());
    await relay.stop();
    expect(source.seen).toEqual({ traceId: undefined, correlationId: undefined });
  });

  it('run directly from inside a request runs outside it too', async () => {
    const source = new RecordingSource();
    const relay = new OutboxRelay({ sources: [source], logger });
    let pass: Promise<number> | undefined;
    insideARequest(() => {
      pass = relay.runOnce();
    });
    expect(await pass).toBe(1);
    expect(source.seen).toEqual({ traceId: undefined, correlationId: undefined });
  });
});
