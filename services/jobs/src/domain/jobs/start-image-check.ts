import { BlobNotFoundError, type BlobStore } from '@kadr/blob-store';
import {
  MAX_START_IMAGE_BYTES,
  MAX_START_IMAGE_SIDE,
  START_IMAGE_REF_PATTERN,
  startImageKeyOf,
  uploadFolderOf,
  type StartImageContentType,
} from '@kadr/contracts';
import { InvalidJobRequestError } from '../errors';

/** What the header of an image says, once it is known to be one of the three formats. */
export interface ImageInspection {
  type: StartImageContentType;
  width: number;
  height: number;
}

/** The port: reading an image's header, and decoding it whole. */
export interface ImageInspector {
  /** The format (by magic bytes) and claimed size; null when it is none of JPEG, PNG, WebP. */
  readHeader(head: Buffer): ImageInspection | null;
  /** Whether the image decodes whole without errors. */
  decodes(image: Buffer, signal?: AbortSignal): Promise<boolean>;
}

/** Enough of a file for every header image-size reads (a JPEG's SOF may follow large EXIF blocks). */
const HEADER_BYTES = 512 * 1024;

const refuse = (message: string): InvalidJobRequestError => new InvalidJobRequestError({ image: message });

/** The one answer for a name that is not the caller's or does not exist: nobody learns which. */
const NO_SUCH_IMAGE = 'There is no such image. Upload it again.';

/**
 * The jobs service's check of a start image (issue 21), made when a job names it and before
 * anything is held: the name must be the caller's own (one of their uploads, or the start image of
 * one of their jobs, which a remix reuses); the object must exist and be 1 byte to 10 MB; its magic
 * bytes must say JPEG, PNG or WebP whatever it was uploaded as; its header at most 4096 px a side;
 * and it must really decode. A refused upload of the caller's is deleted: nothing they cannot use is kept.
 */
export class StartImageCheck {
  constructor(
    private readonly blobs: BlobStore,
    private readonly inspector: ImageInspector,
  ) {}

  async accept(userId: string, image: string): Promise<ImageInspection> {
    if (!START_IMAGE_REF_PATTERN.test(image) || !isOwnImage(userId, image)) throw refuse(NO_SUCH_IMAGE);
    try {
      return await this.inspect(image);
    } catch (error) {
      if (error instanceof InvalidJobRequestError && image.startsWith(uploadFolderOf(userId))) {
        await this.blobs.delete(image);
      }
      throw error;
    }
  }

  /** The job's own copy of its start image, made once (a retried saga step finds it there). */
  async copyForJob(job: { id: string; userId: string; startImageSource?: string | null }): Promise<string | null> {
    if (!job.startImageSource) return null;
    const key = startImageKeyOf(job.userId, job.id);
    if (await this.blobs.head(key)) return key;
    let read;
    try {
      read = await this.blobs.get(job.startImageSource);
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw refuse(NO_SUCH_IMAGE);
      throw error;
    }
    await this.blobs.put(key, read.body, { contentType: read.info.contentType, cacheControl: 'private, max-age=3600' });
    return key;
  }

  /** A discarded job's copy (idempotent). */
  async discardCopy(job: { id: string; userId: string; startImageSource?: string | null }): Promise<void> {
    if (job.startImageSource) await this.blobs.delete(startImageKeyOf(job.userId, job.id));
  }

  private async inspect(image: string): Promise<ImageInspection> {
    const info = await this.blobs.head(image);
    if (!info) throw refuse(NO_SUCH_IMAGE);
    if (info.size === 0) throw refuse('The image is empty.');
    if (info.size > MAX_START_IMAGE_BYTES) {
      throw refuse(`The image is larger than ${MAX_START_IMAGE_BYTES / (1024 * 1024)} MB.`);
    }
    const bytes = await readWhole(this.blobs, image);
    const header = this.inspector.readHeader(bytes.subarray(0, HEADER_BYTES));
    if (!header) throw refuse('This file is not a JPEG, PNG or WebP image.');
    if (header.width > MAX_START_IMAGE_SIDE || header.height > MAX_START_IMAGE_SIDE) {
      throw refuse(`The image can be at most ${MAX_START_IMAGE_SIDE} pixels on a side.`);
    }
    if (!(await this.inspector.decodes(bytes))) throw refuse('This image could not be read: it may be damaged.');
    return header;
  }
}

/** One of the caller's uploads, or the start image of one of their jobs. */
function isOwnImage(userId: string, image: string): boolean {
  const upload = uploadFolderOf(userId);
  if (image.startsWith(upload)) return !image.slice(upload.length).includes('/');
  const jobs = `users/${userId}/jobs/`;
  return image.startsWith(jobs) && image.endsWith('/start-image');
}

async function readWhole(blobs: BlobStore, key: string): Promise<Buffer> {
  const read = await blobs.get(key);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of read.body) {
    size += (chunk as Buffer).length;
    // The head said at most 10 MB; a blob replaced meanwhile by a larger one is not read on.
    if (size > MAX_START_IMAGE_BYTES) {
      read.body.destroy();
      throw refuse(`The image is larger than ${MAX_START_IMAGE_BYTES / (1024 * 1024)} MB.`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
