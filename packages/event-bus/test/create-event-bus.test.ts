import { Registry } from 'prom-client';
import { createEventBus, eventBusFromEnvironment, KafkaEventBus, MemoryEventBus } from '../src';

describe('createEventBus', () => {
  it('builds the memory bus', async () => {
    const bus = createEventBus({ kind: 'memory' });
    expect(bus).toBeInstanceOf(MemoryEventBus);
    await bus.close();
  });

  it('builds the Kafka bus without connecting (connections open on first use)', async () => {
    const bus = createEventBus({ kind: 'kafka', brokers: ['127.0.0.1:1'], clientId: 'test' });
    expect(bus).toBeInstanceOf(KafkaEventBus);
    await bus.close();
  });

  it('needs at least one broker', () => {
    expect(() => createEventBus({ kind: 'kafka', brokers: [], clientId: 'test' })).toThrow('broker');
  });
});

describe('eventBusFromEnvironment', () => {
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

  it('is the in-process bus when KAFKA_BROKERS is unset or blank', async () => {
    for (const value of [undefined, '', ' , ']) {
      const bus = eventBusFromEnvironment(value, 'commerce', log);
      expect(bus).toBeInstanceOf(MemoryEventBus);
      await bus.close();
    }
  });

  it("gives the bus the service's registry", async () => {
    const registry = new Registry();
    const bus = eventBusFromEnvironment(undefined, 'commerce', log, registry);
    await bus.publish('t', [{ key: 'k', value: new Uint8Array() }]);
    const published = await registry.getSingleMetric('eventbus_messages_published_total')?.get();
    expect(published?.values).toEqual([{ labels: { topic: 't' }, value: 1 }]);
    await bus.close();
  });

  it('is Kafka when brokers are named', async () => {
    const bus = eventBusFromEnvironment('127.0.0.1:1, 127.0.0.1:2', 'commerce', log);
    expect(bus).toBeInstanceOf(KafkaEventBus);
    await bus.close();
  });
});
