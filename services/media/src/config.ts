import { z } from 'zod';
import { internalTokenKeyCheck, objectStorageCheck, objectStorageEnv, serviceBaseEnv, storageEnv } from '@kadr/config';

/** The media service's environment (see README.md). */
export const mediaConfigSchema = z
  .object({
    ...serviceBaseEnv(8084),
    /** Where browsers reach the product (the gateway): the filesystem store's signed URLs start with it. */
    PUBLIC_URL: z.url({ error: 'must be an absolute URL' }).default('http://127.0.0.1:8080'),
    /** How long a signed video or thumbnail URL stays valid. */
    MEDIA_URL_TTL_SECONDS: z.coerce
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .min(60, { error: 'must be at least 60' })
      .max(86_400, { error: 'must be at most 86400 (one day)' })
      .default(900),
    /** How often start-image uploads older than a day are looked for and deleted (default hourly). */
    UPLOAD_SWEEP_INTERVAL_MS: z.coerce
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .min(1_000, { error: 'must be at least 1000' })
      .default(3_600_000),
    /** The filesystem store's URL-signing key (at least 32 characters); required without S3. */
    MEDIA_SIGNING_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),

    /** Embedded mode: records persist under DATA_DIR/media, blobs under DATA_DIR/media-blobs. */
    ...storageEnv('media'),

    /** Object storage for videos and thumbnails (distributed mode); unset: the local filesystem. */
    ...objectStorageEnv,
    /** Where browsers fetch media (presigned URLs are signed for it); unset: S3_ENDPOINT. */
    S3_PUBLIC_ENDPOINT: z.url({ error: 'must be an absolute URL' }).optional(),
  })
  .check(internalTokenKeyCheck)
  .superRefine(objectStorageCheck)
  .superRefine((config, ctx) => {
    if (!config.S3_ENDPOINT && !config.MEDIA_SIGNING_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['MEDIA_SIGNING_SECRET'],
        message: 'required without S3_ENDPOINT: the key that signs the local blob store URLs (at least 32 characters)',
      });
    }
  });

export type MediaConfig = z.output<typeof mediaConfigSchema>;
