/** Where the browser plays a video and shows its thumbnail: same origin, through the gateway. */
export const publicVideoPath = (jobId: string): string => `/video/${encodeURIComponent(jobId)}`;
export const publicThumbnailPath = (jobId: string): string => `/thumbs/${encodeURIComponent(jobId)}`;
/** Where the browser shows a job's start image (image-to-video, issue 21): same origin, owner only. */
export const publicStartImagePath = (jobId: string): string => `/start-images/${encodeURIComponent(jobId)}`;
