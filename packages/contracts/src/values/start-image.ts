/**
 * Image-to-video's start image (issue 21): what a browser may upload, and how jobs name it. The
 * browser uploads to `uploads/<userId>/<uploadId>` with a presigned form from media; creating a job
 * copies the checked image into the job's folder as `users/<userId>/jobs/<jobId>/start-image`,
 * which is also what a remix of that job refers to.
 */

export const START_IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type StartImageContentType = (typeof START_IMAGE_CONTENT_TYPES)[number];

/** 10 MB and 4096 px on the longer side. */
export const MAX_START_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_START_IMAGE_SIDE = 4096;

/** How long an upload form stays valid; an upload no job took is deleted after a day. */
export const START_IMAGE_UPLOAD_TTL_SECONDS = 300;
export const UNUSED_UPLOAD_LIFETIME_HOURS = 24;

/** The folder of every upload, and the one of a user (what a user purge removes too). */
export const UPLOADS_FOLDER = 'uploads/';
export const uploadFolderOf = (userId: string): string => `${UPLOADS_FOLDER}${userId}/`;

/** The name of a job's copy of its start image, inside the job's folder. */
export const startImageKeyOf = (userId: string, jobId: string): string => `users/${userId}/jobs/${jobId}/start-image`;
