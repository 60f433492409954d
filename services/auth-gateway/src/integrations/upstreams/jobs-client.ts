import { JOBS_PATHS, JobListResponseSchema, ProviderSettingSchema, type JobView } from '@kadr/contracts';
import type { InternalCaller } from '@kadr/http-kit';
import type { InternalClientOptions, Page } from './commerce-client';
import { getJson } from './json-answer';
import type { Upstreams } from './upstreams';

/** The jobs service's reads of a user's own jobs and settings (contract: the jobs schemas of `@kadr/contracts`). */
export interface JobsClient {
  /** The preferred AI provider (`local` when never chosen). */
  providerSetting(caller: InternalCaller): Promise<string>;
  /** A page of the user's jobs in every visible status, newest first (`GET /jobs/recent?skip&take`). */
  historyPage(caller: InternalCaller, page: Page): Promise<JobView[]>;
}

export function createJobsClient(upstreams: Upstreams, { timeoutMs }: InternalClientOptions = {}): JobsClient {
  return {
    providerSetting: async (caller) =>
      (await getJson(upstreams, 'jobs', { path: JOBS_PATHS.providerSetting, caller, timeoutMs }, ProviderSettingSchema))
        .provider,
    historyPage: async (caller, { skip, take }) =>
      (
        await getJson(
          upstreams,
          'jobs',
          { path: `${JOBS_PATHS.recentJobs}?skip=${skip}&take=${take}`, caller, timeoutMs },
          JobListResponseSchema,
        )
      ).items,
  };
}
