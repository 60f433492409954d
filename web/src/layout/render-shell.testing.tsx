import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';

function Landed() {
  return <p data-testid="landed">{useLocation().pathname}</p>;
}

/**
 * Renders a shell component as a layout route (it stays mounted while links navigate, like the
 * real shell) in a data router and a fresh query client, starting at `path`. The outlet shows the
 * current path (`data-testid="landed"`), so a test can see where a link led.
 */
export function renderShell(ui: ReactElement, { path = '/dashboard' }: { path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            {ui}
            <Outlet />
          </>
        ),
        children: [{ path: '*', element: <Landed /> }],
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
