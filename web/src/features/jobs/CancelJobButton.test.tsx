import type { JobView } from '@kadr/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { MemoryRouter } from 'react-router';
import { resetCircuitBreakers } from '../../api/circuit-breakers';
import { answer, inOrder, installFakeServer, type FakeServer } from '../../api/testing/fake-server';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { applyLiveEvent, resetJobs, useActiveJobs, useJobStore } from '../../live';
import { clearToasts, Toaster } from '../../notifications';
import { ActiveJobsList } from './ActiveJobsList';
import { makeCancelledJobView } from './testing/jobs.testing';

jest.mock('../../telemetry/telemetry', () => ({ logClientError: jest.fn(), setTelemetryUser: jest.fn() }));

const AT = '2030-01-01T10:00:00.000Z';
const CANCEL_PATH = '/bff/platform/jobs/job-1/cancel';
const PROMPTS: Record<string, string> = {
  'job-1': 'A fox in the snow',
  'job-2': 'A lighthouse in a storm at night, waves crashing over the rocks below',
};
const FINISHED = 'This video has already finished, so it can no longer be cancelled.';

const cancelledView = (id: string, patch: Partial<JobView> = {}) =>
  makeCancelledJobView(id, { progress: 40, createdAt: AT, prompt: PROMPTS[id] ?? '', ...patch });

/** The running jobs as the dashboard lists them: a heading to return focus to, the list, the toasts. */
function RunningJobs() {
  const jobs = useActiveJobs();
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby="running-heading">
      <h2 id="running-heading" ref={headingRef} tabIndex={-1}>
        Jobs in progress
      </h2>
      <ActiveJobsList
        jobs={jobs}
        label="Jobs in progress"
        empty={<p>No jobs running</p>}
        detailsOf={(id) => ({ title: PROMPTS[id] })}
        cancel={{ focusAfter: headingRef }}
      />
    </section>
  );
}

function renderJobs() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retryDelay: 0 } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <RunningJobs />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user };
}

const list = () => screen.getByRole('list', { name: 'Jobs in progress' });
const polite = () => screen.getByTestId('toasts-polite');
const assertive = () => screen.getByTestId('toasts-assertive');
const cancelButton = () => screen.getByRole('button', { name: 'Cancel generation “A fox in the snow”' });

let server: FakeServer;

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  await act(() => setLanguage('en'));
  resetCircuitBreakers();
  server = installFakeServer();
  document.cookie = 'kadr_csrf=csrf-token-1; path=/';
  resetJobs();
  clearToasts();
  act(() => {
    applyLiveEvent('created', { id: 'job-1', progress: 0, createdAt: AT });
    applyLiveEvent('progress', { id: 'job-1', progress: 40, createdAt: null });
  });
});

