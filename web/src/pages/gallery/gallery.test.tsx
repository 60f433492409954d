import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GalleryItem, GalleryPageResponse } from '@kadr/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApiError } from '../../api/api-error';
import { deleteVideo, getGallery, getGroupedModels, setFavourite } from '../../api/endpoints';
import { GALLERY_PAGE_SIZE, GALLERY_REFRESH_DELAYS_MS } from '../../config/constants';
import { useFlag } from '../../flags';
import { formatDateTime } from '../../i18n/format';
import { initI18n, setLanguage } from '../../i18n/i18n';
import GalleryPage from './index';

jest.mock('../../api/endpoints', () => ({
  getGallery: jest.fn(),
  getGroupedModels: jest.fn(() => Promise.resolve({ data: [] })),
  setFavourite: jest.fn(),
  deleteVideo: jest.fn(),
  getVideoStream: jest.fn(),
  getThumbnail: jest.fn(),
}));
jest.mock('../../telemetry', () => ({ logClientError: jest.fn() }));
jest.mock('../../flags', () => ({
  FLAG_KEYS: { galleryDebugIds: 'gallery.debugIds' },
  useFlag: jest.fn(() => ({ enabled: false, variant: null })),
}));
jest.mock('../../live', () => {
  const listeners = new Set<(job: unknown) => void>();
  return {
    onJobCompleted: jest.fn((listener: (job: unknown) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }),
    /** Test hook: what the live store does when the stream says `completed`. */
    completeJob: (id: string) => {
      for (const listener of [...listeners]) listener({ id, status: 'COMPLETED', progress: 100, createdAt: null });
    },
    listenerCount: () => listeners.size,
  };
});

const live = jest.requireMock<{ completeJob: (id: string) => void; listenerCount: () => number }>('../../live');
const videosCall = jest.mocked(getGallery);
const favouriteCall = jest.mocked(setFavourite);
const deleteCall = jest.mocked(deleteVideo);
const modelsCall = jest.mocked(getGroupedModels);
const flag = jest.mocked(useFlag);

const AT = '2025-03-01T10:00:00.000Z';

function item(index: number, patch: Partial<GalleryItem> = {}): GalleryItem {
  return {
    id: `media-${index}`,
    jobId: `job-${index}`,
    createdAt: AT,
    filename: `video-job-${index}.mp4`,
    type: 'video/mp4',
    url: `/video/job-${index}`,
    thumbnailUrl: `/thumbs/job-${index}`,
    durationSeconds: 5,
    width: 1280,
    height: 720,
    sizeBytes: 1_000_000,
    prompt: `prompt ${index}`,
    modelId: 'kadr-motion-v1',
    status: 'COMPLETED',
    progress: 100,
    favourite: false,
    kind: 'generate',
    ...patch,
  };
}

function pageOf(
  items: GalleryItem[],
  options: { page?: number; total?: number; hasNext?: boolean } = {},
): GalleryPageResponse {
  return {
    data: items,
    pagination: {
      page: options.page ?? 1,
      limit: GALLERY_PAGE_SIZE,
      total: options.total ?? items.length,
      hasNext: options.hasNext ?? false,
    },
  };
}

/** A promise the test settles when it wants (the list "loading" until then). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderGallery(path = '/gallery') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const router = createMemoryRouter(
    [
      { path: '/gallery', element: <GalleryPage /> },
      { path: '/generate', element: <p>generator</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  return { router, user, queryClient, ...view };
}

const prev = () => screen.getByRole('button', { name: 'Prev' });
const next = () => screen.getByRole('button', { name: 'Next' });
/** The card's date as the current language writes it (read after i18n has started). */
const dateText = () => formatDateTime(AT);

async function advance(ms: number) {
  // eslint-disable-next-line @typescript-eslint/require-await -- async act: React also flushes the updates the timers' promises queue
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  jest.useFakeTimers();
  videosCall.mockReset();
  flag.mockReturnValue({ enabled: false, variant: null });
  await act(() => setLanguage('en'));
});

