import { formatDateTime, formatMoney, formatNumber, formatRelativeTime } from './format';
import { initI18n, setLanguage } from './i18n';

// The formatters are cached per locale and options: the text must stay what a new formatter gives.
describe('format', () => {
  beforeAll(() => initI18n('pl'));

  it('formats in the current language, also after a switch', async () => {
    await setLanguage('pl');
    expect(formatNumber(1000)).toBe(new Intl.NumberFormat('pl-PL', { useGrouping: 'always' }).format(1000));
    expect(formatMoney(1900, 'PLN')).toBe(
      new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN' }).format(19),
    );
    await setLanguage('en');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatMoney(1900, 'PLN')).toBe(
      new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'PLN' }).format(19),
    );
  });

  it('keeps options apart: a formatter made for some options is not used for others', async () => {
    await setLanguage('en');
    expect(formatNumber(0.5, { style: 'percent' })).toBe('50%');
    expect(formatNumber(0.5)).toBe('0.5');
    expect(formatNumber(1234.5, { maximumFractionDigits: 0 })).toBe('1,235');
    const at = new Date('2026-03-04T05:06:00Z');
    expect(formatDateTime(at, { year: 'numeric' })).toBe('2026');
    expect(formatDateTime(at, { month: 'long', timeZone: 'UTC' })).toBe('March');
    expect(formatDateTime('not a date')).toBe('—');
  });

  it('says how long ago in words, in the current language; a week or more away, the date', async () => {
    const now = new Date('2030-01-08T12:00:00Z');
    await setLanguage('en');
    expect(formatRelativeTime('2030-01-08T12:00:00Z', now)).toBe('now');
    expect(formatRelativeTime('2030-01-08T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2030-01-08T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2030-01-07T12:00:00Z', now)).toBe('yesterday');
    expect(formatRelativeTime('2030-01-01T12:00:00Z', now)).toBe(formatDateTime('2030-01-01T12:00:00Z'));
    expect(formatRelativeTime('not a date', now)).toBe('—');
    await setLanguage('pl');
    expect(formatRelativeTime('2030-01-08T11:55:00Z', now)).toBe('5 minut temu');
    expect(formatRelativeTime('2030-01-07T12:00:00Z', now)).toBe('wczoraj');
  });
});
