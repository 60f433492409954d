import { metricOnce, STORE_CALL_BUCKETS } from '@kadr/telemetry';
import type { mongo } from 'mongoose';
import { Histogram, type Registry } from 'prom-client';

export const MONGODB_COMMAND_DURATION = 'mongodb_command_duration_seconds';

/** What the driver reports of a finished command (its events with `monitorCommands: true`). */
type FinishedCommand = Pick<mongo.CommandSucceededEvent | mongo.CommandFailedEvent, 'commandName' | 'duration'>;

/** One histogram per registry: every connection measured in it adds to the same. */
function commandDuration(registry: Registry): Histogram<'command' | 'outcome'> {
  return metricOnce(
    registry,
    MONGODB_COMMAND_DURATION,
    () =>
      new Histogram({
        name: MONGODB_COMMAND_DURATION,
        help: 'Seconds one MongoDB command took, as the driver measures it (whole milliseconds), by command (find, insert, update, aggregate, findAndModify…) and outcome (ok | error)',
        labelNames: ['command', 'outcome'] as const,
        buckets: STORE_CALL_BUCKETS,
        registers: [registry],
      }),
  );
}

/**
 * Times every command `client` runs in `mongodb_command_duration_seconds` of `registry`. The client
 * must have been created with `monitorCommands: true`, or it reports nothing. The command name is
 * the driver's (a fixed set: the commands this code sends), never anything a user typed. A command
 * the server refused is `error`; a write it answered with write errors (a duplicate key) is `ok`:
 * the driver reports those as succeeded commands, and they are the caller's answer, not a failure.
 */
export function measureCommands(client: mongo.MongoClient, registry: Registry): void {
  const duration = commandDuration(registry);
  const observe = (outcome: 'ok' | 'error') => (event: FinishedCommand) =>
    // The driver gives whole milliseconds (-1 when it could not tell): 0 lands in the lowest bucket.
    duration.observe({ command: event.commandName, outcome }, Math.max(0, event.duration) / 1000);
  client.on('commandSucceeded', observe('ok'));
  client.on('commandFailed', observe('error'));
}
