import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { FfmpegVideoUpscaler, progressMicrosecondsIn } from './ffmpeg-upscaler';
import { runFfmpeg } from './ffmpeg-process';
import { probeVideo } from './video-probe';

describe('the ffmpeg upscaler', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kadr-upscaler-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('reads the output time of -progress in µs, from out_time_us and from ffmpeg 4.1’s out_time_ms', () => {
    expect(progressMicrosecondsIn('out_time_us=2500000')).toBe(2_500_000);
    expect(progressMicrosecondsIn('out_time_ms=2500000')).toBe(2_500_000);
    expect(progressMicrosecondsIn('out_time=00:00:02.500000')).toBeUndefined();
    expect(progressMicrosecondsIn('frame=12')).toBeUndefined();
  });

  it('scales a real H.264 clip to the target frame at its frame rate, reports progress and cuts the thumbnail', async () => {
    const input = path.join(dir, 'source.mp4');
    await runFfmpeg({
      executable: 'ffmpeg',
      args: [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25:duration=2'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', input],
      ],
    });
    const progress: number[] = [];
    const result = await new FfmpegVideoUpscaler({ ffmpegPath: 'ffmpeg' }).upscale(
      { inputPath: input, width: 640, height: 360, durationSeconds: 2, speed: 'Ultra Fast' },
      { workDir: dir, onProgress: (percent) => progress.push(percent), signal: new AbortController().signal },
    );
    const facts = await probeVideo('ffprobe', result.videoPath);
    expect(facts).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p', width: 640, height: 360 });
    expect(Math.abs(facts.durationSeconds - 2)).toBeLessThan(0.1);
    const { stdout } = await runFfmpeg({
      executable: 'ffprobe',
      args: [
        '-v',
        'error',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=r_frame_rate',
        '-of',
        'csv=p=0',
        result.videoPath,
      ],
    });
    expect(stdout.trim()).toBe('25/1');
    expect(progress.length).toBeGreaterThan(0);
    expect(Math.max(...progress)).toBeLessThanOrEqual(99);
    expect(existsSync(result.pictureChecks.thumbnailPath)).toBe(true);
    expect(result.pictureChecks.blackSeconds).toBe(0);
  }, 30_000);
});
