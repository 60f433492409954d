import { isValidElement } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouteErrorScreen } from '../errors/RouteErrorScreen';
import { AppShell } from './AppShell';
import * as Page from './pages';
import { PublicLayout } from './PublicLayout';
import { RequireAuth } from './RequireAuth';
import { SessionGate } from './SessionGate';

/** The administrator's screens (spec §6: the gateway gives the `admin` role to the one administrator). */
export const ADMIN_ROLES = ['admin'] as const;

/**
 * Spec §2. Public pages sit outside the session wrapper; everything else is inside it and inside
 * the shell; the guarded screens need a session (admin ones also the admin role). Table and guard rule: README.md.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <Page.Landing /> },
          { path: '/landing', element: <Page.Landing /> },
          { path: '/login', element: <Page.Login /> },
          { path: '/polityka-prywatnosci', element: <Page.Privacy /> },
          { path: '/regulamin', element: <Page.Terms /> },
          // The e-mails' unsubscribe link works without signing in (issue 20).
          { path: '/unsubscribe', element: <Page.Unsubscribe /> },
        ],
      },
      {
        element: <SessionGate />,
        children: [
          {
            element: <AppShell />,
            children: [
              {
                // A page's error shows inside the shell, so the top bar and navigation stay usable.
                errorElement: <RouteErrorScreen />,
                children: [
                  { path: '/public', element: <Page.Home /> },
                  { path: '/403', element: <Page.NotAuthorised /> },
                  {
                    element: <RequireAuth />,
                    children: [
                      { path: '/dashboard', element: <Page.Dashboard /> },
                      { path: '/gallery', element: <Page.Gallery /> },
                      { path: '/generate', element: <Page.Generator /> },
                      { path: '/buy-credits', element: <Page.BuyCredits /> },
                      { path: '/subscription', element: <Page.Subscription /> },
                      { path: '/payment/success', element: <Page.PaymentSuccess /> },
                      // Tpay's error return address (commerce TPAY_ERROR_URL); not in the spec's table.
                      { path: '/payment/failure', element: <Page.PaymentFailure /> },
                      { path: '/payment/mock-process', element: <Page.PaymentMockProcess /> },
                      { path: '/settings', element: <Page.Settings /> },
                      // The credit history and one job's page (issue 20); not in the spec's table.
                      { path: '/billing', element: <Page.Billing /> },
                      { path: '/jobs/:id', element: <Page.Job /> },
                    ],
                  },
                  {
                    element: <RequireAuth roles={ADMIN_ROLES} />,
                    children: [
                      { path: '/admin/users', element: <Page.AdminUsers /> },
                      { path: '/admin/logs', element: <Page.AdminLogs /> },
                      { path: '/admin/dead-letters', element: <Page.AdminDeadLetters /> },
                      { path: '/admin/share-reports', element: <Page.AdminShareReports /> },
                    ],
                  },
                  { path: '*', element: <Page.NotFound /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Starts fetching the chunk of the page at `pathname` now rather than when React reaches it: on a
 * first load the page's chunk would otherwise wait for the entry to run, the router to match and —
 * for the signed-in screens — the session check to answer (a waterfall). Resolves when it is
 * fetched; a failed fetch is left to the page's own load (React.lazy, the error element).
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const loads = (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const preload = isValidElement(route.element) ? Page.preloadOf(route.element.type) : undefined;
    return preload ? [preload().catch(() => undefined)] : [];
  });
  return Promise.all(loads);
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
