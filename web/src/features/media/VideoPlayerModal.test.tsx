import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ApiError } from '../../api/api-error';
import { getVideoStream } from '../../api/endpoints';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { logClientError } from '../../telemetry';
import type { GalleryVideo } from './media-item';
import { VideoPlayerModal } from './VideoPlayerModal';

jest.mock('../../api/endpoints', () => ({ getThumbnail: jest.fn(), getVideoStream: jest.fn() }));
jest.mock('../../telemetry', () => ({ logClientError: jest.fn() }));
jest.mock('../../live', () => ({ onJobCompleted: jest.fn(() => () => undefined) }));

const lookup = jest.mocked(getVideoStream);
const logged = jest.mocked(logClientError);

const VIDEO: GalleryVideo = {
  id: 'media-1',
  jobId: 'job-1',
  createdAt: '2025-03-01T10:00:00.000Z',
  filename: 'video-job-1.mp4',
  url: '/video/job-1',
  thumbnailUrl: '/thumbs/job-1',
};

function Harness({ video = VIDEO }: { video?: GalleryVideo }) {
  const [playing, setPlaying] = useState<GalleryVideo | null>(null);
  return (
    <>
      <button type="button" onClick={() => setPlaying(video)}>
        Play it
      </button>
      <VideoPlayerModal video={playing} onClose={() => setPlaying(null)} />
    </>
  );
}

const videoElement = () => document.querySelector('video');
const failedLookup = () =>
  new ApiError({ reason: 'service_unavailable', status: 503, title: 'Unavailable', message: 'Unavailable' });

async function settle() {
  await act(async () => {
    for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
  });
}

async function open(video?: GalleryVideo) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<Harness video={video} />);
  await user.click(screen.getByRole('button', { name: 'Play it' }));
  return user;
}

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  jest.useFakeTimers();
  lookup.mockReset();
  logged.mockReset();
  await act(() => setLanguage('en'));
});

afterEach(() => {
  jest.useRealTimers();
});

describe('VideoPlayerModal', () => {
  it('opens a titled dialog showing "Loading…" while the same-origin /video/{jobId} loads', async () => {
    await open();
    expect(screen.getByRole('dialog', { name: /^Video from / })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    const video = videoElement()!;
    expect(video).toHaveAttribute('src', '/video/job-1');
    expect(lookup).not.toHaveBeenCalled();

    fireEvent.loadedData(video);
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('hides the download control: controlsList nodownload, no download link, no context menu', async () => {
    await open();
    const video = videoElement()!;
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('controlsList', 'nodownload');
    expect(video).toHaveAttribute('disablePictureInPicture');
    expect(video).toHaveAttribute('playsInline');
    expect(video.autoplay).toBe(true);
    expect(video.muted).toBe(false);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(fireEvent.contextMenu(video)).toBe(false); // default prevented
  });

  it('falls back to the looked-up stream URL when /video/{jobId} fails', async () => {
    lookup.mockResolvedValue({ url: 'https://media.example/v.mp4?sig=abc', contentType: 'video/mp4' });
    await open();
    fireEvent.error(videoElement()!);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await settle();
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith('job-1', expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(videoElement()).toHaveAttribute('src', 'https://media.example/v.mp4?sig=abc');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    fireEvent.loadedData(videoElement()!);
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  // Issue 13: the gateway's media rate limit answers 429 with Retry-After.
  it('waits out a 429 Retry-After once and plays /video/{jobId} again before any lookup', async () => {
    const head = jest.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve({ status: 429, headers: { get: () => '2' } } as unknown as Response),
    );
    Object.defineProperty(globalThis, 'fetch', { configurable: true, writable: true, value: head });
    try {
      await open();
      fireEvent.error(videoElement()!);
      await settle();
      expect(head).toHaveBeenCalledWith('/video/job-1', expect.objectContaining({ method: 'HEAD' }));
      expect(screen.getByText('Loading…')).toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(2_000));
      expect(videoElement()).toHaveAttribute('src', '/video/job-1?retry=1');
      fireEvent.loadedData(videoElement()!);
      expect(lookup).not.toHaveBeenCalled();
      expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    } finally {
      delete (globalThis as { fetch?: unknown }).fetch;
    }
  });

  it('shows "Failed to load video URL." when the lookup fails, and Retry asks again', async () => {
    lookup.mockRejectedValueOnce(failedLookup());
    lookup.mockResolvedValueOnce({ url: 'https://media.example/v.mp4', contentType: 'video/mp4' });
    const user = await open();
    fireEvent.error(videoElement()!);
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load video URL.');
    expect(videoElement()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(lookup).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Failed to load video URL.')).not.toBeInTheDocument();
    await waitFor(() => expect(videoElement()).toHaveAttribute('src', 'https://media.example/v.mp4'));
  });

  it('shows "No URL" when the lookup has no address', async () => {
    lookup.mockResolvedValue({ url: '', contentType: 'video/mp4' });
    await open();
    fireEvent.error(videoElement()!);
    await settle();
    expect(screen.getByText('No URL')).toBeInTheDocument();
    expect(videoElement()).toBeNull();
  });

  it('shows "No URL" at once, asking nothing, for an item with no job id and no url', async () => {
    await open({ ...VIDEO, jobId: '', url: '' });
    expect(screen.getByText('No URL')).toBeInTheDocument();
    expect(videoElement()).toBeNull();
    expect(lookup).not.toHaveBeenCalled();
  });

  it('only logs a playback error of the looked-up source; it is not a failed lookup', async () => {
    lookup.mockResolvedValue({ url: 'https://media.example/v.mp4?sig=secret', contentType: 'video/mp4' });
    await open();
    fireEvent.error(videoElement()!);
    await settle();
    fireEvent.error(videoElement()!);
    await settle();
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'VideoPlaybackError' }),
      expect.objectContaining({ area: 'video-player', jobId: 'job-1', source: 'https://media.example/v.mp4' }),
    );
    expect(screen.queryByText('Failed to load video URL.')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const user = await open();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play it' })).toHaveFocus();
  });

  it('closes on a click on the backdrop', async () => {
    await open();
    const backdrop = document.querySelector('.ui-overlay')!;
    expect(backdrop).not.toBeNull();
    fireEvent.pointerDown(backdrop);
    fireEvent.click(backdrop);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    const user = await open();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks Polish', async () => {
    await act(() => setLanguage('pl'));
    lookup.mockRejectedValue(failedLookup());
    await open();
    expect(screen.getByText('Ładowanie…')).toBeInTheDocument();
    fireEvent.error(videoElement()!);
    await settle();
    expect(screen.getByText('Nie udało się wczytać adresu filmu.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spróbuj ponownie' })).toBeInTheDocument();
  });
});
