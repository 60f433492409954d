import { VideoQuality, VideoSpeed } from '@kadr/contracts';
import type { JobQuality, JobSpeed, Resolution } from '@kadr/contracts';

/** Quality → output frame (ARCHITECTURE §4): Lite 480p, Standard 720p, Pro 1080p, Ultra 2160p, all 16:9. */
export const FRAME_OF_QUALITY: Record<JobQuality, { width: number; height: number; resolution: Resolution }> = {
  Lite: { width: 854, height: 480, resolution: '480p' },
  Standard: { width: 1280, height: 720, resolution: '720p' },
  Pro: { width: 1920, height: 1080, resolution: '1080p' },
  Ultra: { width: 3840, height: 2160, resolution: '2160p' },
};

const RESOLUTION_ORDER: readonly Resolution[] = ['480p', '720p', '1080p', '2160p'];

/** True when `resolution` is at most `cap`. */
export function isWithinResolution(resolution: Resolution, cap: Resolution): boolean {
  return RESOLUTION_ORDER.indexOf(resolution) <= RESOLUTION_ORDER.indexOf(cap);
}

/** The plan that lifts a user's cap to `resolution` (ARCHITECTURE §3: Starter 720p, Pro 1080p, Enterprise 4K). */
export function planLifting(resolution: Resolution): { plan: 'starter' | 'pro' | 'enterprise'; name: string } {
  if (resolution === '2160p') return { plan: 'enterprise', name: 'Enterprise' };
  if (resolution === '1080p') return { plan: 'pro', name: 'Pro' };
  return { plan: 'starter', name: 'Starter' };
}

/** Speed → x264 preset of the local renderer (Slow → slow … Ultra Fast → ultrafast). */
export const X264_PRESET_OF_SPEED: Record<JobSpeed, 'slow' | 'medium' | 'veryfast' | 'ultrafast'> = {
  Slow: 'slow',
  Normal: 'medium',
  Fast: 'veryfast',
  'Ultra Fast': 'ultrafast',
};

export const PROTO_QUALITY: Record<JobQuality, VideoQuality> = {
  Lite: VideoQuality.LITE,
  Standard: VideoQuality.STANDARD,
  Pro: VideoQuality.PRO,
  Ultra: VideoQuality.ULTRA,
};

export const PROTO_SPEED: Record<JobSpeed, VideoSpeed> = {
  Slow: VideoSpeed.SLOW,
  Normal: VideoSpeed.NORMAL,
  Fast: VideoSpeed.FAST,
  'Ultra Fast': VideoSpeed.ULTRA_FAST,
};
