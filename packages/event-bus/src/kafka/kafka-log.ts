import type { logLevel as KafkaLogLevel, logCreator } from 'kafkajs';
import type { EventBusLog } from '../log';
import { kafkajs } from './kafkajs';

export type KafkaLogLevelName = 'error' | 'warn' | 'info' | 'debug';

export function kafkaLogLevelOf(name: KafkaLogLevelName): KafkaLogLevel {
  const { logLevel } = kafkajs();
  return { error: logLevel.ERROR, warn: logLevel.WARN, info: logLevel.INFO, debug: logLevel.DEBUG }[name];
}

/**
 * Error responses kafkajs logs at ERROR level although it handles them itself: every member's
 * heartbeat gets REBALANCE_IN_PROGRESS whenever another member joins or leaves, and kafkajs
 * rejoins. Logged as info instead, so a routine rebalance does not look like an incident.
 */
const ROUTINE_RESPONSE_ERRORS = new Set(['The group is rebalancing, so a rejoin is needed']);

/** Routes kafkajs's own log lines to the bus's log (kafkajs filters them by level first). */
export function kafkaLogCreator(log: EventBusLog): logCreator {
  const { logLevel } = kafkajs();
  return () =>
    ({ namespace, level, log: entry }) => {
      const { message, ...fields } = entry;
      const text = `kafkajs ${namespace}: ${message}`;
      const routine = namespace === 'Connection' && ROUTINE_RESPONSE_ERRORS.has(String(fields.error));
      if (level === logLevel.ERROR && !routine) log.error(fields, text);
      else if (level === logLevel.WARN) log.warn(fields, text);
      else log.info(fields, text);
    };
}
