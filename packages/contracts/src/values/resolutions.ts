import type { JobAspectRatio, JobQuality } from './jobs';

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

/** A frame in pixels and the resolution (cap class) it counts as. */
export interface VideoFrame {
  width: number;
  height: number;
  resolution: Resolution;
}

/**
 * The resolution a frame counts as for the plan's cap: the lowest whose 16:9 frame's long side holds the frame's long
 * side (issue 21: caps apply to the long side). 1280×720 and 720×1280 are 720p; 1080×1080 too (1080 ≤ 1280).
 */
export function resolutionOfFrame(width: number, height: number): Resolution {
  const longSide = Math.max(width, height);
  return RESOLUTIONS.find((r) => FRAME_OF_RESOLUTION[r].width >= longSide) ?? '2160p';
}

/**
 * The output frame of a quality in a shape (issue 21): the quality's resolution is the short side (Standard: 720),
 * 16:9 is the quality's frame (1280×720), 9:16 the same turned (720×1280), 1:1 the short side squared (720×720).
 */
export function frameOfQuality(quality: JobQuality, aspectRatio: JobAspectRatio): VideoFrame {
  const { width: long, height: short } = FRAME_OF_RESOLUTION[RESOLUTION_OF_QUALITY[quality]];
  const [width, height] =
    aspectRatio === '9:16' ? [short, long] : aspectRatio === '1:1' ? [short, short] : [long, short];
  return { width, height, resolution: resolutionOfFrame(width, height) };
}
