import { randomUUID } from 'node:crypto';
import { currentTraceContext } from '@kadr/telemetry';
import type { AccountChange, LedgerKind } from './account';

export interface ChangeInput {
  kind: LedgerKind;
  balanceDelta?: number;
  heldDelta?: number;
  allowanceDelta?: number;
  reference: string;
  reason?: string;
  shortfall?: number;
  correlationId: string;
  at?: Date;
}

/** A new account change (ledger entry to be) with a fresh id, in the trace of the work making it. */
export function accountChange(input: ChangeInput): AccountChange {
  return {
    id: randomUUID(),
    kind: input.kind,
    balanceDelta: input.balanceDelta ?? 0,
    heldDelta: input.heldDelta ?? 0,
    allowanceDelta: input.allowanceDelta ?? 0,
    reference: input.reference,
    ...(input.reason ? { reason: input.reason } : {}),
    ...(input.shortfall === undefined ? {} : { shortfall: input.shortfall }),
    correlationId: input.correlationId,
    ...currentTraceContext(),
    occurredAt: input.at ?? new Date(),
  };
}
