import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

/**
 * Test helper (not shipped: only tests import it): renders a page at an address inside a memory
 * router, with stand-in pages for the places it links or redirects to.
 */
export function renderPage(path: string, pagePath: string, page: ReactElement, extraRoutes: RouteObject[] = []) {
  const router = createMemoryRouter(
    [{ path: pagePath, element: page }, ...extraRoutes, { path: '*', element: <p>elsewhere</p> }],
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}
