import type { Registry } from 'prom-client';
import type { EventBusLog } from './log';
import { KafkaEventBus, type KafkaEventBusOptions } from './kafka/kafka-event-bus';
import { MemoryEventBus } from './memory/memory-event-bus';
import type { EventBus } from './port';

export type EventBusConfig =
  | { kind: 'memory'; partitions?: number; log?: EventBusLog; registry?: Registry }
  | ({ kind: 'kafka' } & KafkaEventBusOptions);

/** The composition root's one call: the embedded bus or Kafka, chosen by configuration. */
export function createEventBus(config: EventBusConfig): EventBus {
  switch (config.kind) {
    case 'memory':
      return new MemoryEventBus({ partitions: config.partitions, log: config.log, registry: config.registry });
    case 'kafka': {
      const { kind: _kind, ...options } = config;
      return new KafkaEventBus(options);
    }
  }
}

/**
 * What every service does with its KAFKA_BROKERS variable: Kafka (the comma-separated brokers,
 * client id = the service name) when it is set, the in-process bus otherwise. Its metrics go to
 * `registry` (the service's).
 */
export function eventBusFromEnvironment(
  kafkaBrokers: string | undefined,
  service: string,
  log: EventBusLog,
  registry?: Registry,
): EventBus {
  const brokers = (kafkaBrokers ?? '')
    .split(',')
    .map((broker) => broker.trim())
    .filter(Boolean);
  return createEventBus(
    brokers.length ? { kind: 'kafka', brokers, clientId: service, log, registry } : { kind: 'memory', log, registry },
  );
}
