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
  return new Intl.NumberFormat(locale(), { useGrouping: 'always', ...options }).format(value);
}

export function formatDateTime(iso: string | Date, options?: Intl.DateTimeFormatOptions): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(locale(), options ?? { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function formatDate(iso: string | Date): string {
  return formatDateTime(iso, { dateStyle: 'long' });
}

/** Amounts in minor units (grosze) as money, e.g. 1900 PLN → "19,00 zł". */
export function formatMoney(amountMinor: number, currency: string): string {
  return new Intl.NumberFormat(locale(), { style: 'currency', currency }).format(amountMinor / 100);
}
