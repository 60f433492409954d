import type { Job } from '../jobs/job';
import { checkOutput, type VideoInspection, type VideoInspector } from './output-check';
import type { ProviderRegistry } from './provider-registry';
import type { RenderWorkspace } from './render-workspace';
import { withTransientRetries, type RetryPolicy } from './transient-retries';
import { GenerationError, type GenerationRequest, type StartImage } from './video-provider';
import type { VideoUpscaler } from './video-upscaler';

/** How long a hosted provider's link to a start image lives: it fetches the image when the render starts. */
const START_IMAGE_LINK_SECONDS = 3600;

/** The checked video and its thumbnail, in the workspace. */
export interface RenderedFiles {
  videoPath: string;
  thumbnailPath: string;
  facts: VideoInspection;
}

export interface RenderDeps {
  providers: ProviderRegistry;
  inspector: VideoInspector;
  /** An upscale job's render (kind `upscale`); the providers render every other job. */
  upscaler: VideoUpscaler;
  retries: RetryPolicy;
}

/**
 * One attempt's render in its workspace: the job's provider renders the video (transient failures
 * retried), the output check passes it or fails the job (credits released, never charged for a
 * broken video). The picture's checks and the thumbnail come from the render itself when the provider
 * made them (the local renderer: issue 19, no second decode of the video); otherwise the inspector
 * makes them in one ffmpeg pass over the file. Either way the file's description is read from the file.
 */
export async function renderJob(
  deps: RenderDeps,
  job: Job,
  workspace: RenderWorkspace,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<RenderedFiles> {
  if (job.kind === 'upscale') return upscaleJob(deps, job, workspace, onProgress, signal);
  const provider = deps.providers.get(job.provider);
  if (!provider) throw new GenerationError('aiproxy_error', `The provider ${job.provider} is not available.`);
  const request: GenerationRequest = {
    jobId: job.id,
    prompt: job.prompt,
    seed: job.seed,
    modelId: job.modelId,
    durationSeconds: job.durationSeconds,
    aspectRatio: job.aspectRatio ?? '16:9',
    width: job.width,
    height: job.height,
    quality: job.quality,
    speed: job.speed,
    negativePrompt: job.negativePrompt ?? null,
    startImage: await startImageOf(job, workspace, deps.retries, signal),
  };
  const { videoPath, pictureChecks } = await withTransientRetries(deps.retries, signal, () =>
    provider.generate(request, { workDir: workspace.dir, onProgress, signal }),
  );
  if (pictureChecks) {
    const facts = { ...(await deps.inspector.describe(videoPath)), blackSeconds: pictureChecks.blackSeconds };
    checkOutput(facts, job);
    return { videoPath, thumbnailPath: pictureChecks.thumbnailPath, facts };
  }
  const thumbnailPath = workspace.pathOf('thumbnail.jpg');
  const facts = await deps.inspector.inspect(videoPath, thumbnailPath, signal);
  checkOutput(facts, job);
  return { videoPath, thumbnailPath, facts };
}

/**
 * An upscale's render: the source's video is copied from the blob store into the workspace, scaled by the upscaler
 * (which checks the picture and cuts the thumbnail in its own pass), and the output is described by ffprobe — the
 * frame and length the check compares are read by a tool other than the one that wrote the file.
 */
async function upscaleJob(
  deps: RenderDeps,
  job: Job,
  workspace: RenderWorkspace,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<RenderedFiles> {
  const sourceKey = job.sourceVideoKey;
  if (!sourceKey) throw new GenerationError('unknown', 'The upscale has no source video.');
  const inputPath = await withTransientRetries(deps.retries, signal, () =>
    workspace.download(sourceKey, 'source.mp4', signal),
  );
  const { videoPath, pictureChecks } = await deps.upscaler.upscale(
    { inputPath, width: job.width, height: job.height, durationSeconds: job.durationSeconds, speed: job.speed },
    { workDir: workspace.dir, onProgress, signal },
  );
  const facts = { ...(await deps.inspector.probe(videoPath, signal)), blackSeconds: pictureChecks.blackSeconds };
  checkOutput(facts, job);
  return { videoPath, thumbnailPath: pictureChecks.thumbnailPath, facts };
}

/**
 * The job's copy of its start image, fetched into the workspace (the local renderer reads the file;
 * a hosted provider gets a signed link). A copy gone missing fails the job: it cannot be rendered as asked.
 */
async function startImageOf(
  job: Job,
  workspace: RenderWorkspace,
  retries: RetryPolicy,
  signal: AbortSignal,
): Promise<StartImage | null> {
  const key = job.startImageKey;
  if (!key) return null;
  const path = await withTransientRetries(retries, signal, () => workspace.download(key, 'start-image', signal));
  return { path, url: () => workspace.linkFor(key, START_IMAGE_LINK_SECONDS) };
}
