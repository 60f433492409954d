import { logLevel as KafkaLogLevel, type logCreator } from 'kafkajs';
import type { EventBusLog } from '../log';

export type KafkaLogLevelName = 'error' | 'warn' | 'info' | 'debug';

export const kafkaLogLevelOf = (name: KafkaLogLevelName): KafkaLogLevel =>
  ({
    error: KafkaLogLevel.ERROR,
    warn: KafkaLogLevel.WARN,
    info: KafkaLogLevel.INFO,
    debug: KafkaLogLevel.DEBUG,
  })[name];

/**
 * Error responses kafkajs logs at ERROR level although it handles them itself: every member's
 * heartbeat gets REBALANCE_IN_PROGRESS whenever another member joins or leaves, and kafkajs
 * rejoins. Logged as info instead, so a routine rebalance does not look like an incident.
 */
const ROUTINE_RESPONSE_ERRORS = new Set(['The group is rebalancing, so a rejoin is needed']);

/** Routes kafkajs's own log lines to the bus's log (kafkajs filters them by level first). */
export function kafkaLogCreator(log: EventBusLog): logCreator {
  return () =>
    ({ namespace, level, log: entry }) => {
      const { message, ...fields } = entry;
      const text = `kafkajs ${namespace}: ${message}`;
      const routine = namespace === 'Connection' && ROUTINE_RESPONSE_ERRORS.has(String(fields.error));
      if (level === KafkaLogLevel.ERROR && !routine) log.error(fields, text);
      else if (level === KafkaLogLevel.WARN) log.warn(fields, text);
      else log.info(fields, text);
    };
}
