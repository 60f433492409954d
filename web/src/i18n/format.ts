import { currentLanguage } from './i18n';

/** Locale tags for Intl: the product's two languages in their main region. */
const LOCALES = { en: 'en-GB', pl: 'pl-PL' } as const;

export function locale(): string {
  return LOCALES[currentLanguage()];
}

/**
 * Numbers are always grouped: Polish leaves four-digit numbers ungrouped by default ("1000" next to
 * "10 000"), which made the same amount look different on two screens.
 */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(locale(), { useGrouping: 'always', ...options }).format(value);
}

export function formatDateTime(iso: string | Date, options?: Intl.DateTimeFormatOptions): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '—';
  return dateTimeFormat(locale(), options ?? { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function formatDate(iso: string | Date): string {
  return formatDateTime(iso, { dateStyle: 'long' });
}

/** Relative-time steps: below each limit (seconds), the unit and its length in seconds. */
const RELATIVE_STEPS: ReadonlyArray<[limit: number, unit: Intl.RelativeTimeFormatUnit, seconds: number]> = [
  [60, 'second', 1],
  [3_600, 'minute', 60],
  [86_400, 'hour', 3_600],
  [7 * 86_400, 'day', 86_400],
];

/**
 * How long ago (or from now) an instant is, in words: "now", "5 minutes ago", "yesterday" ("przed 5
 * minutami", "wczoraj"); a week or more away, the date and time instead.
 */
export function formatRelativeTime(iso: string | Date, now: Date = new Date()): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '—';
  const seconds = Math.round((date.getTime() - now.getTime()) / 1_000);
  const step = RELATIVE_STEPS.find(([limit]) => Math.abs(seconds) < limit);
  if (!step) return formatDateTime(date);
  const [, unit, length] = step;
  return relativeTimeFormat(locale()).format(Math.round(seconds / length), unit);
}

/** Amounts in minor units (grosze) as money, e.g. 1900 PLN → "19,00 zł". */
export function formatMoney(amountMinor: number, currency: string): string {
  return numberFormat(locale(), { style: 'currency', currency }).format(amountMinor / 100);
}

/**
 * Formatters are made once per locale and options: building an Intl formatter costs far more than
 * using one (a profile of the dashboard's first render: formatNumber alone, constructing a new
 * NumberFormat per call, was its most expensive function). A formatter never changes, so sharing
 * one gives the same text.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  tag: string,
  options: object,
  make: () => F,
): F {
  const key = `${kind} ${tag} ${JSON.stringify(options)}`;
  let format = formatters.get(key) as F | undefined;
  if (!format) formatters.set(key, (format = make()));
  return format;
}

function numberFormat(tag: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached('number', tag, options, () => new Intl.NumberFormat(tag, options));
}

function dateTimeFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('date', tag, options, () => new Intl.DateTimeFormat(tag, options));
}

function relativeTimeFormat(tag: string): Intl.RelativeTimeFormat {
  const options: Intl.RelativeTimeFormatOptions = { numeric: 'auto' };
  return cached('relative', tag, options, () => new Intl.RelativeTimeFormat(tag, options));
}
