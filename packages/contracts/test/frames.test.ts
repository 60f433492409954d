import { frameOfQuality, JOB_ASPECT_RATIOS, JOB_QUALITIES, resolutionOfFrame } from '../src/values';

describe('the output frame by quality and shape (issue 21)', () => {
  it('makes the quality the short side: 16:9 as before, 9:16 turned, 1:1 squared', () => {
    const table = Object.fromEntries(
      JOB_QUALITIES.map((quality) => [
        quality,
        JOB_ASPECT_RATIOS.map((aspect) => {
          const { width, height } = frameOfQuality(quality, aspect);
          return `${width}×${height}`;
        }),
      ]),
    );
    expect(table).toEqual({
      Lite: ['854×480', '480×854', '480×480'],
      Standard: ['1280×720', '720×1280', '720×720'],
      Pro: ['1920×1080', '1080×1920', '1080×1080'],
      Ultra: ['3840×2160', '2160×3840', '2160×2160'],
    });
  });

  it('counts a frame by its long side against the plan caps', () => {
    expect(frameOfQuality('Standard', '9:16').resolution).toBe('720p');
    expect(frameOfQuality('Pro', '9:16').resolution).toBe('1080p');
    // A square's long side is its short side: Pro 1:1 (1080×1080) fits a 720p cap (long side 1280).
    expect(frameOfQuality('Pro', '1:1').resolution).toBe('720p');
    expect(frameOfQuality('Ultra', '1:1').resolution).toBe('2160p');
    expect(frameOfQuality('Lite', '1:1').resolution).toBe('480p');
    expect(resolutionOfFrame(1281, 720)).toBe('1080p');
    expect(resolutionOfFrame(854, 854)).toBe('480p');
  });

  it('keeps every side even (yuv420p)', () => {
    for (const quality of JOB_QUALITIES) {
      for (const aspect of JOB_ASPECT_RATIOS) {
        const { width, height } = frameOfQuality(quality, aspect);
        expect([width % 2, height % 2]).toEqual([0, 0]);
      }
    }
  });
});
