import { z } from 'zod';
import {
  AdminIdParamsSchema,
  MediaJobIdParamsSchema,
  ShareLinkCreateRequestSchema,
  ShareLinkListResponseSchema,
  ShareLinkResponseSchema,
  ShareReportRequestSchema,
  ShareReportsPageSchema,
  ShareReportsQuerySchema,
  SHARE_TOKEN_PATTERN,
} from '@kadr/contracts';
import type { OpenApiRegistry, OwnedResource } from './openapi-registry';
import { platformPath } from './platform-path';

const OWN_JOB: OwnedResource = { kind: 'job', in: 'path', name: 'jobId' };

/** `{token}` of the public pages: 43 base64url characters; one that is not a live link's token is the same 404 page. */
const ShareTokenParamsSchema = z.object({ token: z.string().regex(SHARE_TOKEN_PATTERN) });
/** `{linkId}`: a link's id (a UUID); one media did not make is a 404, like another video's link. */
const ShareLinkParamsSchema = MediaJobIdParamsSchema.extend({ linkId: z.uuid() });

const HTML_PAGE = 'text/html';

/**
 * Share links (issue 21): the owner's routes (media's, proxied), the public pages `/v/{token}`
 * (the gateway's, no session) and the administrator's (admin's, audited).
 */
export function addShareOperations(registry: OpenApiRegistry): OpenApiRegistry {
  const media = { tags: ['share links'], proxied: true };
  const pages = { tags: ['share links'], proxied: true, public: true };
  return registry
    .add({
      ...media,
      method: 'get',
      path: platformPath('/api/media/videos/{jobId}/shares'),
      summary: "A finished video's share links with their view counts, newest first (owner only)",
      params: MediaJobIdParamsSchema,
      owned: OWN_JOB,
      responses: { 200: { description: 'Every link of the video', schema: ShareLinkListResponseSchema } },
      problems: [404],
    })
    .add({
      ...media,
      method: 'post',
      path: platformPath('/api/media/videos/{jobId}/shares'),
      summary: 'Create a public link to a finished video (owner only)',
      description:
        'The token is 32 random bytes (base64url). The page shows the job’s prompt (read from the jobs service) unless `hidePrompt`. At most 20 unrevoked links per video (409).',
      params: MediaJobIdParamsSchema,
      body: ShareLinkCreateRequestSchema,
      owned: OWN_JOB,
      responses: { 201: { description: 'The new link', schema: ShareLinkResponseSchema } },
      problems: [404, 409],
    })
    .add({
      ...media,
      method: 'post',
      path: platformPath('/api/media/videos/{jobId}/shares/{linkId}/revoke'),
      summary: 'Revoke a link: its page, video and thumbnail answer 404 from now on (idempotent)',
      params: ShareLinkParamsSchema,
      owned: OWN_JOB,
      responses: { 200: { description: 'The link, revoked', schema: ShareLinkResponseSchema } },
      problems: [404],
    })
    .add({
      ...pages,
      method: 'get',
      path: '/v/{token}',
      summary: 'The public page of a shared video (server-rendered HTML with Open Graph and Twitter tags)',
      description:
        'Each answer counts one view. `noindex` (meta and `X-Robots-Tag`) unless the owner allowed indexing. Rate limited per address.',
      params: ShareTokenParamsSchema,
      responses: {
        200: { description: 'The page', contentType: HTML_PAGE },
        404: {
          description:
            'No such link, or expired, or revoked: an HTML page when `text/html` is accepted, else a problem',
          contentType: HTML_PAGE,
        },
      },
      problems: [404],
    })
    .add({
      ...pages,
      method: 'get',
      path: '/v/{token}/video',
      summary: "A shared video's bytes (the link is checked on every request)",
      params: ShareTokenParamsSchema,
      responses: {
        200: { description: 'The whole video', contentType: 'video/mp4' },
        206: { description: 'The requested range', contentType: 'video/mp4' },
      },
      problems: [304, 404, 416],
    })
    .add({
      ...pages,
      method: 'get',
      path: '/v/{token}/thumbnail',
      summary: "A shared video's thumbnail (og:image)",
      params: ShareTokenParamsSchema,
      responses: { 200: { description: 'The thumbnail', contentType: 'image/jpeg' } },
      problems: [304, 404],
    })
    .add({
      ...pages,
      method: 'post',
      path: '/v/{token}/reports',
      summary: 'Report a shared video (anyone, signed out too)',
      description:
        'From the page’s own origin only (`Origin`, or `Sec-Fetch-Site: same-origin`; 403 otherwise), 10 an hour per address. The page’s form posts `application/x-www-form-urlencoded` and is answered with an HTML page; JSON is answered 204.',
      params: ShareTokenParamsSchema,
      body: ShareReportRequestSchema,
      browserGuards: false,
      responses: {
        200: { description: 'Thanks (to the HTML form)', contentType: HTML_PAGE },
        204: { description: 'Reported' },
      },
      problems: [403, 404, 413],
    })
    .add({
      tags: ['admin'],
      proxied: true,
      method: 'get',
      path: platformPath('/admin/share-reports'),
      summary: 'Reports of shared videos, newest first, with each link’s state',
      query: ShareReportsQuerySchema,
      responses: { 200: { description: 'One page', schema: ShareReportsPageSchema } },
      problems: [403],
    })
    .add({
      tags: ['admin'],
      proxied: true,
      method: 'post',
      path: platformPath('/admin/share-links/{id}/revoke'),
      summary: 'Revoke any share link (audited)',
      params: AdminIdParamsSchema,
      destructive: true,
      responses: { 200: { description: 'The link, revoked', schema: ShareLinkResponseSchema } },
      problems: [404],
    });
}
