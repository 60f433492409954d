import type { Resolver } from '@kadr/http-kit';
import type { JobsConfig } from '../../config';
import { MODEL_CATALOGUE } from '../../domain/catalogue/models';
import { ProviderRegistry } from '../../domain/generation/provider-registry';
import type { VideoProvider } from '../../domain/generation/video-provider';
import { EgressGuard } from '../egress/egress-guard';
import { resolveFfmpegBinaries, type FfmpegBinaries } from '../ffmpeg/ffmpeg-binaries';
import { FalVideoProvider } from './fal/fal-provider';
import { FaultyVideoProvider } from './faulty/faulty-provider';
import { InstantVideoProvider } from './instant/instant-provider';
import { LOCAL_FPS, LocalVideoProvider } from './local/local-provider';

/** fal's documented hosts: the queue API and the CDN its results are served from. */
const FAL_HOSTS = ['queue.fal.run', 'fal.media', '*.fal.media'];

export interface ProviderOptions {
  /** Tests: DNS answers for the egress guard. */
  resolver?: Resolver;
  /** Replaces the configured providers entirely (tests). */
  providers?: VideoProvider[];
}

/**
 * local always; fal when FAL_API_KEY is set; faulty only with JOBS_ENABLE_FAULTY_PROVIDER (never in
 * production). `JOBS_RENDERER=instant` (tests, never in production): one instant renderer under
 * each provider name of the catalogue instead, so every model is offered and renders at once.
 */
export function buildProviderRegistry(
  config: JobsConfig,
  options: ProviderOptions = {},
  binaries: FfmpegBinaries = resolveFfmpegBinaries(config),
): ProviderRegistry {
  if (options.providers) return new ProviderRegistry(options.providers);
  const ffmpegPath = binaries.ffmpeg.path;
  const faulty = config.JOBS_ENABLE_FAULTY_PROVIDER && config.NODE_ENV !== 'production';
  if (config.JOBS_RENDERER === 'instant' && config.NODE_ENV !== 'production') {
    // The test model that fails on purpose keeps failing when it is enabled: standing in for it
    // would defeat its one use.
    const names = [...new Set(MODEL_CATALOGUE.map((model) => model.provider))].filter(
      (name) => !(faulty && name === 'faulty'),
    );
    return new ProviderRegistry([
      ...names.map((name) => new InstantVideoProvider(name, { ffmpegPath, renderMs: config.JOBS_INSTANT_RENDER_MS })),
      ...(faulty ? [new FaultyVideoProvider()] : []),
    ]);
  }
  const providers: VideoProvider[] = [new LocalVideoProvider({ ffmpegPath, fontFile: config.RENDER_FONT_FILE })];
  if (config.FAL_API_KEY) {
    const egress = new EgressGuard({
      allowedHosts: [...FAL_HOSTS, ...config.EGRESS_ALLOWLIST],
      resolver: options.resolver,
      allowLoopbackForTests: config.NODE_ENV !== 'production' && config.EGRESS_ALLOW_LOOPBACK_FOR_TESTS,
    });
    providers.push(
      new FalVideoProvider({
        apiKey: config.FAL_API_KEY,
        queueUrl: config.FAL_QUEUE_URL,
        modelId: config.FAL_MODEL_ID,
        imageModelId: config.FAL_IMAGE_MODEL_ID,
        pollIntervalMs: config.FAL_POLL_INTERVAL_MS,
        egress,
        ffmpegPath,
        fps: LOCAL_FPS,
      }),
    );
  }
  if (faulty) providers.push(new FaultyVideoProvider());
  return new ProviderRegistry(providers);
}
