import { MemoryEventBus } from '../src';
import { eventBusContract } from './event-bus-contract';

describe('event-bus contract [memory]', () => {
  eventBusContract((registry) => Promise.resolve(new MemoryEventBus({ registry })), {
    deliveryTimeoutMs: 2_000,
    settleMs: 50,
    testTimeoutMs: 5_000,
  });
});
