import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initI18n } from '../i18n/i18n';
import { logClientError } from '../telemetry/telemetry';
import { ErrorBoundary } from './ErrorBoundary';
import { RouteErrorScreen } from './RouteErrorScreen';

jest.mock('../telemetry/telemetry', () => ({ logClientError: jest.fn() }));

class FakeApiError extends Error {
  readonly correlationId = 'corr-7f3a';
}

function Thrower({ error }: { error: unknown }): never {
  throw error;
}

beforeAll(() => initI18n('en'));

describe('ErrorBoundary', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    // React logs caught render errors; keep the test output readable.
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.mocked(logClientError).mockClear();
  });
  afterEach(() => consoleError.mockRestore());

  it('shows the error screen: title, message, correlation ID and Reload Page', async () => {
    const reload = jest.fn();
    const user = userEvent.setup();

    render(
      <ErrorBoundary onReload={reload}>
        <Thrower error={new FakeApiError('Service temporarily unavailable')} />
      </ErrorBoundary>,
    );

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Service temporarily unavailable')).toBeInTheDocument();
    expect(screen.getByText('Correlation ID')).toBeInTheDocument();
    expect(screen.getByText('corr-7f3a')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalled();
    expect(logClientError).toHaveBeenCalledWith(
      expect.any(FakeApiError),
      expect.objectContaining({ where: 'error-boundary' }),
    );
  });

  it('has no correlation line for a plain error, and a generic message for a non-error', () => {
    const { unmount } = render(
      <ErrorBoundary>
        <Thrower error={new Error('Boom')} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Boom')).toBeInTheDocument();
    expect(screen.queryByText('Correlation ID')).not.toBeInTheDocument();
    unmount();

    render(
      <ErrorBoundary>
        <Thrower error={42} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('An unexpected error occurred.')).toBeInTheDocument();
  });

  it('renders its children when nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>All good</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('All good')).toBeInTheDocument();
  });

  it('is in Polish when the app is', async () => {
    const { setLanguage } = await import('../i18n/i18n');
    await setLanguage('pl');
    render(
      <ErrorBoundary>
        <Thrower error={new FakeApiError('Błąd')} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Coś poszło nie tak' })).toBeInTheDocument();
    expect(screen.getByText('Identyfikator korelacji')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Odśwież stronę' })).toBeInTheDocument();
    await setLanguage('en');
  });
});

describe('RouteErrorScreen', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('shows a route error through the same screen and logs it', async () => {
    const router = createMemoryRouter([
      { path: '/', element: <Thrower error={new FakeApiError('Chunk failed')} />, errorElement: <RouteErrorScreen /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Chunk failed')).toBeInTheDocument();
    expect(screen.getByText('corr-7f3a')).toBeInTheDocument();
    expect(logClientError).toHaveBeenCalledWith(expect.any(FakeApiError), { where: 'route' });
  });

  it('shows the status of a route error response (no route matched)', async () => {
    const router = createMemoryRouter([{ path: '/', element: <p>home</p>, errorElement: <RouteErrorScreen /> }], {
      initialEntries: ['/missing'],
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('404 Not Found')).toBeInTheDocument();
  });
});
