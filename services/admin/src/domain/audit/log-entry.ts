import type { AdminLogEntry } from '@kadr/contracts';

export type LogKind = AdminLogEntry['kind'];
export type LogOutcome = AdminLogEntry['outcome'];
export type LogDetail = AdminLogEntry['detail'];

/** One line of the Logs screen as stored (the `audit` collection). */
export interface LogEntryRecord {
  /** A UUID for an admin action; `<topic>:<event id>` or `dlq:<topic>:<partition>:<offset>` for a system event. */
  id: string;
  kind: LogKind;
  action: string;
  actorId: string | null;
  targetId: string | null;
  userId: string | null;
  at: Date;
  outcome: LogOutcome;
  correlationId: string | null;
  /** Identifiers and reason codes only: never e-mails, names, prompts or request bodies. */
  detail: LogDetail;
}

export const logEntryView = (entry: LogEntryRecord): AdminLogEntry => ({ ...entry, at: entry.at.toISOString() });
