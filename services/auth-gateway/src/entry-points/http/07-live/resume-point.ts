import type { Request } from 'express';
import { isLogId } from '@kadr/kv-store';

/**
 * Where a reconnecting client stands: the `Last-Event-ID` header (EventSource sends it when it
 * reconnects by itself), or `?lastEventId=` (a newly created EventSource cannot set headers).
 * - `fresh`: no id — start at the newest entry;
 * - `after`: a log id — replay what came after it;
 * - `unknown`: an id that is not one of ours — the client must re-seed (`reset`).
 */
export type ResumePoint = { kind: 'fresh' } | { kind: 'after'; id: string } | { kind: 'unknown' };

/** The id a stream reports before its user's log has any entry. */
export const EMPTY_LOG_ID = '0-0';

export function resumePointOf(req: Request): ResumePoint {
  const header = req.get('last-event-id');
  const query = typeof req.query.lastEventId === 'string' ? req.query.lastEventId : undefined;
  const id = (header ?? query ?? '').trim();
  if (id === '') return { kind: 'fresh' };
  return isLogId(id) ? { kind: 'after', id } : { kind: 'unknown' };
}