afterEach(() => {
  jest.useRealTimers();
});

describe('GalleryPage: the list', () => {
  it('shows the count of found items and a card per video with its date and Play button', async () => {
    videosCall.mockResolvedValue(pageOf([item(1), item(2), item(3)], { total: 27, hasNext: true }));
    renderGallery();
    expect(await screen.findByText('27 videos found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My videos' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Videos' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getAllByRole('button', { name: `Play video from ${dateText()}` })).toHaveLength(3);
    expect(within(list).getAllByText(dateText())[0]).toHaveAttribute('dateTime', AT);
    expect(videosCall).toHaveBeenCalledWith(
      expect.objectContaining({ page: 1, limit: GALLERY_PAGE_SIZE }),
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    expect(document.title).toBe('My videos — Kadr');
  });

  it('says "1 video found" for one', async () => {
    videosCall.mockResolvedValue(pageOf([item(1)]));
    renderGallery();
    expect(await screen.findByText('1 video found')).toBeInTheDocument();
  });

  it('shows the duration and resolution chips of an item that has them, a 16/9 lazy thumbnail', async () => {
    videosCall.mockResolvedValue(pageOf([item(1, { durationSeconds: 65, width: 1920, height: 1080 })]));
    const { container } = renderGallery();
    await screen.findByText('1 video found');
    expect(screen.getByText('1:05')).toBeInTheDocument();
    expect(screen.getByText('1080p')).toBeInTheDocument();
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/thumbs/job-1');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img.parentElement).toHaveStyle({ aspectRatio: '16 / 9' });
  });

  it('says "Upscaled" on the card of an upscale, and nothing of the kind on a generation', async () => {
    videosCall.mockResolvedValue(pageOf([item(1, { kind: 'upscale', width: 1080, height: 1920 }), item(2)]));
    renderGallery();
    await screen.findByText('2 videos found');
    expect(screen.getAllByText('Upscaled')).toHaveLength(1);
  });

  it('says "No videos yet." with a way to /generate when there are none', async () => {
    videosCall.mockResolvedValue(pageOf([]));
    renderGallery();
    expect(await screen.findByText('No videos yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Generate a video' })).toHaveAttribute('href', '/generate');
    expect(screen.getByText('0 videos found')).toBeInTheDocument();
  });

  it('shows a spinner while loading, with Prev and Next disabled', async () => {
    const answer = deferred<GalleryPageResponse>();
    videosCall.mockReturnValue(answer.promise);
    renderGallery();
    expect(screen.getByRole('status')).toHaveTextContent('Loading videos…');
    expect(prev()).toBeDisabled();
    expect(next()).toBeDisabled();
    // eslint-disable-next-line @typescript-eslint/require-await -- async act: React also flushes the updates the resolved promise queues
    await act(async () => answer.resolve(pageOf([item(1)], { hasNext: true, total: 13 })));
    await waitFor(() => expect(screen.queryByText('Loading videos…')).not.toBeInTheDocument());
    expect(next()).toBeEnabled();
  });

  it('shows "Failed to load videos" with Retry when the list (and its fallback) failed', async () => {
    videosCall.mockRejectedValueOnce(
      new ApiError({ reason: 'service_unavailable', status: 503, title: 'Unavailable', message: 'Unavailable' }),
    );
    videosCall.mockResolvedValueOnce(pageOf([item(1)]));
    const { user } = renderGallery();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load videos');
    expect(videosCall).toHaveBeenCalledTimes(1); // getGallery carries the retries and the direct GET itself
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 video found')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('GalleryPage: pages', () => {
  it('disables Prev on page 1; Next follows hasNext and moves the URL to ?page=2', async () => {
    const secondPage = deferred<GalleryPageResponse>();
    videosCall.mockImplementation((request) =>
      request.page === 1 ? Promise.resolve(pageOf([item(1)], { total: 13, hasNext: true })) : secondPage.promise,
    );
    const { router, user } = renderGallery();
    await screen.findByText('13 videos found');
    expect(prev()).toBeDisabled();
    expect(next()).toBeEnabled();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(next());
    expect(router.state.location.search).toBe('?page=2');
    expect(videosCall).toHaveBeenLastCalledWith(
      expect.objectContaining({ page: 2, limit: GALLERY_PAGE_SIZE }),
      expect.anything(),
    );
    // Loading page 2: both off.
    expect(prev()).toBeDisabled();
    expect(next()).toBeDisabled();

    // eslint-disable-next-line @typescript-eslint/require-await -- async act: React also flushes the updates the resolved promise queues
    await act(async () => secondPage.resolve(pageOf([item(13)], { page: 2, total: 13, hasNext: false })));
    await waitFor(() => expect(prev()).toBeEnabled());
    expect(next()).toBeDisabled();

    await user.click(prev());
    expect(router.state.location.search).toBe('');
    await screen.findByText('Page 1 of 2');
  });

  it('opens the page the URL names (/gallery?page=2 after the sign-in redirect)', async () => {
    videosCall.mockResolvedValue(pageOf([item(13)], { page: 2, total: 13 }));
    renderGallery('/gallery?page=2');
    await screen.findByText('Page 2 of 2');
    expect(videosCall).toHaveBeenCalledWith(
      expect.objectContaining({ page: 2, limit: GALLERY_PAGE_SIZE }),
      expect.anything(),
    );
    expect(prev()).toBeEnabled();
    expect(next()).toBeDisabled();
  });

  it('treats a nonsense page parameter as page 1', async () => {
    videosCall.mockResolvedValue(pageOf([item(1)]));
    renderGallery('/gallery?page=abc');
    await screen.findByText('1 video found');
    expect(videosCall).toHaveBeenCalledWith(
      expect.objectContaining({ page: 1, limit: GALLERY_PAGE_SIZE }),
      expect.anything(),
    );
  });

  it('offers the first page when a page past the end is empty', async () => {
    videosCall.mockResolvedValue(pageOf([], { page: 9, total: 13 }));
    renderGallery('/gallery?page=9');
    expect(await screen.findByText('Nothing on this page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/gallery');
    expect(screen.queryByText('No videos yet.')).not.toBeInTheDocument();
  });

  it('keeps the search and filters on the way back to the first page', async () => {
    videosCall.mockResolvedValue(pageOf([], { page: 9, total: 13 }));
    renderGallery('/gallery?q=fox&sort=oldest&page=9');
    expect(await screen.findByRole('link', { name: 'Go to the first page' })).toHaveAttribute(
      'href',
      '/gallery?q=fox&sort=oldest',
    );
  });
});

describe('GalleryPage: debug ids', () => {
  it('is not there without the gallery.debugIds flag', async () => {
    videosCall.mockResolvedValue(pageOf([item(1)]));
    const { container } = renderGallery();
    await screen.findByText('1 video found');
    expect(flag).toHaveBeenCalledWith('gallery.debugIds');
    expect(container.querySelector('details')).toBeNull();
  });

  it('lists the page’s job and media ids in a collapsible list with the flag on', async () => {
    flag.mockReturnValue({ enabled: true, variant: null });
    videosCall.mockResolvedValue(pageOf([item(1), item(2)]));
    const { container, user } = renderGallery();
    await screen.findByText('2 videos found');
    const details = container.querySelector('details')!;
    expect(details).not.toHaveAttribute('open');
    await user.click(screen.getByText('Debug: ids on this page (2)'));
    expect(details).toHaveAttribute('open');
    expect(within(details).getByText('job-1')).toBeInTheDocument();
    expect(within(details).getByText('media-2')).toBeInTheDocument();
  });
});

describe('GalleryPage: the player', () => {
  it('Play opens the player on /video/{jobId}; Escape closes it and focus returns to Play', async () => {
    videosCall.mockResolvedValue(pageOf([item(1)]));
    const { user } = renderGallery();
    const play = await screen.findByRole('button', { name: `Play video from ${dateText()}` });
    await user.click(play);
    const dialog = screen.getByRole('dialog', { name: `Video from ${dateText()}` });
    expect(within(dialog).getByText('Loading…')).toBeInTheDocument();
    expect(dialog.querySelector('video')).toHaveAttribute('src', '/video/job-1');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(play).toHaveFocus();
  });

  it('closes on a click on the backdrop', async () => {
    videosCall.mockResolvedValue(pageOf([item(1)]));
    const { user } = renderGallery();
    await user.click(await screen.findByRole('button', { name: `Play video from ${dateText()}` }));
    const backdrop = document.querySelector('.ui-overlay')!;
    fireEvent.pointerDown(backdrop);
    fireEvent.click(backdrop);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('GalleryPage: refresh on completion', () => {
  it('puts a placeholder in front at once and reloads at once, after 0.8 s and after 2.5 s', async () => {
    expect(GALLERY_REFRESH_DELAYS_MS).toEqual([0, 800, 2_500]);
    videosCall.mockResolvedValue(pageOf([item(1)]));
    renderGallery();
    await screen.findByText('1 video found');
    expect(videosCall).toHaveBeenCalledTimes(1);

    act(() => live.completeJob('job-new'));
    const cards = within(screen.getByRole('list', { name: 'Videos' })).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('video-job-new.mp4');
    expect(cards[0]).toHaveTextContent('Processing…');
    expect(cards[0]).toHaveTextContent('Finishing');
    expect(within(cards[0]!).queryByRole('button')).not.toBeInTheDocument(); // nothing to play yet
    expect(cards[0]!.querySelector('img')).toBeNull(); // and nothing requested for it
    expect(videosCall).toHaveBeenCalledTimes(2); // at once, with no time passing

    await advance(799);
    expect(videosCall).toHaveBeenCalledTimes(2);
    await advance(1);
    expect(videosCall).toHaveBeenCalledTimes(3); // 0.8 s

    await advance(2_500 - 800 - 1);
    expect(videosCall).toHaveBeenCalledTimes(3);
    await advance(1);
    expect(videosCall).toHaveBeenCalledTimes(4); // 2.5 s

    await advance(10_000);
    expect(videosCall).toHaveBeenCalledTimes(4);
  });

  it('drops the placeholder once the real item arrives', async () => {
    videosCall.mockResolvedValueOnce(pageOf([item(1)]));
    videosCall.mockResolvedValue(pageOf([item(9, { jobId: 'job-new', filename: 'clip.mp4' }), item(1)]));
    renderGallery();
    await screen.findByText('1 video found');
    act(() => live.completeJob('job-new'));
    expect(screen.getByText('video-job-new.mp4')).toBeInTheDocument();
    expect(await screen.findByText('2 videos found')).toBeInTheDocument();
    expect(screen.queryByText('video-job-new.mp4')).not.toBeInTheDocument();
    expect(screen.queryByText('Processing…')).not.toBeInTheDocument();
    expect(screen.getByText('clip.mp4')).toBeInTheDocument();
  });

  it('adds no placeholder for a job the page already lists, but still reloads', async () => {
    videosCall.mockResolvedValue(pageOf([item(1)]));
    renderGallery();
    await screen.findByText('1 video found');
    act(() => live.completeJob('job-1'));
    expect(screen.queryByText('Processing…')).not.toBeInTheDocument();
    await waitFor(() => expect(videosCall).toHaveBeenCalledTimes(2));
  });

  it('shows placeholders even when the list was empty', async () => {
    videosCall.mockResolvedValue(pageOf([]));
    renderGallery();
    await screen.findByText('No videos yet.');
    act(() => live.completeJob('job-new'));
    expect(screen.getByText('video-job-new.mp4')).toBeInTheDocument();
    expect(screen.queryByText('No videos yet.')).not.toBeInTheDocument();
  });

  it('clears its timers and unsubscribes when the page goes', async () => {
    videosCall.mockResolvedValue(pageOf([item(1)]));
    const { unmount } = renderGallery();
    await screen.findByText('1 video found');
    act(() => live.completeJob('job-new'));
    await waitFor(() => expect(videosCall).toHaveBeenCalledTimes(2));
    unmount();
    expect(live.listenerCount()).toBe(0);
    await advance(5_000);
    expect(videosCall).toHaveBeenCalledTimes(2);
  });
});

describe('GalleryPage in Polish', () => {
  it('counts with Polish plural forms and says the empty text in Polish', async () => {
    await act(() => setLanguage('pl'));
    videosCall.mockResolvedValueOnce(pageOf([item(1), item(2), item(3)]));
    const first = renderGallery();
    expect(await screen.findByText('Znaleziono 3 filmy')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Poprzednia' })).toBeDisabled();
    first.unmount();

    videosCall.mockResolvedValueOnce(pageOf([], { total: 0 }));
    renderGallery();
    expect(await screen.findByText('Nie masz jeszcze filmów.')).toBeInTheDocument();
  });
});

describe('GalleryPage: search, filters and sort in the URL', () => {
  beforeEach(() => {
    modelsCall.mockResolvedValue({
      data: [
        {
          provider: 'local',
          models: [{ id: 'kadr-motion-v1', name: 'Kadr Motion' } as never],
        },
      ],
    });
  });

  it('applies every control at once: one URL, page 1 again, the request carries them', async () => {
    videosCall.mockResolvedValue(pageOf([item(1)], { total: 30, hasNext: true }));
    const { router, user } = renderGallery('/gallery?page=3');
    await screen.findByText('30 videos found');
    await user.type(screen.getByRole('searchbox', { name: 'Search prompts' }), '  Red fox ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'FAILED');
    await screen.findByRole('option', { name: 'Kadr Motion' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'kadr-motion-v1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Frame' }), '1:1');
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Created until'), { target: { value: '2026-03-31' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'oldest');
    await user.click(screen.getByRole('checkbox', { name: 'Favourites only' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(router.state.location.search).toBe(
      '?q=Red+fox&status=FAILED&model=kadr-motion-v1&aspect=1%3A1&from=2026-03-01&to=2026-03-31&sort=oldest&favourites=1',
    );
    await waitFor(() =>
      expect(videosCall).toHaveBeenLastCalledWith(
        expect.objectContaining({
          page: 1,
          q: 'Red fox',
          status: 'FAILED',
          model: 'kadr-motion-v1',
          aspect: '1:1',
          from: new Date(2026, 2, 1).toISOString(),
          to: new Date(2026, 3, 1).toISOString(),
          sort: 'oldest',
          favourites: true,
        }),
        expect.anything(),
      ),
    );
  });

  it('opens a bookmarked view with its form filled, and Back / Forward step between views', async () => {
    videosCall.mockResolvedValue(pageOf([item(1)]));
    const { router, user } = renderGallery('/gallery?q=fox&status=PENDING');
    await screen.findByText('1 video found');
    expect(screen.getByRole('searchbox', { name: 'Search prompts' })).toHaveValue('fox');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('PENDING');
    expect(videosCall).toHaveBeenCalledWith(
      expect.objectContaining({ q: 'fox', status: 'PENDING' }),
      expect.anything(),
    );

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search prompts' })).toHaveValue(''));

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?q=fox&status=PENDING');
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search prompts' })).toHaveValue('fox'));
    await act(() => router.navigate(1));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue(''));
  });

  it('refuses an end day before the start day, naming it on the end field', async () => {
    videosCall.mockResolvedValue(pageOf([item(1)]));
    const { router, user } = renderGallery();
    await screen.findByText('1 video found');
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByLabelText('Created until'), { target: { value: '2026-03-01' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('The end cannot be before the start.')).toBeInTheDocument();
    expect(screen.getByLabelText('Created until')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.search).toBe('');
  });

  it('says so when a search finds nothing, with a way to clear it (not "No videos yet.")', async () => {
    videosCall.mockResolvedValue(pageOf([], { total: 0 }));
    const { router, user } = renderGallery('/gallery?q=nothing');
    expect(await screen.findByText('No videos match this search.')).toBeInTheDocument();
    expect(screen.queryByText('No videos yet.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the search and filters' }));
    expect(router.state.location.search).toBe('');
  });

  it('shows a job under way with its status: no Play, no Delete, but a star', async () => {
    videosCall.mockResolvedValue(pageOf([item(1, { status: 'PROCESSING', progress: 40 })]));
    renderGallery();
    const card = (await screen.findAllByRole('listitem'))[0]!;
    expect(within(card).getByText('Generating')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Play video/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Delete video/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add to favourites' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('each card links to the generator filled in with its settings ("Use settings")', async () => {
    videosCall.mockResolvedValue(pageOf([item(1, { status: 'FAILED' })]));
    renderGallery();
    const card = (await screen.findAllByRole('listitem'))[0]!;
    const remix = within(card).getByRole('link', { name: /^Use settings of the video from .+ for a new video$/ });
    expect(remix).toHaveTextContent('Use settings');
    expect(remix.getAttribute('href')).toMatch(/^\/generate\?remix=/);
  });

  it('labels the controls in Polish', async () => {
    await act(() => setLanguage('pl'));
    videosCall.mockResolvedValue(pageOf([item(1)]));
    renderGallery();
    expect(await screen.findByRole('searchbox', { name: 'Szukaj w opisach' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zastosuj' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Dodaj do ulubionych' })).toBeInTheDocument();
  });
});

describe('GalleryPage: stars and deleting', () => {
  it('the star toggles at once, is saved on the server, and goes back when the server refuses', async () => {
    videosCall.mockResolvedValue(pageOf([item(1)]));
    favouriteCall.mockResolvedValueOnce({ data: { jobId: 'job-1', favourite: true } });
    const { user } = renderGallery();
    await user.click(await screen.findByRole('button', { name: 'Add to favourites' }));
    expect(screen.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute('aria-pressed', 'true');
    expect(favouriteCall).toHaveBeenCalledWith('job-1', true, expect.any(String));

    favouriteCall.mockRejectedValueOnce(
      new ApiError({ reason: 'service_unavailable', status: 503, title: 'Unavailable', message: 'Unavailable' }),
    );
    await user.click(screen.getByRole('button', { name: 'Remove from favourites' }));
    expect(favouriteCall).toHaveBeenLastCalledWith('job-1', false, expect.any(String));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute('aria-pressed', 'true'),
    );
  });

  it('Delete asks first (focus on Cancel); Cancel keeps the video, Delete video deletes it and reads the list again', async () => {
    videosCall.mockResolvedValue(pageOf([item(1)]));
    deleteCall.mockResolvedValue(undefined);
    const { user } = renderGallery();
    await user.click(await screen.findByRole('button', { name: `Delete video from ${dateText()}` }));
    let dialog = screen.getByRole('alertdialog', { name: 'Delete this video?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleteCall).not.toHaveBeenCalled();

    const callsBefore = videosCall.mock.calls.length;
    await user.click(screen.getByRole('button', { name: `Delete video from ${dateText()}` }));
    dialog = screen.getByRole('alertdialog', { name: 'Delete this video?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete video' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deleteCall).toHaveBeenCalledWith('job-1', expect.any(String));
    await waitFor(() => expect(videosCall.mock.calls.length).toBeGreaterThan(callsBefore));
  });
});
