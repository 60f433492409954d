import { lazy } from 'react';

/**
 * Every screen is its own chunk (`web/src/pages/<folder>/index.tsx`, default export), loaded when
 * its route is first visited.
 */
export const Landing = lazy(() => import('../pages/landing'));
export const Login = lazy(() => import('../pages/login'));
export const Privacy = lazy(() => import('../pages/privacy'));
export const Terms = lazy(() => import('../pages/terms'));
export const Home = lazy(() => import('../pages/home'));
export const NotAuthorised = lazy(() => import('../pages/not-authorised'));
export const NotFound = lazy(() => import('../pages/not-found'));
export const Dashboard = lazy(() => import('../pages/dashboard'));
export const Gallery = lazy(() => import('../pages/gallery'));
export const Generator = lazy(() => import('../pages/generator'));
export const BuyCredits = lazy(() => import('../pages/buy-credits'));
export const Subscription = lazy(() => import('../pages/subscription'));
export const PaymentSuccess = lazy(() => import('../pages/payment-success'));
export const PaymentFailure = lazy(() => import('../pages/payment-failure'));
export const PaymentMockProcess = lazy(() => import('../pages/payment-mock-process'));
export const Settings = lazy(() => import('../pages/settings'));
export const AdminUsers = lazy(() => import('../pages/admin-users'));
export const AdminLogs = lazy(() => import('../pages/admin-logs'));
export const AdminDeadLetters = lazy(() => import('../pages/admin-dead-letters'));
