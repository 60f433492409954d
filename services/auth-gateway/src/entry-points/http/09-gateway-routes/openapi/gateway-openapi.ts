import { UserSummarySchema } from '../../../../domain/summary';
import { FeatureFlagListSchema } from '../feature-flags';
import { TelemetryAcceptedSchema, TelemetryBatchSchema } from '../telemetry';
import { addAccountOperations } from './account-operations';
import { addAdminOperations } from './admin-operations';
import { addCommerceOperations } from './commerce-operations';
import { addI18nOperations } from './i18n-operations';
import {
  CallbackQuerySchema,
  CurrentUserAnswerSchema,
  LoginQuerySchema,
  LogoutAnswerSchema,
  SessionAnswerSchema,
} from './identity-schemas';
import { addJobsOperations } from './jobs-operations';
import { addMediaOperations } from './media-operations';
import { addNotificationsOperations } from './notifications-operations';
import { OpenApiRegistry, type OpenApiInfo } from './openapi-registry';
import { addShareOperations } from './share-operations';

/**
 * The whole public API: the gateway's own routes and every service route it forwards from
 * `/bff/platform/*`, each with the zod schemas that validate it (`@kadr/contracts`).
 * `tools/test/openapi-coverage.test.ts` fails when a route is missing here or answers outside it.
 */
export function createGatewayOpenApi(info: Partial<OpenApiInfo> = {}): OpenApiRegistry {
  const registry = createIdentityAndGatewayOperations(info);
  for (const add of [
    addJobsOperations,
    addCommerceOperations,
    addMediaOperations,
    addI18nOperations,
    addAdminOperations,
    addNotificationsOperations,
    addAccountOperations,
    addShareOperations,
  ]) {
    add(registry);
  }
  return registry;
}

function createIdentityAndGatewayOperations(info: Partial<OpenApiInfo>): OpenApiRegistry {
  return new OpenApiRegistry({
    title: 'Kadr public API',
    version: '1.0.0',
    description:
      'What the browser calls through the auth-gateway. Errors are RFC 9457 problem details (`application/problem+json`) whose `type` is `/problems/<reason>`; every response carries `x-correlation-id`.',
    sessionCookieName: 'kadr_session',
    ...info,
  })
    .add({
      method: 'get',
      path: '/auth/session',
      summary: 'The current session',
      description: '`authenticated: false` and no user when signed out.',
      tags: ['identity'],
      public: true,
      responses: { 200: { description: 'The session', schema: SessionAnswerSchema } },
    })
    .add({
      method: 'get',
      path: '/auth/login',
      summary: 'Start signing in',
      description: 'Redirects to the identity provider; on failure to `/login?error=<reason>`.',
      tags: ['identity'],
      public: true,
      query: LoginQuerySchema,
      responses: { 302: { description: 'To the identity provider', headers: { Location: 'Where to go' } } },
    })
    .add({
      method: 'get',
      path: '/auth/callback',
      summary: "The identity provider's answer",
      description:
        'Completes the sign-in started in this browser and redirects to its `returnTo`; anything wrong (no pending sign-in, state mismatch, provider error) redirects to `/login?error=<reason>`.',
      tags: ['identity'],
      public: true,
      query: CallbackQuerySchema,
      responses: { 302: { description: 'Signed in, or to the login page', headers: { Location: 'Where to go' } } },
    })
    .add({
      method: 'post',
      path: '/auth/logout',
      summary: 'Sign out',
      description: 'Ends the session (CSRF token required while there is one) and clears its cookies.',
      tags: ['identity'],
      public: true,
      responses: { 200: { description: 'Signed out', schema: LogoutAnswerSchema } },
    })
    .add({
      method: 'get',
      path: '/bff/sse/jobs',
      summary: "The signed-in user's live updates (Server-Sent Events)",
      description:
        'Events `created`, `progress`, `completed`, `failed`, `deleted` (jobs) and `credits`; `Last-Event-ID` resumes. Stays open.',
      tags: ['live'],
      responses: { 200: { description: 'The event stream', contentType: 'text/event-stream' } },
      problems: [503],
    })
    .add({
      method: 'get',
      path: '/bff/platform/api/auth/me',
      summary: 'The signed-in user',
      tags: ['identity'],
      responses: { 200: { description: 'The user', schema: CurrentUserAnswerSchema } },
    })
    .add({
      method: 'get',
      path: '/bff/platform/api/users/me/summary',
      summary: 'The user summary for the top bar',
      description:
        'Composed from commerce (plan, allowance, credits) and i18n (language). When one of them does not answer, still 200: defaults for the missing parts (plan null → tier FREE and 720p, language `pl`, `credits: null`) and `meta: { partial: true, missing: [...] }`.',
      tags: ['users'],
      responses: { 200: { description: 'The summary', schema: UserSummarySchema } },
    })
    .add({
      method: 'get',
      path: '/bff/platform/api/flags',
      summary: 'Feature flags',
      tags: ['configuration'],
      public: true,
      responses: { 200: { description: 'Every configured flag', schema: FeatureFlagListSchema } },
    })
    .add({
      method: 'post',
      path: '/bff/telemetry',
      summary: "The browser's telemetry batch",
      description:
        "Web vitals and API latencies (→ histograms), analytics events (→ a counter and a log line) and client errors (→ warn log lines under the session's user). The browser sends each kind only with the person's consent (metrics and analytics: analytics consent; errors: remote-logs consent). At most 100 items per kind; a batch queued for another user is answered with nothing accepted. Own rate limit: `RATE_LIMIT_TELEMETRY_PER_MINUTE` per user.",
      tags: ['telemetry'],
      body: TelemetryBatchSchema,
      responses: { 202: { description: 'Processed', schema: TelemetryAcceptedSchema } },
    })
    .add({
      method: 'get',
      path: '/bff/openapi.json',
      summary: 'This document',
      tags: ['configuration'],
      public: true,
      responses: { 200: { description: 'OpenAPI 3.1' } },
    });
}
