import type * as KafkaJs from 'kafkajs';

/**
 * kafkajs (about 140 modules), loaded when the first Kafka client is made rather than with this
 * package: the embedded mode's in-process bus never needs it (issue 19, start-up time). `require`,
 * not `import()`: OpenTelemetry's kafkajs instrumentation patches what `require` loads.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const kafkajs = (): typeof KafkaJs => require('kafkajs') as typeof KafkaJs;
