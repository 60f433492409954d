import type { EventBusLog } from './log';
import { KafkaEventBus, type KafkaEventBusOptions } from './kafka/kafka-event-bus';
import { MemoryEventBus } from './memory/memory-event-bus';
import type { EventBus } from './port';

export type EventBusConfig =
  { kind: 'memory'; partitions?: number; log?: EventBusLog } | ({ kind: 'kafka' } & KafkaEventBusOptions);

/** The composition root's one call: the embedded bus or Kafka, chosen by configuration. */
export function createEventBus(config: EventBusConfig): EventBus {
  switch (config.kind) {
    case 'memory':
      return new MemoryEventBus({ partitions: config.partitions, log: config.log });
    case 'kafka': {
      const { kind: _kind, ...options } = config;
      return new KafkaEventBus(options);
    }
  }
}
