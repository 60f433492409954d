import { existsSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore } from '@kadr/blob-store';
import { createLogger } from '@kadr/telemetry';
import { FfmpegVideoUpscaler } from '../src/integrations/ffmpeg/ffmpeg-upscaler';
import { FfmpegInspector } from '../src/integrations/ffmpeg/ffmpeg-inspector';
import { runFfmpeg } from '../src/integrations/ffmpeg/ffmpeg-process';
import { InstantVideoProvider } from '../src/integrations/providers/instant/instant-provider';
import { LocalVideoProvider } from '../src/integrations/providers/local/local-provider';
import { TempRenderWorkspaces } from '../src/integrations/workspace/temp-render-workspace';
import type { Job } from '../src/domain/jobs/job';
import { OutputCheckError } from '../src/domain/generation/output-check';
import { ProviderRegistry } from '../src/domain/generation/provider-registry';
import { renderJob } from '../src/domain/generation/render-job';
import type { PictureChecks, VideoProvider } from '../src/domain/generation/video-provider';

const job = {
  id: 'job-render-checks',
  userId: 'u-1',
  prompt: 'a fox',
  seed: 3,
  modelId: 'kadr-motion-v1',
  provider: 'local',
  durationSeconds: 5,
  quality: 'Lite',
  speed: 'Ultra Fast',
  width: 854,
  height: 480,
} as Job;

/** renderJob with a real (instant) render and the real inspector, counting the processes the checks start. */
async function renderWithCountedChecks(provider: VideoProvider) {
  let checkProcesses = 0;
  const inspector = new FfmpegInspector({
    ffmpeg: 'ffmpeg',
    ffprobe: 'ffprobe',
    run: (options) => {
      checkProcesses += 1;
      return runFfmpeg(options);
    },
  });
  const deps = {
    providers: new ProviderRegistry([provider]),
    inspector,
    upscaler: new FfmpegVideoUpscaler({ ffmpegPath: 'ffmpeg' }),
    retries: { retries: 0, baseMs: 1, logger: createLogger({ service: 'test', level: 'silent' }) },
  };
  // renderJob renders and checks; it uploads nothing, so the blob store is never called.
  const workspace = await new TempRenderWorkspaces({} as BlobStore).open(job.id);
  try {
    const rendered = await renderJob(deps, job, workspace, () => undefined, new AbortController().signal).catch(
      (error: unknown) => error as Error,
    );
    const thumbnailPath = rendered instanceof Error ? workspace.pathOf('thumbnail.jpg') : rendered.thumbnailPath;
    return { rendered, checkProcesses, thumbnailMade: existsSync(thumbnailPath) };
  } finally {
    await workspace.remove();
  }
}

describe('a job’s render and its post-render checks', () => {
  it('checks the render and cuts its thumbnail in exactly one ffmpeg process', async () => {
    const { rendered, checkProcesses, thumbnailMade } = await renderWithCountedChecks(
      new InstantVideoProvider('local', { ffmpegPath: 'ffmpeg' }),
    );
    expect(rendered).not.toBeInstanceOf(Error);
    expect(rendered).toMatchObject({ facts: { codec: 'h264', width: 854, height: 480 } });
    expect(checkProcesses).toBe(1);
    expect(thumbnailMade).toBe(true);
  }, 30_000);

  it('refuses a render of the wrong length, still in one process', async () => {
    const tooLong: VideoProvider = {
      name: 'local',
      isAvailable: () => Promise.resolve(true),
      generate: (request, context) =>
        new InstantVideoProvider('local', { ffmpegPath: 'ffmpeg' }).generate(
          { ...request, durationSeconds: request.durationSeconds + 5 },
          context,
        ),
    };
    const { rendered, checkProcesses } = await renderWithCountedChecks(tooLong);
    expect(rendered).toBeInstanceOf(OutputCheckError);
    expect((rendered as Error).message).toMatch(/10\.00 s instead of 5 s/);
    expect(checkProcesses).toBe(1);
  }, 30_000);

  it('starts no check process for a render that checked its own picture (the local renderer, issue 19)', async () => {
    const { rendered, checkProcesses, thumbnailMade } = await renderWithCountedChecks(
      new LocalVideoProvider({ ffmpegPath: 'ffmpeg' }),
    );
    expect(rendered).not.toBeInstanceOf(Error);
    expect(rendered).toMatchObject({
      facts: { codec: 'h264', pixelFormat: 'yuv420p', width: 854, height: 480, blackSeconds: 0 },
    });
    expect(checkProcesses).toBe(0);
    expect(thumbnailMade).toBe(true);
  }, 60_000);

  it('still refuses a video whose own render reported a black picture, or that is the wrong length', async () => {
    const reportingBlack = withPictureChecks(5, (checks) => ({ ...checks, blackSeconds: 4.9 }));
    const black = await renderWithCountedChecks(reportingBlack);
    expect(black.rendered).toBeInstanceOf(OutputCheckError);
    expect((black.rendered as Error).message).toMatch(/a blank \(black\) picture/);

    const tooShort = await renderWithCountedChecks(withPictureChecks(2, (checks) => checks));
    expect(tooShort.rendered).toBeInstanceOf(OutputCheckError);
    expect((tooShort.rendered as Error).message).toMatch(/2\.00 s instead of 5 s/);
    expect(black.checkProcesses + tooShort.checkProcesses).toBe(0);
  }, 60_000);
});

/**
 * A provider whose render reports its own picture checks (as the local renderer does), changed by
 * `report`, on a real `durationSeconds`-long render of the instant provider's clip with its thumbnail.
 */
function withPictureChecks(durationSeconds: number, report: (checks: PictureChecks) => PictureChecks): VideoProvider {
  const instant = new InstantVideoProvider('local', { ffmpegPath: 'ffmpeg' });
  return {
    name: 'local',
    isAvailable: () => Promise.resolve(true),
    generate: async (request, context) => {
      const { videoPath } = await instant.generate({ ...request, durationSeconds }, context);
      const thumbnailPath = path.join(context.workDir, 'own-thumbnail.jpg');
      await copyFile(videoPath, thumbnailPath); // any file: renderJob only passes the path on
      return { videoPath, pictureChecks: report({ thumbnailPath, blackSeconds: 0 }) };
    },
  };
}
