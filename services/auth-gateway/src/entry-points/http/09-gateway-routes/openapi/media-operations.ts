import {
  MediaJobIdParamsSchema,
  MediaLinkQuerySchema,
  MediaPageQuerySchema,
  MediaPageResponseSchema,
  SignedUploadFormSchema,
  StartImageUploadRequestSchema,
  StartImageUploadResponseSchema,
  ThumbnailResponseSchema,
  VideoStreamResponseSchema,
} from '@kadr/contracts';
import type { OpenApiRegistry, OwnedResource } from './openapi-registry';
import { platformPath } from './platform-path';

const OWN_JOB: OwnedResource = { kind: 'job', in: 'path', name: 'jobId' };
const REDIRECT = { description: 'To the signed URL', headers: { Location: 'The signed URL' } };
const BYTES_PROBLEMS = [304, 404, 416];

/**
 * Media's public routes and the gateway's same-origin byte routes (`/video/{jobId}`,
 * `/thumbs/{jobId}`). Someone else's video is the same 404 as a missing one.
 */
export function addMediaOperations(registry: OpenApiRegistry): OpenApiRegistry {
  const common = { tags: ['media'], proxied: true };
  const video = (path: string, summary: string) =>
    registry.add({
      ...common,
      method: 'get',
      path,
      summary,
      description: 'Range requests are answered with 206; `If-None-Match` with 304.',
      params: MediaJobIdParamsSchema,
      owned: OWN_JOB,
      responses: {
        200: { description: 'The whole video', contentType: 'video/mp4' },
        206: { description: 'The requested range', contentType: 'video/mp4' },
      },
      problems: BYTES_PROBLEMS,
    });
  const thumbnail = (path: string, summary: string) =>
    registry.add({
      ...common,
      method: 'get',
      path,
      summary,
      params: MediaJobIdParamsSchema,
      owned: OWN_JOB,
      responses: { 200: { description: 'The thumbnail', contentType: 'image/jpeg' } },
      problems: BYTES_PROBLEMS,
    });

  video('/video/{jobId}', 'Play a video (same origin)');
  video(platformPath('/api/media/videos/{jobId}/content'), "A video's bytes");
  thumbnail('/thumbs/{jobId}', "A video's thumbnail (same origin)");
  thumbnail(platformPath('/api/media/thumbnail/{jobId}/content'), "A thumbnail's bytes");
  const startImage = (path: string, summary: string) =>
    registry.add({
      ...common,
      method: 'get',
      path,
      summary,
      description: 'The image an image-to-video job started from (issue 21); 404 for a job without one.',
      params: MediaJobIdParamsSchema,
      owned: OWN_JOB,
      responses: { 200: { description: 'The image (JPEG, PNG or WebP)', contentType: 'image/*' } },
      problems: BYTES_PROBLEMS,
    });
  startImage('/start-images/{jobId}', "A job's start image (same origin)");
  startImage(platformPath('/api/media/start-images/{jobId}/content'), "A start image's bytes");
  return registry
    .add({
      ...common,
      method: 'post',
      path: '/blobs',
      summary: 'Send a start image with its upload form (embedded mode)',
      description:
        "The embedded filesystem store's stand-in for S3's POST Object: the fields of an upload form (`POST /bff/platform/api/media/uploads`), then the file last, named `file`. No session or CSRF token: the signed policy is the authorisation. 204 when stored; 403 for a bad or expired signature or fields that are not the policy's, 400 for an empty file, a larger one than the form allows, or a body that is not such a form, 413 past the gateway's limit. With S3 the browser posts to the object store instead.",
      public: true,
      browserGuards: false,
      body: SignedUploadFormSchema,
      bodyContentType: 'multipart/form-data',
      responses: { 204: { description: 'Stored' } },
      problems: [400, 403, 413],
    })
    .add({
      ...common,
      method: 'post',
      path: platformPath('/api/media/uploads'),
      summary: 'An upload form for a start image',
      description:
        'For image-to-video: declare the image (JPEG, PNG or WebP, at most 10 MB), then POST a multipart/form-data body to `upload.url` with every field of `upload.fields` and the file last, named `file` (204 when stored; 4xx and nothing stored for another type, a larger or an empty file, or an expired form, valid 5 minutes). Pass `image` as `POST /jobs` `image`; an upload no job took is deleted after 24 hours.',
      body: StartImageUploadRequestSchema,
      responses: { 201: { description: 'The form and the image name', schema: StartImageUploadResponseSchema } },
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/api/media/videos'),
      summary: "The user's gallery, newest first",
      query: MediaPageQuerySchema,
      responses: { 200: { description: 'One page', schema: MediaPageResponseSchema } },
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/api/media/videos/{jobId}/stream'),
      summary: 'A short-lived signed URL of a video',
      params: MediaJobIdParamsSchema,
      query: MediaLinkQuerySchema,
      owned: OWN_JOB,
      responses: {
        200: { description: 'With `format=json`', schema: VideoStreamResponseSchema },
        302: REDIRECT,
      },
      problems: [404],
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/api/media/thumbnail/{jobId}'),
      summary: 'A short-lived signed URL of a thumbnail',
      params: MediaJobIdParamsSchema,
      query: MediaLinkQuerySchema,
      owned: OWN_JOB,
      responses: {
        200: { description: 'With `format=json`', schema: ThumbnailResponseSchema },
        302: REDIRECT,
      },
      problems: [404],
    });
}
