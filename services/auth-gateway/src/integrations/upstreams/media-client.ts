import { MEDIA_VIDEOS_PATH, MediaPageResponseSchema, type MediaPageResponse } from '@kadr/contracts';
import type { InternalCaller } from '@kadr/http-kit';
import type { InternalClientOptions } from './commerce-client';
import { getJson } from './json-answer';
import type { Upstreams } from './upstreams';

/** The media service's read of a user's own videos (contract: `@kadr/contracts` `http/media.ts`). */
export interface MediaClient {
  /** One page of the user's videos, newest first (`page` from 1, `limit` ≤ `MEDIA_MAX_PAGE_LIMIT`). */
  videosPage(caller: InternalCaller, page: { page: number; limit: number }): Promise<MediaPageResponse>;
}

export function createMediaClient(upstreams: Upstreams, { timeoutMs }: InternalClientOptions = {}): MediaClient {
  return {
    videosPage: (caller, { page, limit }) =>
      getJson(
        upstreams,
        'media',
        { path: `${MEDIA_VIDEOS_PATH}?page=${page}&limit=${limit}`, caller, timeoutMs },
        MediaPageResponseSchema,
      ),
  };
}
