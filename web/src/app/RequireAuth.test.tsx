import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { INITIAL_SESSION_STATE, useSession } from '../session/session-store';
import { RequireAuth } from './RequireAuth';

jest.mock('../api/endpoints', () => ({ getSession: jest.fn(), logout: jest.fn(), getUserSummary: jest.fn() }));
jest.mock('../telemetry/telemetry', () => ({ logClientError: jest.fn(), setTelemetryUser: jest.fn() }));

function renderGuarded(permissions: string[]) {
  const router = createMemoryRouter(
    [
      {
        path: '/logs',
        element: (
          <RequireAuth permissions={['admin:logs']}>
            <p>logs</p>
          </RequireAuth>
        ),
      },
      { path: '/403', element: <p>not authorised</p> },
    ],
    { initialEntries: ['/logs'] },
  );
  useSession.setState(
    {
      ...INITIAL_SESSION_STATE,
      status: 'authenticated',
      user: { id: 'u', email: '', name: '', roles: ['user'], permissions },
    },
    true,
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RequireAuth with permissions', () => {
  it('renders its children when the permission is there', () => {
    renderGuarded(['admin:logs']);
    expect(screen.getByText('logs')).toBeInTheDocument();
  });

  it('goes to /403 when a permission is missing', async () => {
    const router = renderGuarded(['admin:users']);
    expect(await screen.findByText('not authorised')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/403');
  });
});
