import type { LogEntryRecord, LogKind } from '../domain/audit/log-entry';

export interface LogQuery {
  skip: number;
  take: number;
  action?: string;
  /** Entries about this user or done by them. */
  userId?: string;
  kind?: LogKind;
  /** Inclusive bounds on `at`. */
  from?: Date;
  to?: Date;
}

export interface LogPage {
  items: LogEntryRecord[];
  total: number;
}

/** The `audit` collection: the administrators' actions and the recent system events. Append-only. */
export interface LogRepository {
  /** Stores the entry; false when an entry with its id exists (a redelivered system event). */
  append(entry: LogEntryRecord): Promise<boolean>;
  /** Newest first (ties by id descending). */
  query(query: LogQuery): Promise<LogPage>;
  /** A user purge: removes the system events about the user (the administrators' actions stay). */
  deleteSystemEventsOf(userId: string): Promise<number>;
  close(): Promise<void>;
}
