import { BlobNotFoundError } from '@kadr/blob-store';
import type { Job } from '../jobs/job';
import { checkOutput, type VideoInspection, type VideoInspector } from './output-check';
import type { ProviderRegistry } from './provider-registry';
import type { RenderWorkspace } from './render-workspace';
import { withTransientRetries, type RetryPolicy } from './transient-retries';
import { GenerationError, type GenerationRequest, type StartImage } from './video-provider';

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
  let path: string;
  try {
    path = await withTransientRetries(retries, signal, () => workspace.download(key, 'start-image'));
  } catch (error) {
    if (error instanceof BlobNotFoundError) {
      throw new GenerationError('unknown', 'The start image of this job is no longer stored.', false, { cause: error });
    }
    throw error;
  }
  return { path, url: () => workspace.linkFor(key, START_IMAGE_LINK_SECONDS) };
}
