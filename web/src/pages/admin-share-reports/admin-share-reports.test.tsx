import type { ShareReportView, ShareReportsPage } from '@kadr/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { adminRevokeShareLink, getAdminShareReports } from '../../api/endpoints';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { toast } from '../../notifications/toast-store';
import { renderAdminPage } from '../admin-shared/admin-test-kit';
import AdminShareReportsPage from './index';

jest.mock('../../api/endpoints', () => ({ getAdminShareReports: jest.fn(), adminRevokeShareLink: jest.fn() }));
jest.mock('../../notifications/toast-store', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const mocked = { reports: jest.mocked(getAdminShareReports), revoke: jest.mocked(adminRevokeShareLink) };
const TOKEN = 'T'.repeat(43);

function report(id: string, patch: Partial<ShareReportView> = {}): ShareReportView {
  return {
    id,
    linkId: `link-${id}`,
    jobId: 'job-1',
    ownerId: 'user-1',
    reason: 'spam',
    details: 'Advertising in the prompt',
    createdAt: '2026-03-01T10:00:00.000Z',
    link: { path: `/v/${TOKEN}`, label: 'Team', state: 'active', views: 4 },
    ...patch,
  };
}
const page = (items: ShareReportView[]): ShareReportsPage => ({
  data: items,
  pagination: { skip: 0, take: 50, total: items.length },
});

beforeAll(() => initI18n('en'));
beforeEach(async () => {
  jest.clearAllMocks();
  await act(() => setLanguage('en'));
  mocked.reports.mockResolvedValue(
    page([report('r1'), report('r2', { reason: 'copyright', details: null, link: null })]),
  );
});

describe('Admin → Share reports', () => {
  it('lists the reports with reason, details, the video and the link’s state', async () => {
    renderAdminPage(<AdminShareReportsPage />, '/admin/share-reports');
    expect(await screen.findByText('Spam or misleading')).toBeInTheDocument();
    expect(screen.getByText('Advertising in the prompt')).toBeInTheDocument();
    expect(screen.getByText('Copyright infringement')).toBeInTheDocument();
    expect(screen.getByText('The link no longer exists.')).toBeInTheDocument();
    expect(screen.getByText('Link active')).toBeInTheDocument();
    expect(screen.getByText('4 views')).toBeInTheDocument();
    expect(mocked.reports).toHaveBeenCalledWith({ skip: 0, take: 50 }, expect.anything());
  });

  it('has no axe violations (names that contain the visible text)', async () => {
    const { container } = renderAdminPage(<AdminShareReportsPage />, '/admin/share-reports');
    await screen.findByText('Spam or misleading');
    const results = await axe.run(container, {
      rules: { 'color-contrast': { enabled: false }, 'label-content-name-mismatch': { enabled: true } },
    });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('revokes a reported link after the confirmation and reads the list again', async () => {
    mocked.revoke.mockResolvedValue({ data: {} as never });
    const user = userEvent.setup();
    renderAdminPage(<AdminShareReportsPage />, '/admin/share-reports');
    await user.click(await screen.findByRole('button', { name: /^Revoke link of report/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(mocked.revoke).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(mocked.revoke).toHaveBeenCalledWith('link-r1', expect.any(String)));
    expect(toast.success).toHaveBeenCalledWith('Link revoked.');
    await waitFor(() => expect(mocked.reports).toHaveBeenCalledTimes(2));
  });

  it('says when there are no reports, in Polish too', async () => {
    mocked.reports.mockResolvedValue(page([]));
    await act(() => setLanguage('pl'));
    renderAdminPage(<AdminShareReportsPage />, '/admin/share-reports');
    expect(await screen.findByText('Brak zgłoszeń.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Zgłoszenia udostępnień' })).toBeInTheDocument();
  });
});
