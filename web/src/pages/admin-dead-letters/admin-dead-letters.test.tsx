import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/api-error';
import {
  discardAdminDeadLetter,
  getAdminDeadLetters,
  getAdminDeadLetterTopics,
  replayAdminDeadLetter,
} from '../../api/endpoints';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { toast } from '../../notifications/toast-store';
import { deadLettersPage, deadLetterTopics, makeDeadLetter, renderAdminPage } from '../admin-shared/admin-test-kit';
import AdminDeadLettersPage from './index';

jest.mock('../../api/endpoints', () => ({
  getAdminDeadLetterTopics: jest.fn(),
  getAdminDeadLetters: jest.fn(),
  replayAdminDeadLetter: jest.fn(),
  discardAdminDeadLetter: jest.fn(),
}));
jest.mock('../../notifications/toast-store', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const mocked = {
  topics: jest.mocked(getAdminDeadLetterTopics),
  letters: jest.mocked(getAdminDeadLetters),
  replay: jest.mocked(replayAdminDeadLetter),
  discard: jest.mocked(discardAdminDeadLetter),
};

beforeAll(() => initI18n('en'));
beforeEach(() => {
  jest.clearAllMocks();
  mocked.topics.mockResolvedValue(
    deadLetterTopics({ 'job.created': [0, 0], 'job.progress': [2, 1], 'payment.completed': [0, 3] }),
  );
  mocked.letters.mockResolvedValue(deadLettersPage([makeDeadLetter(1), makeDeadLetter(2)], 0, 2));
});

const location = () => screen.getByTestId('location').textContent;
const letter = (id: string) => screen.findByRole('article', { name: `Dead letter ${id}` });

describe('Admin: Dead letters', () => {
  it('shows every topic with its pending and handled counts, and opens a topic from the table', async () => {
    renderAdminPage(<AdminDeadLettersPage />, '/admin/dead-letters');
    const table = await screen.findByRole('table', { name: 'Topics with their dead letters' });
    const row = within(table).getByRole('row', { name: /job\.progress/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '1']);
    expect(screen.getByText('Choose a topic to see its dead letters.')).toBeInTheDocument();
    expect(mocked.letters).not.toHaveBeenCalled();

    await userEvent.click(within(table).getByRole('button', { name: 'Show the dead letters of job.progress' }));
    expect(await screen.findByRole('heading', { name: 'Dead letters of job.progress' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Show the dead letters of job.progress' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(location()).toBe('/admin/dead-letters?topic=job.progress');
    expect(mocked.letters).toHaveBeenCalledWith(
      'job.progress',
      { skip: 0, take: 50, status: 'pending' },
      expect.anything(),
    );
    expect(await screen.findAllByRole('article')).toHaveLength(2);
  });

  it('shows a dead letter’s time, error, attempts, key, event id, and folds out its decoded event and headers', async () => {
    renderAdminPage(<AdminDeadLettersPage />, '/admin/dead-letters?topic=job.progress');
    const item = await letter('1-1');
    expect(within(item).getByText('TypeError: cannot read jobId of undefined')).toBeInTheDocument();
    expect(within(item).getByText('after 5 attempts')).toBeInTheDocument();
    expect(within(item).getByText('job-1')).toBeInTheDocument();
    // The event id, copyable, and again among the original headers.
    expect(within(item).getAllByText('event-1')).toHaveLength(2);
    expect(within(item).getByRole('button', { name: 'Copy event ID' })).toBeInTheDocument();
    expect(within(item).getByText('partition 1, offset 1')).toBeInTheDocument();
    expect(within(item).getByText('Pending')).toBeInTheDocument();
    expect(item.querySelector('time')).toHaveAttribute('dateTime', '2025-03-01T10:00:00.000Z');

    const payload = within(item).getByText('Decoded event');
    const json = within(item).getByText(/"jobProgress"/);
    expect(json).not.toBeVisible();
    await userEvent.click(payload);
    expect(json).toBeVisible();
    expect(JSON.parse(json.textContent ?? '')).toEqual(makeDeadLetter(1).payload);

    await userEvent.click(within(item).getByText('Original headers (3)'));
    expect(within(item).getByText('correlation-id')).toBeVisible();
    expect(within(item).getByText('corr-1')).toBeVisible();
  });

  it('says why a value that is no event was not decoded, and shows it raw', async () => {
    mocked.letters.mockResolvedValue(
      deadLettersPage(
        [makeDeadLetter(3, { payload: null, eventId: null, decodeError: 'premature EOF', value: '////' })],
        0,
        1,
      ),
    );
    renderAdminPage(<AdminDeadLettersPage />, '/admin/dead-letters?topic=job.progress');
    const item = await letter('1-3');
    expect(
      within(item).getByText('The value is not an event this version can decode (premature EOF). Raw value, base64:'),
    ).toBeInTheDocument();
    expect(within(item).getByText('////')).toBeInTheDocument();
  });

  it('replays after confirmation, says so, and refreshes the counts and the list', async () => {
    mocked.replay.mockResolvedValue({
      data: makeDeadLetter(1, {
        handling: { action: 'replayed', by: 'admin-1', at: '2025-03-01T11:00:00.000Z', reason: null },
      }),
      meta: { alreadyHandled: false },
    });
    renderAdminPage(<AdminDeadLettersPage />, '/admin/dead-letters?topic=job.progress');
    await userEvent.click(within(await letter('1-1')).getByRole('button', { name: 'Replay' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Replay dead letter 1-1 of job.progress?' });
    expect(dialog).toHaveTextContent('Consumers skip an event they have already applied');
    expect(mocked.replay).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replay' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(mocked.replay).toHaveBeenCalledWith('job.progress', '1-1', expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(toast.success).toHaveBeenCalledWith('Dead letter 1-1 was published to job.progress again.');
    expect(mocked.topics).toHaveBeenCalledTimes(2);
    expect(mocked.letters).toHaveBeenCalledTimes(2);
  });

  it('tells the administrator when the dead letter had already been replayed', async () => {
    mocked.replay.mockResolvedValue({ data: makeDeadLetter(1), meta: { alreadyHandled: true } });
    renderAdminPage(<AdminDeadLettersPage />, '/admin/dead-letters?topic=job.progress');
    await userEvent.click(within(await letter('1-1')).getByRole('button', { name: 'Replay' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Replay' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Dead letter 1-1 had already been replayed: nothing was published again.',
      ),
    );
  });

  it('keeps the dialog open and shows the server’s refusal of a replay', async () => {
    mocked.replay.mockRejectedValue(
      new ApiError({
        reason: 'conflict',
        status: 409,
        title: 'Conflict',
        message: 'The request conflicts with a current state.',
        detail: 'This dead letter was discarded; it cannot be replayed.',
        correlationId: 'corr-409',
      }),
    );
    renderAdminPage(<AdminDeadLettersPage />, '/admin/dead-letters?topic=job.progress');
    await userEvent.click(within(await letter('1-1')).getByRole('button', { name: 'Replay' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Replay' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'The request conflicts with a current state. This dead letter was discarded; it cannot be replayed. (correlation ID: corr-409)',
      ),
    );
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('discards only with a reason, given in the dialog', async () => {
    mocked.discard.mockResolvedValue({
      data: makeDeadLetter(2, {
        handling: { action: 'discarded', by: 'admin-1', at: '2025-03-01T11:00:00.000Z', reason: 'poison pill' },
      }),
      meta: { alreadyHandled: false },
    });
    renderAdminPage(<AdminDeadLettersPage />, '/admin/dead-letters?topic=job.progress');
    await userEvent.click(within(await letter('1-2')).getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard dead letter 1-2 of job.progress?' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    expect(reason).toHaveAttribute('aria-required', 'true');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(await within(dialog).findByText('Give a reason for discarding it.')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(mocked.discard).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();

    await userEvent.type(reason, '  poison pill ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(mocked.discard).toHaveBeenCalledWith('job.progress', '1-2', 'poison pill', expect.any(String));
    expect(toast.success).toHaveBeenCalledWith('Dead letter 1-2 was discarded.');
  });

  it('lists handled dead letters with who did what and why, without actions', async () => {
    mocked.letters.mockResolvedValue(
      deadLettersPage(
        [
          makeDeadLetter(4, {
            handling: { action: 'discarded', by: 'admin-1', at: '2025-03-01T11:00:00.000Z', reason: 'test order' },
          }),
          makeDeadLetter(5, {
            handling: { action: 'replayed', by: 'admin-2', at: '2025-03-01T12:00:00.000Z', reason: null },
          }),
        ],
        0,
        2,
      ),
    );
    renderAdminPage(<AdminDeadLettersPage />, '/admin/dead-letters?topic=job.progress');
    await letter('1-4');
    await userEvent.click(screen.getByRole('radio', { name: 'Handled' }));
    await waitFor(() =>
      expect(mocked.letters).toHaveBeenLastCalledWith(
        'job.progress',
        { skip: 0, take: 50, status: 'handled' },
        expect.anything(),
      ),
    );
    expect(location()).toBe('/admin/dead-letters?topic=job.progress&status=handled');

    const discarded = await letter('1-4');
    expect(within(discarded).getAllByText('Discarded')).not.toHaveLength(0);
    expect(within(discarded).getByText('test order')).toBeInTheDocument();
    expect(within(discarded).getByText(/^admin-1 on /)).toBeInTheDocument();
    expect(within(discarded).queryByRole('button', { name: 'Replay' })).not.toBeInTheDocument();
    const replayed = await letter('1-5');
    expect(within(replayed).getAllByText('Replayed')).not.toHaveLength(0);
    expect(within(replayed).queryByRole('button', { name: 'Discard' })).not.toBeInTheDocument();
  });

  it('shows an empty topic, and a failed read with a retry', async () => {
    mocked.letters.mockResolvedValueOnce(deadLettersPage([], 0, 0));
    renderAdminPage(<AdminDeadLettersPage />, '/admin/dead-letters?topic=job.created');
    expect(await screen.findByText('No pending dead letters in job.created.')).toBeInTheDocument();

    mocked.topics.mockRejectedValueOnce(
      new ApiError({ reason: 'service_unavailable', status: 503, title: 'Unavailable', message: 'Try again later.' }),
    );
    const second = renderAdminPage(<AdminDeadLettersPage />, '/admin/dead-letters');
    expect(await within(second.container).findByText('Failed to read the dead letters')).toBeInTheDocument();
    await userEvent.click(within(second.container).getByRole('button', { name: 'Retry' }));
    expect(await within(second.container).findByRole('table')).toBeInTheDocument();
  });

  it('speaks Polish', async () => {
    await act(() => setLanguage('pl'));
    try {
      renderAdminPage(<AdminDeadLettersPage />, '/admin/dead-letters?topic=job.progress');
      expect(
        await screen.findByRole('heading', { name: 'Odrzucone wiadomości tematu job.progress' }),
      ).toBeInTheDocument();
      expect(await screen.findAllByRole('button', { name: 'Wyślij ponownie' })).toHaveLength(2);
      expect(screen.getAllByText('po 5 próbach')).toHaveLength(2);
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
