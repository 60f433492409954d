/**
 * Data-cache keys of the job screens. The gallery's first page and the dashboard's recent videos
 * are the same request (`getVideos(1, 12)`), so they share `jobKeys.videos(1, 12)`.
 */
export const jobKeys = {
  groupedModels: ['ai-models', 'grouped'] as const,
  /** One job as `GET /jobs/{id}` shows it (the job's page). */
  job: (id: string) => ['jobs', 'one', id] as const,
  /** The quote for upscaling one finished job (its target and price against today's plan). */
  upscaleQuote: (id: string) => ['jobs', 'one', id, 'upscale'] as const,
  recentJobs: (take: number) => ['jobs', 'recent', take] as const,
  videos: (page: number, limit: number) => ['media', 'videos', page, limit] as const,
  /** One page of the gallery's search and filters (under `allVideos`, so a completion reloads it too). */
  gallery: (request: object) => ['media', 'videos', 'gallery', request] as const,
  /** The prefixes of every recent-jobs list and every page of the video list. */
  allRecentJobs: ['jobs', 'recent'] as const,
  allVideos: ['media', 'videos'] as const,
};
