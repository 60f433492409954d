import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { currentLanguage, initI18n, setLanguage } from '../../i18n/i18n';
import { INITIAL_SESSION_STATE, useSession } from '../../session/session-store';
import PrivacyPage from '../privacy';
import { privacyEn } from '../privacy/privacy-en';
import { privacyPl } from '../privacy/privacy-pl';
import TermsPage from '../terms';
import { termsEn } from '../terms/terms-en';
import { termsPl } from '../terms/terms-pl';
import type { LegalDocument } from './legal-document';
import { renderPage } from './render-page.testing';

jest.mock('../../api/endpoints', () => ({
  getSession: jest.fn(() => new Promise(() => undefined)),
  logout: jest.fn(),
  getUserSummary: jest.fn(),
  putUserLanguage: jest.fn(),
}));
jest.mock('../../telemetry/telemetry', () => ({ logClientError: jest.fn(), setTelemetryUser: jest.fn() }));

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  await act(() => setLanguage('en'));
  useSession.setState({ ...INITIAL_SESSION_STATE, status: 'unauthenticated' }, true);
});

const pages: [string, string, ReactElement, { en: LegalDocument; pl: LegalDocument }][] = [
  ['privacy policy', '/polityka-prywatnosci', <PrivacyPage key="p" />, { en: privacyEn, pl: privacyPl }],
  ['terms of service', '/regulamin', <TermsPage key="t" />, { en: termsEn, pl: termsPl }],
];

function expectDocument(doc: LegalDocument) {
  expect(screen.getByRole('heading', { level: 1, name: doc.title })).toBeInTheDocument();
  const article = screen.getByRole('article');
  const headings = within(article)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
  expect(headings).toEqual([expect.any(String), ...doc.sections.map((section) => section.heading)]);
  const contents = screen.getByRole('navigation', { name: /Contents|Spis treści/ });
  const links = within(contents).getAllByRole('link');
  expect(links.map((link) => link.getAttribute('href'))).toEqual(doc.sections.map((section) => `#${section.id}`));
  for (const section of doc.sections) expect(document.getElementById(section.id)).not.toBeNull();
}

describe.each(pages)('the %s', (_name, path, page, docs) => {
  it('renders every section with a table of contents in English', () => {
    renderPage(path, path, page);
    expectDocument(docs.en);
    expect(screen.getByRole('article')).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('navigation', { name: 'Contents' })).toBeInTheDocument();
    expect(screen.getByText(/^Last updated:/)).toBeInTheDocument();
  });

  it('renders every section in Polish when the interface is Polish', async () => {
    await act(() => setLanguage('pl'));
    renderPage(path, path, page);
    expectDocument(docs.pl);
    expect(screen.getByRole('article')).toHaveAttribute('lang', 'pl');
    expect(screen.getByRole('navigation', { name: 'Spis treści' })).toBeInTheDocument();
    expect(screen.getByText(/^Ostatnia aktualizacja:/)).toBeInTheDocument();
  });

  it('links to the other language version, which switches the language', async () => {
    const { router } = renderPage(path, path, page);
    // Named by the words it shows, in the language it leads to; the hint in the interface's language describes it.
    const other = screen.getByRole('link', { name: 'Czytaj po polsku' });
    expect(other).toHaveAttribute('lang', 'pl');
    expect(other).toHaveAccessibleDescription('Polish version');
    await userEvent.click(other);
    expect(router.state.location.search).toBe('?lang=pl');
    expect(await screen.findByRole('heading', { level: 1, name: docs.pl.title })).toBeInTheDocument();
    expect(currentLanguage()).toBe('pl');
    expect(screen.getByRole('link', { name: 'Read in English' })).toHaveAccessibleDescription('Wersja angielska');
  });

  it('opens in the language the address asks for', async () => {
    renderPage(`${path}?lang=pl`, path, page);
    expect(await screen.findByRole('heading', { level: 1, name: docs.pl.title })).toBeInTheDocument();
  });

  it('marks what the operator still has to fill in', () => {
    renderPage(path, path, page);
    expect(screen.getByRole('complementary', { name: /Operator details/ })).toBeInTheDocument();
    expect(document.querySelectorAll('mark.legal-fill').length).toBeGreaterThan(0);
  });
});

describe('the legal texts', () => {
  it.each([
    ['privacy', privacyEn, privacyPl],
    ['terms', termsEn, termsPl],
  ])('%s: both languages have the same sections in the same order', (_name, en, pl) => {
    expect(pl.sections.map((section) => section.id)).toEqual(en.sections.map((section) => section.id));
    expect(pl.updated).toBe(en.updated);
  });

  it('the privacy policy names what the product actually stores and the GDPR bases', () => {
    const text = JSON.stringify(privacyEn);
    const facts = [
      'kadr_session',
      'kadr_csrf',
      'kadr.local',
      'kadr.browserId',
      'Krajowy Integrator Płatności',
      'fal.ai',
    ];
    for (const fact of [...facts, 'Prezes Urzędu Ochrony Danych Osobowych']) expect(text).toContain(fact);
    for (const basis of ['6(1)(a)', '6(1)(b)', '6(1)(c)', '6(1)(f)']) expect(text).toContain(basis);
  });

  it('the terms state the plan quotas, that credits never expire and the 14-day complaint answer', () => {
    const en = JSON.stringify(termsEn);
    expect(en).toContain('Starter — 50 generations per monthly period, up to 720p');
    expect(en).toContain('Pro — 500 generations per monthly period, up to 1080p');
    expect(en).toContain('Enterprise — unlimited generations, up to 4K (2160p)');
    expect(en).toContain('Credits never expire.');
    expect(en).toContain('within 14 days of receiving the complaint');
    const pl = JSON.stringify(termsPl);
    expect(pl).toContain('Starter — 50 generowań w okresie miesięcznym, do 720p');
    expect(pl).toContain('Kredyty nigdy nie wygasają.');
    expect(pl).toContain('w ciągu 14 dni od otrzymania reklamacji');
  });
});
