import { runFfmpeg } from './ffmpeg-process';

/**
 * What an ffmpeg build can do that the local renderer relies on. Debian's ffmpeg 5.1 has both;
 * the npm-shipped static ffmpeg 4.1 (2018) has neither — the `gradients` source and
 * `-stats_period` came with ffmpeg 4.4 — so the renderer draws its scene another way there.
 */
export interface FfmpegFeatures {
  /** The `gradients` video source. */
  gradients: boolean;
  /** The `-stats_period` option (how often `-progress` reports). */
  statsPeriod: boolean;
}

/** Asks the binary itself (its filter list and long help); rejects when it does not run. */
export async function detectFfmpegFeatures(ffmpegPath: string): Promise<FfmpegFeatures> {
  const [filters, help] = await Promise.all([
    runFfmpeg({ executable: ffmpegPath, args: ['-hide_banner', '-filters'] }),
    runFfmpeg({ executable: ffmpegPath, args: ['-hide_banner', '-h', 'long'] }),
  ]);
  return {
    gradients: /^\s*\S+\s+gradients\s/m.test(filters.stdout),
    statsPeriod: /^-stats_period\b/m.test(help.stdout),
  };
}