afterEach(() => {
  server.restore();
  document.cookie = 'kadr_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('Cancel on a running job', () => {
  it('names the job, asks first, and "Keep generating" sends nothing', async () => {
    act(() => applyLiveEvent('created', { id: 'job-2', progress: 0, createdAt: '2030-01-01T10:05:00.000Z' }));
    const { user } = renderJobs();
    // A long prompt is named by its start.
    expect(
      screen.getByRole('button', { name: 'Cancel generation “A lighthouse in a storm at night, waves…”' }),
    ).toHaveTextContent('Cancel');

    await user.click(cancelButton());
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this generation?' });
    expect(dialog).toHaveAccessibleDescription('“A fox in the snow” stops now and you are not charged for it.');
    // The safe choice has focus.
    expect(within(dialog).getByRole('button', { name: 'Keep generating' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
    expect(within(list()).getAllByRole('listitem')).toHaveLength(2);
  });

  it('confirmed: POSTs the cancel with the CSRF token and an Idempotency-Key; the job leaves at once, the polite region says so, and a late event does not bring it back', async () => {
    server.handle(inOrder(answer.json(200, { data: cancelledView('job-1') })));
    const { user } = renderJobs();
    // Keyboard only: Tab to the button, Enter opens the dialog, Tab to the confirm button.
    await user.tab();
    expect(cancelButton()).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this generation?' });
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel generation' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('No jobs running')).toBeInTheDocument();
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(CANCEL_PATH);
    expect(request?.body).toBeUndefined();
    expect(request?.headers['x-csrf-token']).toBe('csrf-token-1');
    expect(request?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    expect(useJobStore.getState().jobs['job-1']).toEqual({
      id: 'job-1',
      status: 'CANCELLED',
      progress: 40,
      createdAt: AT,
    });
    expect(polite()).toHaveTextContent('Cancelled. Your credits are back.');
    // The button left with its job: focus goes to the list's heading, not to the top of the page.
    expect(screen.getByRole('heading', { name: 'Jobs in progress' })).toHaveFocus();

    // The stream's own report arrives late, then a late progress of the stopped attempt.
    act(() => {
      applyLiveEvent('cancelled', { id: 'job-1', status: 'CANCELLED', progress: 40, createdAt: null });
      applyLiveEvent('progress', { id: 'job-1', status: 'PROCESSING', progress: 50, createdAt: null });
    });
    expect(screen.getByText('No jobs running')).toBeInTheDocument();
    expect(useJobStore.getState().jobs['job-1']?.status).toBe('CANCELLED');
  });

  it('a job that ends on its own moves focus only when its button had it', () => {
    act(() => {
      applyLiveEvent('created', { id: 'job-2', progress: 0, createdAt: '2030-01-01T10:05:00.000Z' });
      applyLiveEvent('created', { id: 'job-3', progress: 0, createdAt: '2030-01-01T09:00:00.000Z' });
    });
    renderJobs();
    const other = screen.getByRole('button', { name: /^Cancel generation “A lighthouse/ });
    act(() => other.focus());
    act(() => applyLiveEvent('completed', { id: 'job-1', createdAt: null }));
    expect(other).toHaveFocus();

    act(() => other.focus());
    act(() => applyLiveEvent('failed', { id: 'job-2', createdAt: null }));
    expect(screen.getByRole('heading', { name: 'Jobs in progress' })).toHaveFocus();
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says the plan’s generation is back when the job was paid from the allowance', async () => {
    server.handle(inOrder(answer.json(200, { data: cancelledView('job-1', { chargedFrom: 'allowance' }) })));
    const { user } = renderJobs();
    await user.click(cancelButton());
    await user.click(screen.getByRole('button', { name: 'Cancel generation' }));
    await screen.findByText('No jobs running');
    expect(polite()).toHaveTextContent('Cancelled. The generation is back in your plan.');
  });

  it('is busy and inert while the request runs: no second request', async () => {
    server.handle(inOrder(answer.delayed(300, answer.json(200, { data: cancelledView('job-1') }))));
    const { user } = renderJobs();
    await user.click(cancelButton());
    await user.click(screen.getByRole('button', { name: 'Cancel generation' }));

    const busy = cancelButton();
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await user.click(busy);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.requests).toHaveLength(1);

    expect(await screen.findByText('No jobs running')).toBeInTheDocument();
    expect(server.requests).toHaveLength(1);
  });

  it('409 (it finished first): shows the server’s sentence; the job stays until the stream says how it ended', async () => {
    server.handle(inOrder(answer.problem(409, 'conflict', { detail: FINISHED })));
    const { user } = renderJobs();
    await user.click(cancelButton());
    await user.click(screen.getByRole('button', { name: 'Cancel generation' }));

    await waitFor(() => expect(assertive()).toHaveTextContent(FINISHED));
    // A 409 is final: asked once.
    expect(server.requests).toHaveLength(1);
    expect(polite()).not.toHaveTextContent('Cancelled');
    expect(useJobStore.getState().jobs['job-1']?.status).toBe('PROCESSING');
    expect(cancelButton()).not.toHaveAttribute('aria-disabled');

    act(() => applyLiveEvent('completed', { id: 'job-1', createdAt: null }));
    expect(screen.getByText('No jobs running')).toBeInTheDocument();
  });

  it('a failure without an answer is retried once with the same key, then said', async () => {
    server.handle(inOrder(answer.networkError()));
    const { user } = renderJobs();
    await user.click(cancelButton());
    await user.click(screen.getByRole('button', { name: 'Cancel generation' }));

    await waitFor(() => expect(assertive()).toHaveTextContent(/^Error: The generation was not cancelled\. \S/));
    expect(server.requests).toHaveLength(2);
    const keys = server.requests.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toBeDefined();
    expect(keys[1]).toBe(keys[0]);
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('speaks Polish; a 409 is said in our own words (the server’s sentence is English)', async () => {
    await act(() => setLanguage('pl'));
    server.handle(
      inOrder(
        answer.problem(409, 'conflict', { detail: FINISHED }),
        answer.json(200, { data: cancelledView('job-1') }),
      ),
    );
    const { user } = renderJobs();
    const button = screen.getByRole('button', { name: 'Anuluj generowanie „A fox in the snow”' });
    expect(button).toHaveTextContent('Anuluj');

    await user.click(button);
    const dialog = screen.getByRole('alertdialog', { name: 'Anulować generowanie?' });
    expect(within(dialog).getByRole('button', { name: 'Generuj dalej' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj generowanie' }));
    await waitFor(() =>
      expect(assertive()).toHaveTextContent(
        'Tego filmu nie można już anulować: jego generowanie zdążyło się zakończyć.',
      ),
    );
    expect(assertive()).not.toHaveTextContent(FINISHED);

    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Anuluj generowanie' }));
    await waitFor(() => expect(polite()).toHaveTextContent('Anulowano. Kredyty wróciły na Twoje konto.'));
  });
});
