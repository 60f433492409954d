import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { KafkaEventBus } from '../src';
import { eventBusContract } from './event-bus-contract';

describeWithRealServer('kafka', 'event-bus contract [kafka]', ({ brokers }) => {
  eventBusContract(
    (registry) =>
      Promise.resolve(
        new KafkaEventBus({
          brokers,
          clientId: 'event-bus-contract',
          registry,
          partitions: 3,
          // Fast group changes for tests: members notice a rebalance within ~0.5 s.
          consumer: {
            sessionTimeoutMs: 10_000,
            rebalanceTimeoutMs: 10_000,
            heartbeatIntervalMs: 300,
            maxWaitTimeMs: 250,
          },
        }),
      ),
    { deliveryTimeoutMs: 20_000, settleMs: 750, testTimeoutMs: 40_000 },
  );
});
