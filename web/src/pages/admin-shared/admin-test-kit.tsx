/**
 * Test kit of the admin screens' component tests (never imported by app code): answers shaped like
 * `@kadr/contracts`, and a render with a fresh data cache and an in-memory router whose current
 * URL the test can read.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type {
  AdminDeadLetter,
  AdminDeadLettersPage,
  AdminDeadLetterTopic,
  AdminJobDetailPage,
  AdminJobView,
  AdminLogEntry,
  AdminLogsPage,
  AdminUser,
  AdminUserJobsPage,
  AdminUsersPage,
} from '@kadr/contracts';
import { makeJobView } from '../../features/jobs/testing/jobs.testing';

const AT = '2025-03-01T10:00:00.000Z';

export function makeUser(index: number, patch: Partial<AdminUser> = {}): AdminUser {
  return {
    id: `user-${index}`,
    email: `person${index}@example.com`,
    name: `Person ${index}`,
    createdAt: AT,
    lastSeenAt: AT,
    tier: 'FREE',
    plan: null,
    balance: 100 + index,
    jobs: { total: 3, completed: 1, failed: 1, active: 1 },
    ...patch,
  };
}

export function usersPage(users: AdminUser[], skip: number, total: number, take = 50): AdminUsersPage {
  return { data: users, pagination: { skip, take, total } };
}

export function makeJob(id: string, patch: Partial<AdminJobView> = {}): AdminJobView {
  return {
    ...makeJobView(id, {
      status: 'FAILED',
      progress: 40,
      prompt: `A fox in the snow (${id})`,
      modelId: 'local-sd',
      cost: 12,
      errorCode: 'timeout',
      errorMessage: 'The provider timed out',
    }),
    userId: 'user-1',
    ...patch,
  };
}

export function jobsPage(jobs: AdminJobView[], hasNext = false): AdminUserJobsPage {
  return { data: jobs, pagination: { skip: 0, take: 50, total: jobs.length, hasNext } };
}

export function jobDetail(job: AdminJobView, missing: Array<'hold' | 'ledger'> = []): AdminJobDetailPage {
  return {
    data: {
      job,
      events: [
        {
          at: AT,
          kind: 'created',
          status: 'PENDING',
          progress: 0,
          attempt: 0,
          message: 'Created',
          errorCode: null,
          actor: job.userId,
        },
        {
          at: AT,
          kind: 'failed',
          status: 'FAILED',
          progress: 40,
          attempt: 1,
          message: 'The provider timed out',
          errorCode: 'timeout',
          actor: 'worker-1',
        },
      ],
      hold: missing.includes('hold') ? null : { holdId: 'hold-1', takenFrom: 'credits', amount: 12, state: 'released' },
      ledger: missing.includes('ledger')
        ? null
        : [
            {
              id: 'l-1',
              kind: 'hold',
              balanceDelta: -12,
              heldDelta: 12,
              allowanceDelta: 0,
              reference: job.id,
              occurredAt: AT,
            },
          ],
    },
    meta: { missing },
  };
}

export function makeLogEntry(index: number, patch: Partial<AdminLogEntry> = {}): AdminLogEntry {
  return {
    id: `log-${index}`,
    kind: 'admin_action',
    action: 'jobs.requeue',
    actorId: 'admin-1',
    targetId: `job-${index}`,
    userId: 'user-1',
    at: AT,
    outcome: 'success',
    correlationId: `corr-${index}`,
    detail: { jobId: `job-${index}`, status: 409, searched: true, reason: null },
    ...patch,
  };
}

export function logsPage(entries: AdminLogEntry[], skip: number, total: number, take = 50): AdminLogsPage {
  return { data: entries, pagination: { skip, take, total } };
}

export function makeDeadLetter(index: number, patch: Partial<AdminDeadLetter> = {}): AdminDeadLetter {
  return {
    id: `1-${index}`,
    topic: 'job.progress',
    partition: 1,
    offset: String(index),
    key: `job-${index}`,
    failedAt: AT,
    error: 'TypeError: cannot read jobId of undefined',
    attempts: 5,
    originalTopic: 'job.progress',
    headers: { 'event-id': `event-${index}`, 'event-type': 'job.progress', 'correlation-id': `corr-${index}` },
    eventId: `event-${index}`,
    payload: { eventId: `event-${index}`, eventType: 'job.progress', jobProgress: { jobId: `job-${index}` } },
    decodeError: null,
    value: 'CgdldmVudC0x',
    handling: null,
    ...patch,
  };
}

export function deadLettersPage(
  letters: AdminDeadLetter[],
  skip: number,
  total: number,
  take = 50,
): AdminDeadLettersPage {
  return { data: letters, pagination: { skip, take, total } };
}

export const deadLetterTopics = (counts: Record<string, [number, number]>): { data: AdminDeadLetterTopic[] } => ({
  data: Object.entries(counts).map(([topic, [pending, handled]]) => ({ topic, pending, handled })),
});

/** Shows the router's current path and query, for assertions on URL state. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderAdminPage(page: ReactElement, url: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  // A data router, so a test can go Back (`router.navigate(-1)`).
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {page}
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
}
