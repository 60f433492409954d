import type { LedgerKind } from '@kadr/contracts';
import type { BillingLedgerFilter } from '../../api/endpoints';

/**
 * The credit history's filters and their two forms: the URL query (what a reload, Back and a
 * shared link restore) and the ledger request. Dates are the person's own calendar days
 * (`YYYY-MM-DD`, as a date input gives them); the request gets the instants where those days begin
 * and end in the browser's time zone (`from` inclusive, `to` exclusive: the day after the last one).
 */

/** The kinds a person picks from: each a group of the ledger's kinds. */
export const KIND_GROUPS = {
  grants: ['grant', 'purchase'],
  holds: ['hold'],
  charges: ['capture'],
  refunds: ['release', 'refund'],
  // Corrections made by the administrator: adjustments and chargebacks (a reversed payment's credits taken back).
  adjustments: ['adjustment', 'chargeback'],
} as const satisfies Record<string, readonly LedgerKind[]>;
export type KindGroup = keyof typeof KIND_GROUPS;
export const KIND_GROUP_NAMES = Object.keys(KIND_GROUPS) as KindGroup[];

export interface LedgerFilters {
  /** '' = every kind. */
  kind: KindGroup | '';
  /** `YYYY-MM-DD` or ''. */
  from: string;
  /** `YYYY-MM-DD` (the last day shown) or ''. */
  to: string;
  /** 1-based. */
  page: number;
}

export const NO_FILTERS: LedgerFilters = { kind: '', from: '', to: '', page: 1 };

/** The service's largest `skip` (100 000): pages beyond it cannot be asked for. */
const MAX_SKIP = 100_000;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day that exists (`2025-02-30` does not), or null. */
function dayOf(value: string | null): { year: number; month: number; day: number } | null {
  const match = value ? DAY.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return { year, month, day };
}

export function isDay(value: string): boolean {
  return dayOf(value) !== null;
}

/** Where the day begins in the browser's time zone, as an ISO instant; `daysLater` moves to a later day. */
export function startOfLocalDay(value: string, daysLater = 0): string {
  const day = dayOf(value);
  if (!day) return '';
  return new Date(day.year, day.month - 1, day.day + daysLater).toISOString();
}

function isKindGroup(value: string | null): value is KindGroup {
  return value !== null && Object.prototype.hasOwnProperty.call(KIND_GROUPS, value);
}

export function filtersFromSearchParams(params: URLSearchParams, take: number): LedgerFilters {
  const kind = params.get('kind');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Number(params.get('page'));
  const lastPage = Math.floor(MAX_SKIP / take) + 1;
  return {
    kind: isKindGroup(kind) ? kind : '',
    from: isDay(from) ? from : '',
    to: isDay(to) ? to : '',
    page: Number.isInteger(page) && page > 1 ? Math.min(page, lastPage) : 1,
  };
}

export function filtersToSearchParams(filters: LedgerFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The filter as the ledger endpoints take it (also the CSV's). */
export function filtersToLedgerFilter(filters: LedgerFilters): BillingLedgerFilter {
  const filter: BillingLedgerFilter = {};
  if (filters.kind) filter.kind = KIND_GROUPS[filters.kind];
  if (filters.from) filter.from = startOfLocalDay(filters.from);
  if (filters.to) filter.to = startOfLocalDay(filters.to, 1);
  return filter;
}

export function hasActiveFilters(filters: LedgerFilters): boolean {
  return Boolean(filters.kind || filters.from || filters.to);
}
