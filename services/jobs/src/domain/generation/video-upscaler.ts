import type { JobSpeed } from '@kadr/contracts';
import type { GenerationContext, GenerationResult } from './video-provider';

/** What an upscale asks for: the source's file (in the attempt's folder), the target frame, the source's length. */
export interface UpscaleRequest {
  inputPath: string;
  width: number;
  height: number;
  durationSeconds: number;
  /** The job's speed: the x264 preset, as for the local renderer. */
  speed: JobSpeed;
}

/**
 * The port of an upscale job's render (issue 21): scales a finished video to the target frame into the attempt's
 * folder, reporting progress, and — like the local renderer — checks its picture and cuts the thumbnail in the same
 * pass. The adapter: `integrations/ffmpeg/ffmpeg-upscaler.ts`.
 */
export interface VideoUpscaler {
  upscale(request: UpscaleRequest, context: GenerationContext): Promise<Required<GenerationResult>>;
}
