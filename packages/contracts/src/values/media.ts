/** Where the browser plays a video and shows its thumbnail: same origin, through the gateway. */
export const publicVideoPath = (jobId: string): string => `/video/${encodeURIComponent(jobId)}`;
export const publicThumbnailPath = (jobId: string): string => `/thumbs/${encodeURIComponent(jobId)}`;
