/**
 * Every page of the video list: the common prefix of `jobKeys.videos(page, limit)` (features/jobs),
 * which the gallery and the dashboard share. A completion reloads all of them (spec §4).
 */
export const VIDEO_LIST_KEY = ['media', 'videos'] as const;
