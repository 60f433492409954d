import { readFile } from 'node:fs/promises';

/** What the filesystem adapter keeps next to each blob (size and mtime come from the data file itself). */
export interface Sidecar {
  contentType: string;
  cacheControl?: string;
  etag?: string;
}

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * Reads a sidecar. A missing or unreadable one (a crash between the two renames of a put, or a file
 * edited by hand) degrades to the S3 default content type instead of hiding the blob.
 */
export async function readSidecar(path: string): Promise<Sidecar> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return { contentType: DEFAULT_CONTENT_TYPE };
  }
  const fields = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
  return {
    contentType: text(fields.contentType) ?? DEFAULT_CONTENT_TYPE,
    cacheControl: text(fields.cacheControl),
    etag: text(fields.etag),
  };
}
