import {
  AspectRatio,
  FRAME_OF_RESOLUTION,
  planLifting as smallestPlanLifting,
  RESOLUTION_OF_QUALITY,
  VideoQuality,
  VideoSpeed,
} from '@kadr/contracts';
import type { JobAspectRatio, JobQuality, JobSpeed, PlanId, Resolution } from '@kadr/contracts';

interface Frame {
  width: number;
  height: number;
  resolution: Resolution;
}

function frameOf(quality: JobQuality): Frame {
  const resolution = RESOLUTION_OF_QUALITY[quality];
  return { ...FRAME_OF_RESOLUTION[resolution], resolution };
}

/**
 * Quality → output frame (ARCHITECTURE §4): Lite 480p, Standard 720p, Pro 1080p, Ultra 2160p, all
 * 16:9 — the contract's `RESOLUTION_OF_QUALITY` and `FRAME_OF_RESOLUTION`.
 */
export const FRAME_OF_QUALITY: Record<JobQuality, Frame> = {
  Lite: frameOf('Lite'),
  Standard: frameOf('Standard'),
  Pro: frameOf('Pro'),
  Ultra: frameOf('Ultra'),
};

const PLAN_NAMES: Record<PlanId, string> = { starter: 'Starter', pro: 'Pro', enterprise: 'Enterprise' };

/** The plan that lifts a user's cap to `resolution` (ARCHITECTURE §3: Starter 720p, Pro 1080p, Enterprise 4K). */
export function planLifting(resolution: Resolution): { plan: PlanId; name: string } {
  const plan = smallestPlanLifting(resolution);
  return { plan, name: PLAN_NAMES[plan] };
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

export const PROTO_ASPECT_RATIO: Record<JobAspectRatio, AspectRatio> = {
  '16:9': AspectRatio.ASPECT_RATIO_16_9,
  '9:16': AspectRatio.ASPECT_RATIO_9_16,
  '1:1': AspectRatio.ASPECT_RATIO_1_1,
};

export const PROTO_SPEED: Record<JobSpeed, VideoSpeed> = {
  Slow: VideoSpeed.SLOW,
  Normal: VideoSpeed.NORMAL,
  Fast: VideoSpeed.FAST,
  'Ultra Fast': VideoSpeed.ULTRA_FAST,
};
