import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { AppProviders } from './providers';

export interface AppRootProps {
  queryClient: QueryClient;
  /** The browser's router (main.tsx) or, when the landing page is prerendered, a memory router at `/`. */
  router: ReturnType<typeof createBrowserRouter>;
}

/**
 * The whole app's element tree. One component for the browser and for the build's prerender
 * (src/prerender/landing.tsx): hydration only works when both render exactly the same tree.
 */
export function AppRoot({ queryClient, router }: AppRootProps) {
  return (
    <StrictMode>
      <ErrorBoundary name="root">
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </ErrorBoundary>
    </StrictMode>
  );
}
