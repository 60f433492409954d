import type { AdminLogEntry } from '@kadr/contracts';

/**
 * The Logs screen's filters and their two forms: the URL query (what reload, Back and a shared
 * link restore) and the request query of `GET /admin/logs`.
 *
 * Times are kept in the URL as ISO 8601 instants, so a link means the same moment for every
 * administrator whatever their time zone; the form shows them as local `datetime-local` values.
 */

export type LogKind = AdminLogEntry['kind'];
export const LOG_KINDS: readonly LogKind[] = ['admin_action', 'system_event'];

export interface LogFilters {
  /** '' = every kind. */
  kind: LogKind | '';
  /** '' = every action. */
  action: string;
  userId: string;
  /** ISO instant or ''. */
  from: string;
  /** ISO instant (start of the chosen minute) or ''. */
  to: string;
  skip: number;
}

export const EMPTY_LOG_FILTERS: LogFilters = { kind: '', action: '', userId: '', from: '', to: '', skip: 0 };

/** What `getAdminLogs` receives: only the filters that are set. */
export interface LogsRequest {
  skip: number;
  take: number;
  kind?: LogKind;
  action?: string;
  userId?: string;
  from?: string;
  to?: string;
}

/** `datetime-local` has minute precision: "to 10:30" means up to and including 10:30:59.999. */
const LAST_MS_OF_MINUTE = 59_999;

function isLogKind(value: string | null): value is LogKind {
  return value !== null && (LOG_KINDS as readonly string[]).includes(value);
}

function validIsoOrEmpty(value: string | null): string {
  if (!value) return '';
  return Number.isNaN(new Date(value).getTime()) ? '' : value;
}

export function filtersFromSearchParams(params: URLSearchParams): LogFilters {
  const kind = params.get('kind');
  const skip = Number(params.get('skip'));
  return {
    kind: isLogKind(kind) ? kind : '',
    action: params.get('action')?.trim() ?? '',
    userId: params.get('userId')?.trim() ?? '',
    from: validIsoOrEmpty(params.get('from')),
    to: validIsoOrEmpty(params.get('to')),
    skip: Number.isInteger(skip) && skip > 0 ? skip : 0,
  };
}

export function filtersToSearchParams(filters: LogFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.action) params.set('action', filters.action);
  if (filters.userId) params.set('userId', filters.userId);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.skip > 0) params.set('skip', String(filters.skip));
  return params;
}

export function filtersToRequest(filters: LogFilters, take: number): LogsRequest {
  const request: LogsRequest = { skip: filters.skip, take };
  if (filters.kind) request.kind = filters.kind;
  if (filters.action) request.action = filters.action;
  if (filters.userId) request.userId = filters.userId;
  if (filters.from) request.from = new Date(filters.from).toISOString();
  if (filters.to) request.to = new Date(new Date(filters.to).getTime() + LAST_MS_OF_MINUTE).toISOString();
  return request;
}

/** A `datetime-local` value ("2025-03-01T14:05", the browser's local time) → ISO instant; '' stays ''. */
export function localInputToIso(value: string): string {
  if (!value) return '';
  const date = new Date(value); // no offset in the string: read as local time
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** An ISO instant → the `datetime-local` value showing it in the browser's local time. */
export function isoToLocalInput(iso: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** Whether any filter other than the page is set (the empty state then suggests clearing them). */
export function hasActiveFilters(filters: LogFilters): boolean {
  return Boolean(filters.kind || filters.action || filters.userId || filters.from || filters.to);
}
