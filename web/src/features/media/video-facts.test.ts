import { act } from '@testing-library/react';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { placeholderVideo } from './media-item';
import { formatClock, formatSpokenDuration, resolutionLabel } from './video-facts';

beforeAll(() => initI18n('en'));
beforeEach(async () => {
  await act(() => setLanguage('en'));
});

describe('video facts', () => {
  it('writes durations as a player clock', () => {
    expect(formatClock(5)).toBe('0:05');
    expect(formatClock(65.4)).toBe('1:05');
    expect(formatClock(600)).toBe('10:00');
  });

  it('spells durations out for assistive tech, in the current language', async () => {
    expect(formatSpokenDuration(5)).toBe('5 seconds');
    await act(() => setLanguage('pl'));
    expect(formatSpokenDuration(5)).toBe('5 sekund');
  });

  it('names resolutions by the shorter side, and none when the size is unknown', () => {
    expect(resolutionLabel(1280, 720)).toBe('720p');
    expect(resolutionLabel(1080, 1920)).toBe('1080p');
    expect(resolutionLabel(0, 720)).toBeNull();
    expect(resolutionLabel(undefined, undefined)).toBeNull();
  });
});

describe('placeholderVideo', () => {
  it('is the spec’s placeholder: video-{jobId}.mp4 with empty urls', () => {
    expect(placeholderVideo('j1', '2025-03-01T10:00:00.000Z')).toEqual({
      id: 'placeholder-j1',
      jobId: 'j1',
      createdAt: '2025-03-01T10:00:00.000Z',
      filename: 'video-j1.mp4',
      url: '',
      thumbnailUrl: '',
      placeholder: true,
    });
  });
});
