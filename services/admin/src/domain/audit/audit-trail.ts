import { randomUUID } from 'node:crypto';
import type { LogRepository } from '../../data-access/log.repository';
import type { LogDetail, LogEntryRecord, LogOutcome } from './log-entry';

export interface AdminAction {
  action: string;
  actorId: string;
  targetId: string | null;
  userId: string | null;
  outcome: LogOutcome;
  correlationId: string | null;
  detail?: LogDetail;
}

/** Appends the administrators' actions to the log: who, what, target, when, outcome, correlation id. */
export class AuditTrail {
  constructor(
    private readonly logs: LogRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async record(action: AdminAction): Promise<LogEntryRecord> {
    const entry: LogEntryRecord = {
      id: randomUUID(),
      kind: 'admin_action',
      at: this.now(),
      ...action,
      detail: action.detail ?? {},
    };
    await this.logs.append(entry);
    return entry;
  }
}
