import type { z } from 'zod';
import {
  SHARE_PATHS,
  ShareLinkResponseSchema,
  ShareReportsPageSchema,
  type ShareLinkResponse,
  type ShareReportsPage,
} from '@kadr/contracts';
import type { InternalCaller } from '@kadr/http-kit';
import type { Upstream, UpstreamAnswer } from './upstream';

/** Media's share links for the administrator (audience `media`, the administrator's identity): reports and revoking. */
export class MediaSharesClient {
  constructor(private readonly upstream: Upstream) {}

  private expect<S extends z.ZodType>(answer: UpstreamAnswer, schema: S): z.output<S> {
    if (answer.status < 200 || answer.status > 299) throw this.upstream.failure(answer);
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) throw this.upstream.unexpectedShape();
    return parsed.data;
  }

  async reports(
    admin: InternalCaller,
    page: { skip: number; take: number },
    correlationId?: string,
  ): Promise<ShareReportsPage> {
    const path = `${SHARE_PATHS.adminReports}?skip=${page.skip}&take=${page.take}`;
    return this.expect(await this.upstream.call(admin, 'GET', path, { correlationId }), ShareReportsPageSchema);
  }

  async revoke(admin: InternalCaller, linkId: string, correlationId?: string): Promise<ShareLinkResponse> {
    const answer = await this.upstream.call(admin, 'POST', SHARE_PATHS.adminRevoke(linkId), {
      correlationId,
      body: {},
    });
    return this.expect(answer, ShareLinkResponseSchema);
  }
}
