import type { JobKindName, MediaItem, PublicJobStatus } from '@kadr/contracts';

/**
 * What a video card shows: a media item as the list gives it, or a placeholder for a job that has
 * just completed and is not listed yet (spec §4 "Gallery refresh on completion"). Duration,
 * resolution and size are optional: placeholders (and older answers) do not have them.
 */
export type GalleryVideo = Pick<MediaItem, 'id' | 'jobId' | 'createdAt' | 'filename' | 'url' | 'thumbnailUrl'> &
  Partial<Pick<MediaItem, 'durationSeconds' | 'width' | 'height' | 'sizeBytes'>> & {
    /** A completed job whose video the list does not hold yet: shown as "Finishing", never requested. */
    placeholder?: boolean;
    /** The gallery's items (jobs of every status) have these; a video of the plain list is COMPLETED. */
    status?: PublicJobStatus;
    prompt?: string;
    favourite?: boolean;
    /** `upscale`: a video scaled up from another (the card says "Upscaled"). */
    kind?: JobKindName;
    /** Image-to-video: where the picture it started from is shown (same origin). */
    startImageUrl?: string | null;
  };

/** Spec §4: filename `video-{jobId}.mp4`, empty urls. `createdAt`: when the completion was heard. */
export function placeholderVideo(jobId: string, createdAt: string): GalleryVideo {
  return {
    id: `placeholder-${jobId}`,
    jobId,
    createdAt,
    filename: `video-${jobId}.mp4`,
    url: '',
    thumbnailUrl: '',
    placeholder: true,
  };
}

// The gateway's same-origin byte routes.
export {
  publicVideoPath as sameOriginVideoPath,
  publicThumbnailPath as sameOriginThumbnailPath,
} from '@kadr/contracts/values';

/** A usable job id: spec §5, a lookup needs one; without one nothing is requested. */
export function hasJobId(jobId: string | null | undefined): jobId is string {
  return typeof jobId === 'string' && jobId.trim() !== '';
}
