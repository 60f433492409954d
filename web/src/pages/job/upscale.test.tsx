import type { CreateJobResponse, JobView, UpscaleQuote } from '@kadr/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { resetCircuitBreakers } from '../../api/circuit-breakers';
import { answer, installFakeServer, type FakeServer } from '../../api/testing/fake-server';
import { renderCommercePage } from '../../features/commerce/testing/commerce-fixtures';
import { makeJobView } from '../../features/jobs/testing/jobs.testing';
import { groupedModels, LOCAL_MODEL } from '../../features/jobs/testing/models.testing';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { resetJobs, resetQueueForecasts } from '../../live';
import { clearToasts } from '../../notifications/toast-store';
import { clearTopBar } from '../../session/top-bar-store';
import JobPage from './index';

jest.mock('../../telemetry/telemetry', () => ({ logClientError: jest.fn(), setTelemetryUser: jest.fn() }));

const SOURCE_ID = 'job-source';
const UPSCALE_ID = 'job-upscaled';
const OUTPUT = {
  videoKey: 'users/u/jobs/job-source/video.mp4',
  thumbnailKey: 'users/u/jobs/job-source/thumbnail.jpg',
  contentType: 'video/mp4',
  durationSeconds: 5,
  width: 720,
  height: 1280,
  sizeBytes: 1000,
};
const SOURCE = makeJobView(SOURCE_ID, {
  status: 'COMPLETED',
  progress: 100,
  aspectRatio: '9:16',
  width: 720,
  height: 1280,
  completedAt: '2025-03-01T10:01:00.000Z',
  output: OUTPUT,
});
const UPSCALED = makeJobView(UPSCALE_ID, {
  kind: 'upscale',
  sourceJobId: SOURCE_ID,
  status: 'PENDING',
  quality: 'Pro',
  aspectRatio: '9:16',
  width: 1080,
  height: 1920,
  cost: 10,
});

const OFFER: UpscaleQuote = {
  sourceJobId: SOURCE_ID,
  available: true,
  refusal: null,
  detail: null,
  quality: 'Pro',
  width: 1080,
  height: 1920,
  resolution: '1080p',
  cost: 10,
  maxResolution: '1080p',
  requiredPlan: null,
};

let server: FakeServer;
let quote: UpscaleQuote;
const jobs: Record<string, JobView> = { [SOURCE_ID]: SOURCE, [UPSCALE_ID]: UPSCALED };

function renderJob(id: string) {
  const user = userEvent.setup();
  renderCommercePage(
    <Routes>
      <Route path="/jobs/:id" element={<JobPage />} />
    </Routes>,
    `/jobs/${id}`,
  );
  return { user };
}

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  await act(() => setLanguage('en'));
  resetCircuitBreakers();
  resetJobs();
  resetQueueForecasts();
  clearToasts();
  clearTopBar();
  document.cookie = 'kadr_csrf=csrf-1; path=/';
  quote = OFFER;
  server = installFakeServer();
  server.handle((request) => {
    const job = /^\/bff\/platform\/jobs\/([^/]+)$/.exec(request.path)?.[1];
    if (job && jobs[job]) return answer.json(200, { data: jobs[job] });
    if (request.path === `/bff/platform/jobs/${SOURCE_ID}/upscale`) {
      if (request.method === 'GET') return answer.json(200, { data: quote });
      const created: CreateJobResponse = {
        id: UPSCALE_ID,
        status: 'PENDING',
        progress: 0,
        createdAt: UPSCALED.createdAt,
        cost: 10,
      };
      return answer.json(202, created);
    }
    if (request.path === '/bff/platform/api/ai-models/grouped') return answer.json(200, groupedModels(LOCAL_MODEL));
    return answer.problem(404, 'not_found');
  });
});

afterEach(() => {
  server.restore();
  document.cookie = 'kadr_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('Upscale on the job page', () => {
  it('offers the next frame up with its price, asks first, then opens the new job’s page', async () => {
    const { user } = renderJob(SOURCE_ID);
    // The visible text is the accessible name (no aria-label hiding the price).
    const button = await screen.findByRole('button', { name: 'Upscale to 1080×1920 — 10 credits' });
    await user.click(button);
    const dialog = await screen.findByRole('alertdialog', { name: 'Upscale this video to 1080×1920?' });
    expect(dialog).toHaveTextContent('It costs 10 credits');
    // Nothing is sent before the confirmation.
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Upscale for 10 credits' }));

    // The new job's own page: what it is made from, and its receipt says it is an upscale.
    const settings = await screen.findByRole('region', { name: 'Settings' });
    expect(await within(settings).findByRole('link', { name: 'Original video' })).toHaveAttribute(
      'href',
      `/jobs/${SOURCE_ID}`,
    );
    expect(within(screen.getByRole('region', { name: 'Receipt' })).getByText('Upscale to 1080×1920')).toBeVisible();
    const posts = server.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers['idempotency-key']).toEqual(expect.any(String));
  });

  it('says why there is no step up: at the top, or above the plan’s cap with the plan that lifts it', async () => {
    quote = {
      ...OFFER,
      available: false,
      refusal: 'plan_cap',
      detail: 'above',
      maxResolution: '720p',
      requiredPlan: 'pro',
    };
    renderJob(SOURCE_ID);
    expect(
      await screen.findByText(/Upscaling to 1080×1920 is above your plan’s 720p cap: the Pro plan lifts it\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscription');
    expect(screen.queryByRole('button', { name: /^Upscale to/ })).not.toBeInTheDocument();
  });

  it('at the top of the ladder, and in Polish', async () => {
    quote = { ...OFFER, available: false, refusal: 'top', quality: null, width: null, height: null, cost: null };
    await act(() => setLanguage('pl'));
    renderJob(SOURCE_ID);
    expect(await screen.findByText('Ten film ma już najwyższą rozdzielczość.')).toBeInTheDocument();
  });

  it('offers it in Polish with the same price', async () => {
    await act(() => setLanguage('pl'));
    renderJob(SOURCE_ID);
    expect(await screen.findByRole('button', { name: /^Powiększ do 1080×1920 — 10/ })).toBeInTheDocument();
  });
});
