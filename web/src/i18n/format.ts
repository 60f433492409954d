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
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(
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
