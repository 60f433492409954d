import { currentLanguage } from './i18n';

/** Locale tags for Intl: the product's two languages in their main region. */
const LOCALES = { en: 'en-GB', pl: 'pl-PL' } as const;

export function locale(): string {
  return LOCALES[currentLanguage()];
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale(), options).format(value);
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
