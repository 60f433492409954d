import type { JobQuality } from './jobs';

/** Output resolutions by frame height, from low to high (the order every cap comparison uses). */
export const RESOLUTIONS = ['480p', '720p', '1080p', '2160p'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/** The frame height of each quality (ARCHITECTURE §4). */
export const RESOLUTION_OF_QUALITY = {
  Lite: '480p',
  Standard: '720p',
  Pro: '1080p',
  Ultra: '2160p',
} as const satisfies Record<JobQuality, Resolution>;

/** The output frame of each resolution, in pixels (all 16:9). */
export const FRAME_OF_RESOLUTION = {
  '480p': { width: 854, height: 480 },
  '720p': { width: 1280, height: 720 },
  '1080p': { width: 1920, height: 1080 },
  '2160p': { width: 3840, height: 2160 },
} as const satisfies Record<Resolution, { width: number; height: number }>;

/** The place of a resolution in `RESOLUTIONS` (low → high), or -1 for a value that is not one. */
export function resolutionRank(resolution: string): number {
  return (RESOLUTIONS as readonly string[]).indexOf(resolution);
}

/** True when `resolution` is at most `cap` (480p < 720p < 1080p < 2160p). */
export function isWithinResolution(resolution: Resolution, cap: Resolution): boolean {
  return resolutionRank(resolution) <= resolutionRank(cap);
}
