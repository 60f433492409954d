import type { Consumer } from 'kafkajs';
import { waitForGroupJoin } from '../src/kafka/kafka-consumer';

type Listener = (event: { payload: { error: Error; restart: boolean } }) => void;

/** Just the event surface of a kafkajs consumer that waitForGroupJoin listens to. */
function fakeConsumer() {
  const listeners = new Map<string, Listener[]>();
  const events = { GROUP_JOIN: 'consumer.group_join', CRASH: 'consumer.crash' };
  const consumer = {
    events,
    on: (name: string, listener: Listener) => {
      listeners.set(name, [...(listeners.get(name) ?? []), listener]);
      return () =>
        listeners.set(
          name,
          (listeners.get(name) ?? []).filter((l) => l !== listener),
        );
    },
  } as unknown as Pick<Consumer, 'on' | 'events'>;
  const emit = (name: string, payload: { error: Error; restart: boolean } = { error: new Error(''), restart: false }) =>
    (listeners.get(name) ?? []).forEach((listener) => listener({ payload }));
  return { consumer, emit, events, listenerCount: () => [...listeners.values()].flat().length };
}

describe('waitForGroupJoin', () => {
  it('waits out a crash kafkajs restarts from and resolves at the join that follows', async () => {
    const { consumer, emit, events, listenerCount } = fakeConsumer();
    const { joined } = waitForGroupJoin(consumer, 5_000);
    emit(events.CRASH, { error: new Error('Closed connection'), restart: true });
    emit(events.GROUP_JOIN);
    await expect(joined).resolves.toBeUndefined();
    expect(listenerCount()).toBe(0);
  });

  it('rejects on a crash kafkajs does not restart from', async () => {
    const { consumer, emit, events } = fakeConsumer();
    const { joined } = waitForGroupJoin(consumer, 5_000);
    emit(events.CRASH, { error: new Error('not authorized'), restart: false });
    await expect(joined).rejects.toThrow('not authorized');
  });

  it('rejects when no join comes within the time-out', async () => {
    const { consumer } = fakeConsumer();
    const { joined } = waitForGroupJoin(consumer, 20);
    await expect(joined).rejects.toThrow('did not join its group within 20 ms');
  });
});
