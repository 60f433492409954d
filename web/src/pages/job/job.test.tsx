import type { BillingLedgerLine, JobReceipt, JobTimelineEntry, JobView } from '@kadr/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { resetCircuitBreakers } from '../../api/circuit-breakers';
import { answer, installFakeServer, type FakeAnswer, type FakeServer } from '../../api/testing/fake-server';
import { makeLedgerLine } from '../../features/billing/testing/billing.testing';
import { renderCommercePage } from '../../features/commerce/testing/commerce-fixtures';
import { makeCancelledJobView, makeJobView } from '../../features/jobs/testing/jobs.testing';
import { groupedModels, LOCAL_MODEL } from '../../features/jobs/testing/models.testing';
import { formatDateTime } from '../../i18n/format';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { applyLiveEvent, resetJobs, resetQueueForecasts, setQueueForecasts } from '../../live';
import { clearToasts } from '../../notifications/toast-store';
import { clearTopBar } from '../../session/top-bar-store';
import JobPage from './index';

jest.mock('../../telemetry/telemetry', () => ({ logClientError: jest.fn(), setTelemetryUser: jest.fn() }));

const JOB_ID = 'job-1';
const JOB_PATH = `/bff/platform/jobs/${JOB_ID}`;
const RECEIPT_PATH = `/bff/platform/api/commerce/jobs/${JOB_ID}/receipt`;
const MODELS_PATH = '/bff/platform/api/ai-models/grouped';
const HELD_AT = '2025-03-01T10:00:05.000Z';
const SETTLED_AT = '2025-03-01T10:01:00.000Z';
const PROMPT = 'A lighthouse in a storm at night, waves crashing over the rocks below, slow dolly shot, cinematic';

/** A line of this job: a hold of 5 credits unless patched. */
const ledgerLine = (id: string, patch: Partial<BillingLedgerLine>) =>
  makeLedgerLine(id, {
    kind: 'hold',
    heldDelta: 5,
    reference: JOB_ID,
    referenceType: 'job',
    occurredAt: HELD_AT,
    balanceAfter: 100,
    heldAfter: 5,
    ...patch,
  });

const HOLD = ledgerLine('led-hold-1', {});

function receipt(patch: Partial<JobReceipt> = {}): JobReceipt {
  return {
    jobId: JOB_ID,
    takenFrom: 'credits',
    amount: 5,
    state: 'held',
    reason: null,
    heldAt: HELD_AT,
    settledAt: null,
    lines: [HOLD],
    balanceAfter: 100,
    ...patch,
  };
}

const RELEASED = receipt({
  state: 'released',
  reason: 'cancelled',
  settledAt: SETTLED_AT,
  lines: [
    HOLD,
    ledgerLine('led-release-1', {
      kind: 'release',
      heldDelta: -5,
      reason: 'cancelled',
      occurredAt: SETTLED_AT,
      heldAfter: 0,
    }),
  ],
});

const CAPTURED = receipt({
  state: 'captured',
  settledAt: SETTLED_AT,
  lines: [
    HOLD,
    ledgerLine('led-capture-1', {
      kind: 'capture',
      balanceDelta: -5,
      heldDelta: -5,
      occurredAt: SETTLED_AT,
      balanceAfter: 95,
      heldAfter: 0,
    }),
  ],
  balanceAfter: 95,
});

let server: FakeServer;
let jobAnswer: () => FakeAnswer;
let receiptAnswer: () => FakeAnswer;

const requestsTo = (path: string) => server.requests.filter((request) => request.path === path);

/** What the server answers for the job and for its receipt from now on: a body (200 `{ data }`) or an answer. */
function serve(job: JobView | FakeAnswer, receiptBody: JobReceipt | FakeAnswer) {
  // A job has an `id` and a receipt a `jobId`; a fake answer (reply, network-error…) has neither (a job has a `kind` too).
  const asAnswer = (body: JobView | JobReceipt | FakeAnswer): FakeAnswer =>
    'id' in body || 'jobId' in body ? answer.json(200, { data: body }) : body;
  jobAnswer = () => asAnswer(job);
  receiptAnswer = () => asAnswer(receiptBody);
}

