import type { Plan } from '@kadr/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/api-error';
import { getPackages, getPlans } from '../../api/endpoints';
import { PACKAGES, PLANS as COMMERCE_PLANS } from '../../features/commerce/testing/commerce-fixtures';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { INITIAL_SESSION_STATE, useSession } from '../../session/session-store';
import { renderPage } from '../public-shared/render-page.testing';
import LandingPage from './index';

jest.mock('../../api/endpoints', () => ({
  getPackages: jest.fn(),
  getPlans: jest.fn(),
  getSession: jest.fn(() => new Promise(() => undefined)),
  logout: jest.fn(),
  getUserSummary: jest.fn(),
  putUserLanguage: jest.fn(),
}));
jest.mock('../../telemetry/telemetry', () => ({ logClientError: jest.fn(), setTelemetryUser: jest.fn() }));

/** The commerce catalogue, with the Starter plan at the PLN 49.00 these assertions read. */
const PLANS: Plan[] = COMMERCE_PLANS.map((plan) =>
  plan.id === 'starter' ? { ...plan, price: { amountMinor: 4_900, currency: 'PLN' } } : plan,
);

const packagesCall = jest.mocked(getPackages);
const plansCall = jest.mocked(getPlans);

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  packagesCall.mockReset().mockResolvedValue({ data: PACKAGES });
  plansCall.mockReset().mockResolvedValue({ data: PLANS });
  await act(() => setLanguage('en'));
  useSession.setState({ ...INITIAL_SESSION_STATE, status: 'unauthenticated' }, true);
});

