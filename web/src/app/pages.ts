import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazily loaded screen that can also be fetched before React first renders it. */
export type PageComponent = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * `React.lazy` plus `preload`: the same `import()`, so a preloaded chunk is the one React renders
 * (the browser keeps one module per URL; the second call resolves from it).
 */
function page(load: () => Promise<{ default: ComponentType }>): PageComponent {
  return Object.assign(lazy(load), { preload: load });
}

/** The `preload` of a route element's component, when it is a page. */
export function preloadOf(component: unknown): (() => Promise<unknown>) | undefined {
  if ((typeof component !== 'object' && typeof component !== 'function') || component === null) return undefined;
  const preload = (component as Partial<PageComponent>).preload;
  return typeof preload === 'function' ? preload : undefined;
}

/**
 * Every screen is its own chunk (`web/src/pages/<folder>/index.tsx`, default export), loaded when
 * its route is first visited — or, for the page the browser opens on, as soon as the app starts
 * (`preloadRoute` in router.tsx), in parallel with the session check.
 */
export const Landing = page(() => import('../pages/landing'));
export const Login = page(() => import('../pages/login'));
export const Privacy = page(() => import('../pages/privacy'));
export const Terms = page(() => import('../pages/terms'));
export const Unsubscribe = page(() => import('../pages/unsubscribe'));
export const Home = page(() => import('../pages/home'));
export const NotAuthorised = page(() => import('../pages/not-authorised'));
export const NotFound = page(() => import('../pages/not-found'));
export const Dashboard = page(() => import('../pages/dashboard'));
export const Gallery = page(() => import('../pages/gallery'));
export const Generator = page(() => import('../pages/generator'));
export const BuyCredits = page(() => import('../pages/buy-credits'));
export const Subscription = page(() => import('../pages/subscription'));
export const PaymentSuccess = page(() => import('../pages/payment-success'));
export const PaymentFailure = page(() => import('../pages/payment-failure'));
export const PaymentMockProcess = page(() => import('../pages/payment-mock-process'));
export const Settings = page(() => import('../pages/settings'));
export const Billing = page(() => import('../pages/billing'));
export const Job = page(() => import('../pages/job'));
export const AdminUsers = page(() => import('../pages/admin-users'));
export const AdminLogs = page(() => import('../pages/admin-logs'));
export const AdminDeadLetters = page(() => import('../pages/admin-dead-letters'));
export const AdminShareReports = page(() => import('../pages/admin-share-reports'));