function renderJob(path = `/jobs/${JOB_ID}`) {
  const user = userEvent.setup();
  renderCommercePage(
    <Routes>
      <Route path="/jobs/:id" element={<JobPage />} />
    </Routes>,
    path,
  );
  return { user };
}

const region = (name: string) => screen.getByRole('region', { name });
/** A description list's terms and their values. */
const factsOf = (list: HTMLElement) =>
  Object.fromEntries(
    within(list)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
const receiptRegion = () => region('Receipt');
const heldText = () => `Held 5 credits at ${formatDateTime(HELD_AT)}`;

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  await act(() => setLanguage('en'));
  resetCircuitBreakers();
  resetJobs();
  resetQueueForecasts();
  clearToasts();
  clearTopBar();
  document.cookie = 'kadr_csrf=csrf-1; path=/';
  server = installFakeServer();
  serve(makeJobView(JOB_ID, { status: 'PROCESSING', progress: 40, prompt: PROMPT }), receipt());
  server.handle((request) => {
    if (request.path === JOB_PATH) return jobAnswer();
    if (request.path === RECEIPT_PATH) return receiptAnswer();
    if (request.path === MODELS_PATH) return answer.json(200, groupedModels(LOCAL_MODEL));
    if (request.path === `${JOB_PATH}/cancel`) {
      return answer.json(200, { data: makeCancelledJobView(JOB_ID, { progress: 40, prompt: PROMPT }) });
    }
    return answer.problem(404, 'not_found');
  });
});

