import { act, fireEvent, render, screen } from '@testing-library/react';
import { getThumbnail } from '../../api/endpoints';
import { ApiError } from '../../api/api-error';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { VideoThumbnail } from './VideoThumbnail';

jest.mock('../../api/endpoints', () => ({ getThumbnail: jest.fn(), getVideoStream: jest.fn() }));
jest.mock('../../telemetry', () => ({ logClientError: jest.fn() }));
jest.mock('../../live', () => ({ onJobCompleted: jest.fn(() => () => undefined) }));

const lookup = jest.mocked(getThumbnail);

function image(container: HTMLElement): HTMLImageElement | null {
  return container.querySelector('img');
}

/** Lets the lookup's promise settle and React apply its answer. */
async function settle() {
  await act(async () => {
    for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
  });
}

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  jest.useFakeTimers();
  lookup.mockReset();
  await act(() => setLanguage('en'));
});

afterEach(() => {
  jest.useRealTimers();
});

describe('VideoThumbnail: /thumbs → one lookup → "No preview"', () => {
  it('tries the same-origin /thumbs/{jobId} first, lazily, without asking the server', () => {
    const { container } = render(<VideoThumbnail jobId="job 1" />);
    const img = image(container);
    expect(img).toHaveAttribute('src', '/thumbs/job%201');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('alt', '');
    expect(lookup).not.toHaveBeenCalled();
  });

  it('on an image error asks once for a URL and shows it', async () => {
    lookup.mockResolvedValue({ url: 'https://cdn.example/t.jpg?sig=1' });
    const { container } = render(<VideoThumbnail jobId="job-1" />);
    fireEvent.error(image(container)!);
    await settle();
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith('job-1', expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(image(container)).toHaveAttribute('src', 'https://cdn.example/t.jpg?sig=1');
  });

  it('shows "No preview" when the looked-up image errors too — and never asks a second time', async () => {
    lookup.mockResolvedValue({ url: 'https://cdn.example/t.jpg' });
    const { container } = render(<VideoThumbnail jobId="job-1" />);
    fireEvent.error(image(container)!);
    await settle();
    fireEvent.error(image(container)!);
    await settle();
    expect(screen.getByText('No preview')).toBeInTheDocument();
    expect(image(container)).toBeNull();
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('shows "No preview" when the lookup fails', async () => {
    lookup.mockRejectedValue(
      new ApiError({ reason: 'not_found', status: 404, title: 'Not found', message: 'Not found' }),
    );
    const { container } = render(<VideoThumbnail jobId="job-1" />);
    fireEvent.error(image(container)!);
    await settle();
    expect(screen.getByText('No preview')).toBeInTheDocument();
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('shows "No preview" when the lookup answers without a URL', async () => {
    lookup.mockResolvedValue({ url: null });
    const { container } = render(<VideoThumbnail jobId="job-1" />);
    fireEvent.error(image(container)!);
    await settle();
    expect(screen.getByText('No preview')).toBeInTheDocument();
  });

  it('makes exactly one lookup however many errors and re-renders follow', async () => {
    lookup.mockResolvedValue({ url: '/thumbs/job-1' }); // the lookup names the same failing address
    const { container, rerender } = render(<VideoThumbnail jobId="job-1" />);
    const first = image(container)!;
    fireEvent.error(first);
    fireEvent.error(first); // a late duplicate of the same failure
    await settle();
    fireEvent.error(image(container)!);
    await settle();
    rerender(<VideoThumbnail jobId="job-1" className="again" />);
    await settle();
    expect(screen.getByText('No preview')).toBeInTheDocument();
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('starts the chain again for another job', async () => {
    lookup.mockResolvedValue({ url: null });
    const { container, rerender } = render(<VideoThumbnail jobId="job-1" />);
    fireEvent.error(image(container)!);
    await settle();
    rerender(<VideoThumbnail jobId="job-2" />);
    expect(image(container)).toHaveAttribute('src', '/thumbs/job-2');
    fireEvent.error(image(container)!);
    await settle();
    expect(lookup).toHaveBeenCalledTimes(2);
    expect(lookup).toHaveBeenLastCalledWith('job-2', expect.anything());
  });

  it('requests nothing without a job id', () => {
    const { container } = render(<VideoThumbnail jobId="" />);
    expect(image(container)).toBeNull();
    expect(screen.getByText('No preview')).toBeInTheDocument();
    expect(lookup).not.toHaveBeenCalled();
  });

  it('says "Brak podglądu" in Polish', async () => {
    await act(() => setLanguage('pl'));
    render(<VideoThumbnail jobId={undefined} />);
    expect(screen.getByText('Brak podglądu')).toBeInTheDocument();
  });
});

/** jsdom has no fetch: the HEAD that asks why a same-origin image failed gets these answers. */
function answerHeadWith(status: number, headers: Record<string, string> = {}) {
  const fetchStub = jest.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve({ status, headers: { get: (name: string) => headers[name.toLowerCase()] ?? null } } as Response),
  );
  Object.defineProperty(globalThis, 'fetch', { configurable: true, writable: true, value: fetchStub });
  return fetchStub;
}

// Issue 13: the gateway's media rate limit (429 + Retry-After) must not turn a gallery into "No preview".
describe('VideoThumbnail: a rate-limited /thumbs waits out Retry-After once before its fallback', () => {
  afterEach(() => {
    delete (globalThis as { fetch?: unknown }).fetch;
  });

  it('on a 429 waits Retry-After, then loads /thumbs again — no lookup, no "No preview"', async () => {
    const head = answerHeadWith(429, { 'retry-after': '3' });
    const { container } = render(<VideoThumbnail jobId="job-1" />);
    fireEvent.error(image(container)!);
    await settle();
    expect(head).toHaveBeenCalledWith('/thumbs/job-1', expect.objectContaining({ method: 'HEAD' }));
    // Waiting: a loading box, neither the fallback nor a lookup.
    expect(image(container)).toBeNull();
    expect(screen.queryByText('No preview')).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(2_999));
    expect(image(container)).toBeNull();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(image(container)).toHaveAttribute('src', '/thumbs/job-1?retry=1');
    fireEvent.load(image(container)!);
    expect(lookup).not.toHaveBeenCalled();
    expect(screen.queryByText('No preview')).not.toBeInTheDocument();
  });

  it('retries only once: a second failure goes on to the lookup, then "No preview"', async () => {
    answerHeadWith(429, { 'retry-after': '1' });
    lookup.mockResolvedValue({ url: null });
    const { container } = render(<VideoThumbnail jobId="job-1" />);
    fireEvent.error(image(container)!);
    await settle();
    await act(() => jest.advanceTimersByTimeAsync(1_000));
    fireEvent.error(image(container)!);
    await settle();
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(screen.getByText('No preview')).toBeInTheDocument();
  });

  it('does not wait longer than 10 s: a longer Retry-After goes straight on to the lookup', async () => {
    answerHeadWith(429, { 'retry-after': '45' });
    lookup.mockResolvedValue({ url: null });
    const { container } = render(<VideoThumbnail jobId="job-1" />);
    fireEvent.error(image(container)!);
    await settle();
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(screen.getByText('No preview')).toBeInTheDocument();
  });

  it('does not wait when the failure was not a rate limit (404)', async () => {
    answerHeadWith(404);
    lookup.mockResolvedValue({ url: 'https://cdn.example/t.jpg' });
    const { container } = render(<VideoThumbnail jobId="job-1" />);
    fireEvent.error(image(container)!);
    await settle();
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(image(container)).toHaveAttribute('src', 'https://cdn.example/t.jpg');
  });
});
