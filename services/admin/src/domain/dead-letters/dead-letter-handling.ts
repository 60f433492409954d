import type { AdminDeadLetterHandling } from '@kadr/contracts';
import type { DeadLetter } from '@kadr/event-bus';

export type HandlingAction = AdminDeadLetterHandling['action'];

/**
 * What an administrator did with one dead letter (the `dead_letters` collection). Kafka cannot
 * delete one message, so the `.dlq` keeps every letter and this record says it was dealt with.
 */
export interface DeadLetterHandlingRecord {
  /** `handlingIdOf(letter)`. */
  id: string;
  topic: string;
  /** The letter's `<partition>-<offset>`. */
  letterId: string;
  /** `replaying` is a claim: the replay is publishing (or its process died doing so). */
  action: HandlingAction;
  /** The administrator's user id. */
  by: string;
  /** When the administrator asked. */
  at: Date;
  reason: string | null;
  eventId: string | null;
}

/**
 * The letter's place plus the time it failed: a place reused — the embedded bus starts empty after
 * a restart while this record persists, a recreated Kafka topic starts at offset 0 — is then
 * another letter, not one that was already handled.
 */
export const handlingIdOf = (letter: Pick<DeadLetter, 'topic' | 'id' | 'failedAt'>): string =>
  `${letter.topic}/${letter.id}/${letter.failedAt?.getTime() ?? 'unknown'}`;

export const isHandled = (record: DeadLetterHandlingRecord | undefined): boolean =>
  record !== undefined && record.action !== 'replaying';
