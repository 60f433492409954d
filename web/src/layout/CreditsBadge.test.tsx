import { act, screen } from '@testing-library/react';
import { initI18n, setLanguage } from '../i18n/i18n';
import { CreditsBadge, formatCredits } from './CreditsBadge';
import { renderShell } from './render-shell.testing';
import { topBarStoreMock } from './shell-mocks.testing';
import type * as ShellMocks from './shell-mocks.testing';

jest.mock(
  '../session/top-bar-store',
  () => jest.requireActual<typeof ShellMocks>('./shell-mocks.testing').topBarStoreMock,
);

/** Polish groups thousands with a no-break space (ICU: U+00A0; some engines a narrow U+202F). */
const POLISH_1234 = /^1[\u00a0\u202f]234$/;

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  await setLanguage('en');
  topBarStoreMock.useTopBar.setState({ credits: null });
});

describe('CreditsBadge', () => {
  it('shows a dash, never 0, while the balance is unknown', () => {
    renderShell(<CreditsBadge />);
    const balance = screen.getByRole('link', { name: 'Credits: unknown. Buy credits' });
    expect(balance).toHaveAttribute('href', '/buy-credits');
    expect(balance).toHaveTextContent('—');
  });

  it('formats the balance in English', () => {
    topBarStoreMock.useTopBar.setState({ credits: { balance: 1234, currency: 'PLN', heldCredits: 0 } });
    renderShell(<CreditsBadge />);
    const balance = screen.getByRole('link', { name: 'Credits: 1,234. Buy credits' });
    expect(balance).toHaveTextContent('1,234');
  });

  it('formats the balance in Polish ("1 234" with a no-break space) and follows a language switch', async () => {
    await setLanguage('pl');
    topBarStoreMock.useTopBar.setState({ credits: { balance: 1234, currency: 'PLN', heldCredits: 0 } });
    renderShell(<CreditsBadge />);
    expect(screen.getByTestId('credits-balance').textContent).toMatch(POLISH_1234);
    expect(screen.getByRole('link', { name: /^Kredyty: 1.234\. Kup kredyty$/ })).toBeInTheDocument();
    await act(() => setLanguage('en'));
    expect(screen.getByTestId('credits-balance')).toHaveTextContent('1,234');
  });

  it('updates when the live stream sets new credits', () => {
    renderShell(<CreditsBadge />);
    act(() => topBarStoreMock.useTopBar.setState({ credits: { balance: 50, currency: 'PLN', heldCredits: 5 } }));
    expect(screen.getByTestId('credits-balance')).toHaveTextContent('50');
  });

  it('has an add-credits link', () => {
    renderShell(<CreditsBadge />);
    expect(screen.getByRole('link', { name: 'Add credits' })).toHaveAttribute('href', '/buy-credits');
  });

  it('links to the credit history, in both languages', async () => {
    renderShell(<CreditsBadge />);
    expect(screen.getByRole('link', { name: 'Credit history' })).toHaveAttribute('href', '/billing');
    await act(() => setLanguage('pl'));
    expect(screen.getByRole('link', { name: 'Historia kredytów' })).toHaveAttribute('href', '/billing');
  });
});

describe('formatCredits', () => {
  it('is a dash for anything but a finite number', () => {
    expect(formatCredits(null)).toBe('—');
    expect(formatCredits(undefined)).toBe('—');
    expect(formatCredits(Number.NaN)).toBe('—');
    expect(formatCredits(0)).toBe('0');
  });

  it('groups thousands in Polish as in English', async () => {
    await setLanguage('pl');
    expect(formatCredits(1234)).toMatch(POLISH_1234);
    expect(formatCredits(12345)).toMatch(/^12[\u00a0\u202f]345$/);
    await setLanguage('en');
    expect(formatCredits(1234)).toBe('1,234');
  });
});