const renderLanding = () => renderPage('/', '/', <LandingPage />);
const pricing = () => screen.getByRole('region', { name: 'Pricing' });
/** Text without the non-breaking and narrow spaces Intl puts into money. */
const plain = (element: HTMLElement) => (element.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('LandingPage', () => {
  it('says what Kadr does and leads a visitor to sign in', async () => {
    renderLanding();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Describe a scene. Get a video.');
    const start = screen.getByRole('link', { name: 'Sign in to start' });
    expect(start).toHaveAttribute('href', '/login?returnTo=%2Fgenerate');
    expect(screen.getAllByRole('link', { name: 'Sign in' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    await screen.findByText('Starter');
  });

  it('leads a signed-in person to the generator and the dashboard', async () => {
    useSession.setState({
      ...INITIAL_SESSION_STATE,
      status: 'authenticated',
      user: { id: 'u1', email: 'a@b.pl', name: 'Ala', roles: ['user'], permissions: [] },
    });
    renderLanding();
    for (const link of screen.getAllByRole('link', { name: 'Open the generator' })) {
      expect(link).toHaveAttribute('href', '/generate');
    }
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await screen.findByText('Starter');
  });

  it('shows the example clips with the prompts that made them', async () => {
    renderLanding();
    const examples = screen.getByRole('region', { name: 'Made with Kadr' });
    const figures = within(examples).getAllByRole('figure');
    expect(figures).toHaveLength(3);
    expect(within(figures[1]!).getByText('Neonowe miasto nocą, deszcz odbija światła witryn')).toHaveAttribute(
      'lang',
      'pl',
    );
    const video = figures[0]!.querySelector('video');
    expect(video).toHaveAttribute('poster', '/examples/tatra-sunrise.webp');
    expect(video).toHaveAttribute('preload', 'none');
    expect(video?.querySelector('source')).toHaveAttribute('src', '/examples/tatra-sunrise.mp4');
    await screen.findByText('Starter');
  });
});

describe('LandingPage pricing', () => {
  it('says it is loading until the catalogue arrives', () => {
    packagesCall.mockReturnValue(new Promise(() => undefined));
    renderLanding();
    expect(within(pricing()).getByRole('status')).toHaveTextContent('Loading prices…');
    expect(pricing().querySelector('[aria-busy="true"]')).not.toBeNull();
  });

  it('lists the credit packages and plans from the public catalogue, in PLN', async () => {
    renderLanding();
    await screen.findByText('Starter');
    const region = pricing();
    expect(within(region).getByText('Credits never expire')).toBeInTheDocument();

    const packages = within(region).getByRole('heading', { name: 'Credit packages' }).closest('div')!.parentElement!;
    const packageCards = within(packages).getAllByRole('listitem');
    expect(packageCards).toHaveLength(3);
    expect(within(packageCards[0]!).getByRole('heading')).toHaveTextContent('100 credits');
    expect(plain(packageCards[0]!)).toContain('PLN 19.00');
    expect(plain(packageCards[0]!)).toContain('PLN 0.19 per credit');
    expect(within(packageCards[2]!).getByRole('heading')).toHaveTextContent('1,000 credits');
    expect(within(packageCards[0]!).getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/buy-credits');

    const starter = within(region).getByRole('heading', { name: 'Starter' }).closest('li')!;
    expect(plain(starter)).toContain('PLN 49.00 per month');
    expect(starter).toHaveTextContent('50 generations a month');
    expect(starter).toHaveTextContent('Up to 720p HD');
    expect(within(starter).getByRole('link', { name: 'Choose Starter' })).toHaveAttribute('href', '/subscription');

    const pro = within(region).getByRole('heading', { name: 'Pro' }).closest('li')!;
    expect(pro).toHaveTextContent('500 generations a month');
    expect(pro).toHaveTextContent('Up to 1080p Full HD');

    const enterprise = within(region).getByRole('heading', { name: 'Enterprise' }).closest('li')!;
    expect(enterprise).toHaveTextContent('Custom pricing');
    expect(enterprise).toHaveTextContent('Unlimited generations');
    expect(enterprise).toHaveTextContent('Up to 4K');
    expect(within(enterprise).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/regulamin#contact');
  });

  it('formats prices and counts the Polish way in Polish', async () => {
    await act(() => setLanguage('pl'));
    renderLanding();
    await screen.findByText('Starter');
    const region = screen.getByRole('region', { name: 'Cennik' });
    const cards = within(region).getAllByRole('listitem');
    expect(within(cards[0]!).getByRole('heading')).toHaveTextContent('100 kredytów');
    expect(plain(cards[0]!)).toContain('19,00 zł');
    expect(within(region).getByText('Kredyty nigdy nie wygasają')).toBeInTheDocument();
    const starter = within(region).getByRole('heading', { name: 'Starter' }).closest('li')!;
    expect(starter).toHaveTextContent('50 generowań miesięcznie');
    expect(plain(starter)).toContain('49,00 zł miesięcznie');
  });

  it('shows the failure with its correlation ID and loads again on Retry', async () => {
    packagesCall.mockRejectedValueOnce(
      new ApiError({
        reason: 'service_unavailable',
        status: 503,
        title: 'Service temporarily unavailable',
        message: 'The service is temporarily unavailable. Please try again shortly.',
        correlationId: 'corr-123',
      }),
    );
    renderLanding();
    const alert = await within(pricing()).findByRole('alert');
    expect(alert).toHaveTextContent('Prices could not be loaded');
    expect(alert).toHaveTextContent('The service is temporarily unavailable. Please try again shortly.');
    expect(alert).toHaveTextContent('corr-123');
    expect(within(pricing()).queryByText('Starter')).not.toBeInTheDocument();

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(pricing()).findByText('Starter')).toBeInTheDocument();
    expect(within(pricing()).queryByRole('alert')).not.toBeInTheDocument();
    expect(packagesCall).toHaveBeenCalledTimes(2);
  });

  it('shows a failure that is not an API error too', async () => {
    plansCall.mockRejectedValueOnce(new TypeError('boom'));
    renderLanding();
    const alert = await within(pricing()).findByRole('alert');
    expect(alert).toHaveTextContent('Prices could not be loaded');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says so when nothing is on sale', async () => {
    packagesCall.mockResolvedValue({ data: [] });
    plansCall.mockResolvedValue({ data: [] });
    renderLanding();
    expect(await within(pricing()).findByText(/Nothing is on sale right now/)).toBeInTheDocument();
  });
});
