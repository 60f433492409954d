import type { z } from 'zod';
import {
  AdminJobActionResponseSchema,
  AdminJobDeletedResponseSchema,
  AdminJobDetailResponseSchema,
  AdminJobListResponseSchema,
  JOBS_PATHS,
  type AdminJobActionResponse,
  type AdminJobDetailResponse,
  type AdminJobListResponse,
} from '@kadr/contracts';
import type { InternalCaller } from '@kadr/http-kit';
import type { Upstream, UpstreamAnswer } from './upstream';

/** The jobs service's internal admin API, called with the administrator's identity (audience `jobs`). */
export class JobsAdminClient {
  constructor(private readonly upstream: Upstream) {}

  private expect<S extends z.ZodType>(answer: UpstreamAnswer, schema: S): z.output<S> {
    if (answer.status < 200 || answer.status > 299) throw this.upstream.failure(answer);
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) throw this.upstream.unexpectedShape();
    return parsed.data;
  }

  async userJobs(
    admin: InternalCaller,
    userId: string,
    page: { skip: number; take: number },
    correlationId?: string,
  ): Promise<AdminJobListResponse> {
    const path = `${JOBS_PATHS.adminUserJobs(userId)}?skip=${page.skip}&take=${page.take}`;
    return this.expect(await this.upstream.call(admin, 'GET', path, { correlationId }), AdminJobListResponseSchema);
  }

  async job(admin: InternalCaller, jobId: string, correlationId?: string): Promise<AdminJobDetailResponse> {
    const answer = await this.upstream.call(admin, 'GET', JOBS_PATHS.adminJob(jobId), { correlationId });
    return this.expect(answer, AdminJobDetailResponseSchema);
  }

  async requeue(admin: InternalCaller, jobId: string, correlationId?: string): Promise<AdminJobActionResponse> {
    const answer = await this.upstream.call(admin, 'POST', JOBS_PATHS.adminRequeue(jobId), { correlationId, body: {} });
    return this.expect(answer, AdminJobActionResponseSchema);
  }

  async markFailed(
    admin: InternalCaller,
    jobId: string,
    reason: string | undefined,
    correlationId?: string,
  ): Promise<AdminJobActionResponse> {
    const answer = await this.upstream.call(admin, 'POST', JOBS_PATHS.adminMarkFailed(jobId), {
      correlationId,
      body: reason === undefined ? {} : { reason },
    });
    return this.expect(answer, AdminJobActionResponseSchema);
  }

  async delete(
    admin: InternalCaller,
    jobId: string,
    force: boolean,
    correlationId?: string,
  ): Promise<z.output<typeof AdminJobDeletedResponseSchema>> {
    const path = `${JOBS_PATHS.adminJob(jobId)}${force ? '?force=true' : ''}`;
    return this.expect(
      await this.upstream.call(admin, 'DELETE', path, { correlationId }),
      AdminJobDeletedResponseSchema,
    );
  }
}
