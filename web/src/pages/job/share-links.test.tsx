import type { ShareLinkView } from '@kadr/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
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

const JOB_ID = 'job-1';
const JOB_PATH = `/bff/platform/jobs/${JOB_ID}`;
const SHARES_PATH = `/bff/platform/api/media/videos/${JOB_ID}/shares`;
const TOKEN = 'T'.repeat(43);

function link(id: string, patch: Partial<ShareLinkView> = {}): ShareLinkView {
  return {
    id,
    jobId: JOB_ID,
    token: TOKEN,
    path: `/v/${TOKEN}`,
    label: 'For the team',
    createdAt: '2026-03-01T10:00:00.000Z',
    expiresAt: null,
    revokedAt: null,
    hidePrompt: false,
    allowIndexing: false,
    shownAs: null,
    views: 3,
    state: 'active',
    ...patch,
  };
}

let server: FakeServer;
let links: ShareLinkView[];
let createAnswer: () => ReturnType<typeof answer.json>;

const requestsTo = (path: string, method = 'POST') =>
  server.requests.filter((request) => request.path === path && request.method === method);

function renderJob(status: 'COMPLETED' | 'PROCESSING' = 'COMPLETED') {
  const completedAt = status === 'COMPLETED' ? '2026-03-01T10:00:00.000Z' : null;
  server.handle((request) => {
    if (request.path === JOB_PATH) {
      return answer.json(200, { data: makeJobView(JOB_ID, { status, progress: 100, completedAt }) });
    }
    if (request.path === '/bff/platform/api/ai-models/grouped') return answer.json(200, groupedModels(LOCAL_MODEL));
    if (request.path === SHARES_PATH && request.method === 'GET') return answer.json(200, { data: links });
    if (request.path === SHARES_PATH && request.method === 'POST') return createAnswer();
    if (request.path === `${SHARES_PATH}/link-1/revoke`) {
      links = links.map((l) => (l.id === 'link-1' ? { ...l, state: 'revoked', revokedAt: '2026-03-02T10:00:00Z' } : l));
      return answer.json(200, { data: links[0] });
    }
    return answer.problem(404, 'not_found');
  });
  const user = userEvent.setup();
  renderCommercePage(
    <Routes>
      <Route path="/jobs/:id" element={<JobPage />} />
    </Routes>,
    `/jobs/${JOB_ID}`,
  );
  return { user };
}

const shareRegion = () => screen.findByRole('region', { name: 'Share' });

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
  links = [link('link-1')];
  createAnswer = () => {
    const made = link('link-2', { label: 'Friends', views: 0 });
    links = [made, ...links];
    return answer.json(201, { data: made });
  };
});

afterEach(() => {
  server.restore();
  document.cookie = 'kadr_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('the job page’s Share section', () => {
  it('lists the links of a finished video with their view counts and full address', async () => {
    renderJob();
    const region = await shareRegion();
    const item = (await within(region).findByText('For the team')).closest('li')!;
    expect(within(item).getByText(/3 views/)).toBeInTheDocument();
    expect(within(item).getByText('Active')).toBeInTheDocument();
    expect(within(item).getByText(`http://localhost/v/${TOKEN}`)).toBeInTheDocument();
    // Each action's accessible name starts with its visible text and names the link.
    expect(within(item).getByRole('button', { name: 'Copy link “For the team”' })).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Open link “For the team”' })).toHaveAttribute('href', `/v/${TOKEN}`);
  });

  it('has no axe violations (labels, names that contain the visible text) with a link listed', async () => {
    renderJob();
    const region = await shareRegion();
    await within(region).findByText('For the team');
    // jsdom has no layout: contrast is the browser journeys' to check.
    const results = await axe.run(region, {
      rules: { 'color-contrast': { enabled: false }, 'label-content-name-mismatch': { enabled: true } },
    });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('is not offered while the video is being made', async () => {
    renderJob('PROCESSING');
    await screen.findByRole('region', { name: 'Settings' });
    expect(screen.queryByRole('region', { name: 'Share' })).not.toBeInTheDocument();
    expect(requestsTo(SHARES_PATH, 'GET')).toHaveLength(0);
  });

  it('creates a link with the chosen options, an Idempotency-Key and the CSRF token, then lists it', async () => {
    const { user } = renderJob();
    const region = await shareRegion();
    await user.type(within(region).getByLabelText('Label (only you see it)'), 'Friends');
    await user.type(within(region).getByLabelText('Shown as (optional)'), 'Ala');
    await user.selectOptions(within(region).getByLabelText('Expires'), 'In 7 days');
    await user.click(within(region).getByLabelText('Hide the prompt'));
    await user.click(within(region).getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(requestsTo(SHARES_PATH)).toHaveLength(1));
    const [sent] = requestsTo(SHARES_PATH);
    expect(sent?.body).toEqual({
      label: 'Friends',
      shownAs: 'Ala',
      expiresInDays: 7,
      hidePrompt: true,
      allowIndexing: false,
    });
    expect(sent?.headers['idempotency-key']).toBeTruthy();
    expect(sent?.headers['x-csrf-token']).toBe('csrf-1');
    expect(await within(region).findByText('Friends')).toBeInTheDocument();
  });

  it('shows the server’s field errors next to the fields', async () => {
    createAnswer = () =>
      answer.problem(400, 'validation', { errors: { label: 'The label must be at most 80 characters.' } });
    const { user } = renderJob();
    const region = await shareRegion();
    await user.click(within(region).getByRole('button', { name: 'Create link' }));
    expect(await within(region).findByText('The label must be at most 80 characters.')).toBeInTheDocument();
    expect(within(region).getByLabelText('Label (only you see it)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('revokes a link only after the confirmation, then shows it revoked', async () => {
    const { user } = renderJob();
    const region = await shareRegion();
    await user.click(await within(region).findByRole('button', { name: 'Revoke link “For the team”' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Revoke this link?')).toBeInTheDocument();
    expect(requestsTo(`${SHARES_PATH}/link-1/revoke`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(requestsTo(`${SHARES_PATH}/link-1/revoke`)).toHaveLength(1));
    expect(await within(region).findByText('Revoked')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: /^Revoke link/ })).not.toBeInTheDocument();
  });

  it('speaks Polish', async () => {
    await act(() => setLanguage('pl'));
    renderJob();
    const region = await screen.findByRole('region', { name: 'Udostępnianie' });
    expect(await within(region).findByText(/^3 wyświetlenia · /)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Utwórz link' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Unieważnij link „For the team”' })).toBeInTheDocument();
  });
});
