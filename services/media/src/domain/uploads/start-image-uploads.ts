import { randomUUID } from 'node:crypto';
import type { BlobStore } from '@kadr/blob-store';
import {
  MAX_START_IMAGE_BYTES,
  START_IMAGE_UPLOAD_TTL_SECONDS,
  startImageKeyOf,
  UNUSED_UPLOAD_LIFETIME_HOURS,
  uploadFolderOf,
  UPLOADS_FOLDER,
  type StartImageUploadRequest,
  type StartImageUploadResponse,
} from '@kadr/contracts';

export interface StartImageUploadsDeps {
  blobs: BlobStore;
  newId?: () => string;
  now?: () => Date;
}

/**
 * Media owns start-image uploads (issue 21): it hands out one-object upload forms scoped to the
 * user's own upload folder — the storage enforces the size and the declared type (S3 policy
 * conditions, or the gateway-served handler in embedded mode) — and sweeps away uploads older
 * than a day. The jobs service checks the image itself when a job names it and keeps its own copy
 * in the job's folder, so an upload is never needed after its first day.
 */
export class StartImageUploads {
  private readonly blobs: BlobStore;
  private readonly newId: () => string;
  private readonly now: () => Date;

  constructor({ blobs, newId = randomUUID, now = () => new Date() }: StartImageUploadsDeps) {
    this.blobs = blobs;
    this.newId = newId;
    this.now = now;
  }

  /** A form for one image of the declared type, at most the declared size (itself at most 10 MB). */
  async issueForm(userId: string, request: StartImageUploadRequest): Promise<StartImageUploadResponse> {
    const key = `${uploadFolderOf(userId)}${this.newId()}`;
    const maxBytes = Math.min(request.sizeBytes, MAX_START_IMAGE_BYTES);
    const upload = await this.blobs.presignPost({
      key,
      contentType: request.contentType,
      maxBytes,
      expiresInSeconds: START_IMAGE_UPLOAD_TTL_SECONDS,
    });
    const expiresAt = new Date(this.now().getTime() + START_IMAGE_UPLOAD_TTL_SECONDS * 1000).toISOString();
    return { image: key, upload, maxBytes, expiresAt };
  }

  /** Deletes every upload older than UNUSED_UPLOAD_LIFETIME_HOURS; returns how many. */
  async sweep(): Promise<number> {
    const cutoff = this.now().getTime() - UNUSED_UPLOAD_LIFETIME_HOURS * 3600 * 1000;
    let deleted = 0;
    for await (const upload of this.blobs.list(UPLOADS_FOLDER)) {
      if (upload.lastModified.getTime() >= cutoff) continue;
      await this.blobs.delete(upload.key);
      deleted += 1;
    }
    return deleted;
  }

  /** The key of a job's start image, when the viewer's own job has one. */
  async startImageOf(userId: string, jobId: string): Promise<{ key: string; contentType: string } | null> {
    const key = startImageKeyOf(userId, jobId);
    const info = await this.blobs.head(key);
    return info ? { key, contentType: info.contentType } : null;
  }
}
