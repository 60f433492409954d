/**
 * Pieces that harnesses outside this package (the render benchmark) may use to render and to
 * describe renders without the HTTP API. Not for production code.
 */
export { FRAME_OF_QUALITY, X264_PRESET_OF_SPEED } from './domain/catalogue/video-options';
export type {
  GenerationContext,
  GenerationRequest,
  GenerationResult,
  VideoProvider,
} from './domain/generation/video-provider';
export { LocalVideoProvider } from './integrations/providers/local/local-provider';
export { FfmpegInspector } from './integrations/ffmpeg/ffmpeg-inspector';
