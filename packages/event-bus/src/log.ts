/**
 * Where an adapter reports what a caller cannot see from return values (a dead-lettered
 * message, a failed commit, Kafka client trouble). Fields first, message second — the pino
 * order, so a pino logger can be passed as is.
 */
export interface EventBusLog {
  /** Routine trouble worth a look only when debugging (a lag reading the broker did not answer). */
  debug?(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/** Only errors, to stderr: the default when no log is given. */
export const errorsToStderr: EventBusLog = {
  info: () => undefined,
  warn: () => undefined,
  error: (fields, message) => console.error(`[event-bus] ${message}`, fields),
};
