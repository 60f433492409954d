import { UserSummarySchema } from '../../../../domain/summary';
import { FeatureFlagListSchema } from '../feature-flags';
import { TelemetryAcceptedSchema, TelemetryBatchSchema } from '../telemetry';
import { CurrentUserAnswerSchema, SessionAnswerSchema } from './identity-schemas';
import { OpenApiRegistry, type OpenApiInfo } from './openapi-registry';

/**
 * The registry with the gateway's own routes; later issues add their services' routes to it
 * (`registry.add(...)`) before the gateway starts.
 */
export function createGatewayOpenApi(info: Partial<OpenApiInfo> = {}): OpenApiRegistry {
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