afterEach(() => {
  server.restore();
  document.cookie = 'kadr_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('Job page (/jobs/:id)', () => {
  it('shows the prompt, the settings, the live status with Cancel, the price quoted and the held receipt', async () => {
    renderJob();
    // A long prompt is cut in the heading and given whole under it.
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'A lighthouse in a storm at night, waves crashing over the rocks below, slow…',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(PROMPT)).toBeInTheDocument();
    expect(document.title).toBe('Video details — Kadr');

    const settings = region('Settings');
    await within(settings).findByText('Kadr Motion');
    const facts = factsOf(settings);
    expect(facts).toEqual({
      Model: 'Kadr Motion',
      Duration: '5s',
      Quality: 'Standard (720p)',
      Speed: 'Normal',
      Frame: '16:9 Landscape (1280×720)',
      Seed: '1234',
    });

    const status = region('Status');
    expect(within(status).getByText('Generating')).toBeInTheDocument();
    expect(within(status).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(within(status).getByText('Created')).toBeInTheDocument();
    expect(within(status).getByRole('button', { name: /^Cancel generation “A lighthouse/ })).toBeInTheDocument();

    expect(within(region('Price quoted')).getByText('5 credits')).toBeInTheDocument();

    const bill = receiptRegion();
    expect(await within(bill).findByText(heldText())).toBeInTheDocument();
    expect(within(bill).getByRole('status')).toHaveTextContent('Held — settles when the video finishes');
    expect(within(bill).getByText('Balance after: 100 credits')).toBeInTheDocument();
    expect(within(bill).getByText('led-hold-1')).toBeInTheDocument();
    expect(within(bill).getByRole('button', { name: 'Copy ledger line ID led-hold-1' })).toBeInTheDocument();
    expect(within(bill).getByRole('link', { name: 'See all in your credit history' })).toHaveAttribute(
      'href',
      '/billing',
    );
    expect(screen.queryByRole('region', { name: 'Video' })).not.toBeInTheDocument();
  });

  it('a queued job: its place in the queue and estimated times, then what the background refresh reads', async () => {
    const start = new Date();
    start.setHours(12, 5, 0, 0);
    const finish = new Date(start.getTime() + 4 * 60_000);
    const clock = (date: Date) => formatDateTime(date, { timeStyle: 'short' });
    serve(
      makeJobView(JOB_ID, {
        prompt: PROMPT,
        queue: { position: 4, estimatedStartAt: start.toISOString(), estimatedFinishAt: finish.toISOString() },
      }),
      receipt(),
    );
    renderJob();
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(within(status).getByText('Place in queue: 4')).toBeInTheDocument();
    expect(
      within(status).getByText(`Estimated start around ${clock(start)}, finish around ${clock(finish)}`),
    ).toBeInTheDocument();

    act(() =>
      setQueueForecasts([{ id: JOB_ID, queue: { position: 1, estimatedStartAt: null, estimatedFinishAt: null } }]),
    );
    expect(within(status).getByText('Place in queue: 1')).toBeInTheDocument();
    expect(within(status).getByText('No time estimate yet')).toBeInTheDocument();
  });

  it('follows the job live, and once cancelled reads the receipt again: "Refunded: cancelled by you" and the balance after', async () => {
    act(() => {
      applyLiveEvent('created', { id: JOB_ID, progress: 0, createdAt: '2025-03-01T10:00:00.000Z' });
      applyLiveEvent('progress', { id: JOB_ID, progress: 40, createdAt: null });
    });
    const { user } = renderJob();
    const status = await screen.findByRole('region', { name: 'Status' });
    await within(receiptRegion()).findByText(heldText());

    act(() => applyLiveEvent('progress', { id: JOB_ID, progress: 70, createdAt: null }));
    expect(within(status).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '70');
    expect(within(status).getByText(/Generating… 70%/)).toBeInTheDocument();

    serve(makeCancelledJobView(JOB_ID, { progress: 70, prompt: PROMPT }), RELEASED);
    const receiptReads = requestsTo(RECEIPT_PATH).length;
    await user.click(within(status).getByRole('button', { name: /^Cancel generation/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel generation' }));

    expect(await within(status).findByText('Cancelled')).toBeInTheDocument();
    expect(within(status).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(status).queryByRole('button', { name: /^Cancel generation/ })).not.toBeInTheDocument();
    // The cancel's answer is the job's final event: the receipt is read again.
    await waitFor(() => expect(requestsTo(RECEIPT_PATH).length).toBeGreaterThan(receiptReads));
    const bill = receiptRegion();
    expect(await within(bill).findByText('Refunded 5 credits: cancelled by you')).toBeInTheDocument();
    expect(within(bill).getByText('Balance after: 100 credits')).toBeInTheDocument();
    expect(within(bill).queryByText('Held — settles when the video finishes')).not.toBeInTheDocument();
    expect(within(bill).getByText('led-release-1')).toBeInTheDocument();
  });

  it('completed live: the receipt, still held for a moment, is read again until it is settled', async () => {
    act(() => applyLiveEvent('progress', { id: JOB_ID, progress: 90, createdAt: null }));
    renderJob();
    await within(await screen.findByRole('region', { name: 'Receipt' })).findByText(heldText());
    const completedAt = '2025-03-01T10:01:00.000Z';
    serve(makeJobView(JOB_ID, { status: 'COMPLETED', progress: 100, prompt: PROMPT, completedAt }), receipt());
    act(() => applyLiveEvent('completed', { id: JOB_ID, createdAt: null }));

    expect(await screen.findByRole('region', { name: 'Video' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(RECEIPT_PATH).length).toBeGreaterThanOrEqual(2));
    // Commerce settles a moment after the job's final event.
    serve(makeJobView(JOB_ID, { status: 'COMPLETED', progress: 100, prompt: PROMPT, completedAt }), CAPTURED);
    expect(await within(receiptRegion()).findByText('Charged 5 credits', {}, { timeout: 3_000 })).toBeInTheDocument();
    expect(within(receiptRegion()).getByText('Balance after: 95 credits')).toBeInTheDocument();
    expect(within(region('Status')).getByText('Completed')).toBeInTheDocument();
  });

  it('a cancelled job: its receipt says "Refunded: cancelled by you", with the balance after', async () => {
    serve(makeCancelledJobView(JOB_ID, { progress: 30, prompt: 'A kite' }), RELEASED);
    renderJob();
    expect(await screen.findByRole('heading', { level: 1, name: 'A kite' })).toBeInTheDocument();
    expect(within(region('Status')).getByText('Cancelled')).toBeInTheDocument();
    const bill = receiptRegion();
    expect(await within(bill).findByText('Refunded 5 credits: cancelled by you')).toBeInTheDocument();
    expect(within(bill).getByText(heldText())).toBeInTheDocument();
    expect(within(bill).getByText(formatDateTime(SETTLED_AT))).toBeInTheDocument();
    expect(within(bill).getByText('Balance after: 100 credits')).toBeInTheDocument();
  });

  it('a failed job says what happened in plain words', async () => {
    serve(
      makeJobView(JOB_ID, { status: 'FAILED', progress: 60, errorCode: 'aiproxy_error' }),
      receipt({
        state: 'released',
        reason: 'aiproxy_error',
        lines: [HOLD, ledgerLine('led-release-2', { kind: 'release', heldDelta: -5, reason: 'aiproxy_error' })],
      }),
    );
    renderJob();
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(within(status).getByText('What happened: the provider failed.')).toBeInTheDocument();
    expect(await within(receiptRegion()).findByText('Refunded 5 credits: the provider failed')).toBeInTheDocument();
  });

  it('a completed job: the video, the completion time and the receipt "Charged 5 credits"', async () => {
    const completedAt = '2025-03-01T10:01:00.000Z';
    serve(makeJobView(JOB_ID, { status: 'COMPLETED', progress: 100, prompt: 'A kite', completedAt }), CAPTURED);
    renderJob();
    const video = await screen.findByRole('region', { name: 'Video' });
    expect(within(video).getByRole('button', { name: /^Play video from/ })).toBeInTheDocument();
    expect(within(video).getByRole('link', { name: 'Open the gallery' })).toHaveAttribute('href', '/gallery');
    // "Use these settings": the generator filled in from this job.
    expect(
      within(region('Settings')).getByRole('link', { name: 'Use these settings of “A kite” for a new video' }),
    ).toHaveAttribute('href', `/generate?remix=${JOB_ID}`);
    const status = region('Status');
    expect(within(status).getByText('Ready')).toBeInTheDocument();
    expect(within(status).getByText('Completed')).toBeInTheDocument();
    expect(within(status).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    const bill = receiptRegion();
    expect(await within(bill).findByText('Charged 5 credits')).toBeInTheDocument();
    expect(within(bill).getByText('Balance after: 95 credits')).toBeInTheDocument();
    expect(within(bill).queryByRole('status')).not.toBeInTheDocument();
  });

  it('lists the status history with times, a retry named by its attempt, and reads it again when the status changes', async () => {
    const step = (kind: JobTimelineEntry['kind'], at: string, attempt: number): JobTimelineEntry => ({
      kind,
      at,
      attempt,
    });
    const early = [
      step('created', '2025-03-01T10:00:00.000Z', 0),
      step('queued', '2025-03-01T10:00:00.000Z', 0),
      step('started', '2025-03-01T10:00:05.000Z', 1),
      step('queued', '2025-03-01T10:00:40.000Z', 1),
    ];
    serve(makeJobView(JOB_ID, { status: 'PENDING', progress: 0, prompt: PROMPT, timeline: [...early] }), receipt());
    act(() => applyLiveEvent('created', { id: JOB_ID, progress: 0, createdAt: '2025-03-01T10:00:00.000Z' }));
    renderJob();
    const history = await screen.findByRole('list', { name: 'Status history' });
    const texts = () =>
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(texts()).toEqual([
      `Created ${formatDateTime('2025-03-01T10:00:00.000Z')}`,
      `Waiting in the queue ${formatDateTime('2025-03-01T10:00:00.000Z')}`,
      `Rendering started ${formatDateTime('2025-03-01T10:00:05.000Z')}`,
      `Back in the queue to be tried again ${formatDateTime('2025-03-01T10:00:40.000Z')}`,
    ]);
    expect(within(history).getAllByRole('listitem')[2]!.querySelector('time')).toHaveAttribute(
      'datetime',
      '2025-03-01T10:00:05.000Z',
    );

    // The second attempt starts: the stream says so, and the page reads the job again.
    const reads = requestsTo(JOB_PATH).length;
    serve(
      makeJobView(JOB_ID, {
        status: 'PROCESSING',
        progress: 5,
        prompt: PROMPT,
        timeline: [...early, step('started', '2025-03-01T10:00:41.000Z', 2)],
      }),
      receipt(),
    );
    act(() => applyLiveEvent('started', { id: JOB_ID, progress: 0, createdAt: null }));
    await waitFor(() => expect(requestsTo(JOB_PATH).length).toBeGreaterThan(reads));
    await waitFor(() =>
      expect(texts().at(-1)).toBe(`Rendering started again (attempt 2) ${formatDateTime('2025-03-01T10:00:41.000Z')}`),
    );
  });

  it('a job the plan covered: "Covered by your plan" and a generation of the plan on the receipt', async () => {
    serve(
      makeJobView(JOB_ID, { status: 'PENDING', cost: 0, chargedFrom: 'allowance' }),
      receipt({ takenFrom: 'allowance', amount: 0, lines: [ledgerLine('led-a', { heldDelta: 0, allowanceDelta: 1 })] }),
    );
    renderJob();
    expect(await screen.findByText('Covered by your plan')).toBeInTheDocument();
    expect(
      await within(receiptRegion()).findByText(`Held 1 generation of your plan at ${formatDateTime(HELD_AT)}`),
    ).toBeInTheDocument();
  });

  it('says when no charge is recorded yet (no receipt)', async () => {
    serve(makeJobView(JOB_ID), answer.problem(404, 'not_found'));
    renderJob();
    expect(await screen.findByText('No charge is recorded for this video yet.')).toBeInTheDocument();
  });

  it('an unknown job, or another user’s (404), is the not-found page', async () => {
    serve(answer.problem(404, 'not_found'), answer.problem(404, 'not_found'));
    renderJob('/jobs/someone-elses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
    expect(screen.getByText(/There is no page at \/jobs\/someone-elses/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Receipt' })).not.toBeInTheDocument();
  });

  it('shows a failure to load the job with Retry', async () => {
    serve(answer.problem(503, 'service_unavailable'), receipt());
    const { user } = renderJob();
    expect(await screen.findByText('This video could not be loaded.', {}, { timeout: 5_000 })).toBeInTheDocument();
    serve(makeJobView(JOB_ID, { prompt: 'A kite' }), receipt());
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'A kite' })).toBeInTheDocument();
  });

  it('a finished portrait job: its frame, seed and negative prompt (issue 21)', async () => {
    const completedAt = '2025-03-01T10:01:00.000Z';
    serve(
      makeJobView(JOB_ID, {
        status: 'COMPLETED',
        progress: 100,
        prompt: 'A kite',
        completedAt,
        modelId: 'fal-kling-standard',
        aspectRatio: '9:16',
        width: 720,
        height: 1280,
        seed: null,
        negativePrompt: 'blur, text',
      }),
      CAPTURED,
    );
    renderJob();
    const facts = factsOf(await screen.findByRole('region', { name: 'Settings' }));
    expect(facts).toMatchObject({
      Quality: 'Standard (720p)',
      Frame: '9:16 Portrait (720×1280)',
      'Negative prompt': 'blur, text',
    });
    // A model without seeds: no seed shown.
    expect(facts).not.toHaveProperty('Seed');
  });

  it('speaks Polish', async () => {
    await act(() => setLanguage('pl'));
    serve(makeCancelledJobView(JOB_ID, { prompt: 'Latawiec', aspectRatio: '1:1', width: 720, height: 720 }), RELEASED);
    renderJob();
    expect(await screen.findByRole('heading', { level: 1, name: 'Latawiec' })).toBeInTheDocument();
    expect(document.title).toBe('Szczegóły filmu — Kadr');
    expect(within(region('Status')).getByText('Anulowane')).toBeInTheDocument();
    expect(region('Cena przy zleceniu')).toHaveTextContent('5 kredytów');
    const bill = region('Rozliczenie');
    expect(await within(bill).findByText('Zwrócono 5 kredytów: anulowane przez Ciebie')).toBeInTheDocument();
    expect(within(bill).getByText('Saldo po: 100 kredytów')).toBeInTheDocument();
    const settings = region('Ustawienia');
    expect(within(settings).getByText('1:1 Kwadrat (720×720)')).toBeInTheDocument();
    expect(within(settings).getByText('Ziarno (seed)')).toBeInTheDocument();
  });
});
