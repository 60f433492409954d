import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { mkdir, open, readdir, rename, rmdir, stat, unlink } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { assertValidKey, assertValidPrefix } from '../blob-key';
import { assertWellFormedRange, resolveByteRange } from '../byte-range';
import { BlobNotFoundError } from '../errors';
import type {
  BlobInfo,
  BlobListing,
  BlobRead,
  BlobStore,
  ByteRange,
  PresignedUpload,
  PutOptions,
  UploadPolicy,
} from '../port';
import { assertPresignExpiry } from '../presign-expiry';
import { DATA_SUFFIX, FileLayout, SIDECAR_SUFFIX } from './file-layout';
import { KeyedLock } from './keyed-lock';
import type { Sidecar } from './sidecar';
import { readSidecar } from './sidecar';
import { buildSignedUrl, DEFAULT_SIGNED_PATH_PREFIX, normalizePathPrefix, signingKeyFrom } from './signed-url';
import { buildUploadFields } from './signed-upload-policy';

export interface FileSystemBlobStoreOptions {
  /** Folder that holds everything (created when missing). */
  root: string;
  /** Origin (and optional base path) the signed URLs point at, e.g. `http://localhost:8080`. */
  publicBaseUrl: string;
  /** HMAC key for signed URLs (at least 32 bytes); give the same one to createSignedBlobHandler. */
  signingSecret: string | Buffer;
  /** Path the signed-blob handler is mounted at (default `/blobs`). */
  pathPrefix?: string;
  /** Clock in milliseconds, for tests. */
  now?: () => number;
}

const isMissing = (error: unknown): boolean => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

async function ignoreMissing(work: Promise<unknown>): Promise<boolean> {
  try {
    await work;
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/** The key segment a data file or sidecar belongs to; undefined for anything else. */
function segmentOfFile(fileName: string): string | undefined {
  if (fileName.endsWith(SIDECAR_SUFFIX)) return fileName.slice(0, -SIDECAR_SUFFIX.length);
  if (fileName.endsWith(DATA_SUFFIX)) return fileName.slice(0, -DATA_SUFFIX.length);
  return undefined;
}

/** Embedded-mode blob store: files under a root folder, served to browsers through HMAC-signed URLs. */
export class FileSystemBlobStore implements BlobStore {
  private readonly layout: FileLayout;
  private readonly signingKey: Buffer;
  private readonly now: () => number;
  private readonly keyLock = new KeyedLock();

  constructor(private readonly options: FileSystemBlobStoreOptions) {
    this.layout = new FileLayout(options.root);
    this.signingKey = signingKeyFrom(options.signingSecret);
    this.now = options.now ?? Date.now;
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void> {
    assertValidKey(key);
    const files = this.layout.filesOf(key);
    await mkdir(this.layout.tmpFolder, { recursive: true });
    const tmpData = this.layout.tempFile();
    const tmpSidecar = this.layout.tempFile();
    try {
      const etag = await this.writeDurably(tmpData, body);
      const sidecar: Sidecar = { contentType: options.contentType, cacheControl: options.cacheControl, etag };
      await this.writeDurably(tmpSidecar, Buffer.from(JSON.stringify(sidecar)));
      // Sidecar first: the data file is what makes a key exist, so a crash between the two renames
      // leaves at worst a stale sidecar, never a new blob without its content type.
      await this.keyLock.run(key, async () => {
        await this.moveIntoPlace(tmpSidecar, files.sidecar, files.folder);
        await this.moveIntoPlace(tmpData, files.data, files.folder);
      });
    } catch (error) {
      if (body instanceof Readable) body.destroy();
      await Promise.all([ignoreMissing(unlink(tmpData)), ignoreMissing(unlink(tmpSidecar))]);
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<BlobRead> {
    assertValidKey(key);
    if (range) assertWellFormedRange(range);
    const files = this.layout.filesOf(key);
    const opened = await this.keyLock.run(key, async () => {
      let handle;
      try {
        handle = await open(files.data, 'r');
      } catch (error) {
        if (isMissing(error)) throw new BlobNotFoundError(key);
        throw error;
      }
      try {
        return { handle, stats: await handle.stat(), sidecar: await readSidecar(files.sidecar) };
      } catch (error) {
        await handle.close();
        throw error;
      }
    });
    const { handle, stats } = opened;
    try {
      // Reading through the open handle keeps serving the bytes that existed at open time even if a
      // later put renames a new file over the key.
      const info = this.toInfo(stats, opened.sidecar);
      const selected = range ? resolveByteRange(range, stats.size, key) : undefined;
      const body = handle.createReadStream({ start: selected?.start, end: selected?.end, autoClose: true });
      return {
        body,
        info,
        range: selected,
        contentLength: selected ? selected.end - selected.start + 1 : stats.size,
      };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async head(key: string): Promise<BlobInfo | null> {
    assertValidKey(key);
    const files = this.layout.filesOf(key);
    return this.keyLock.run(key, async () => {
      let stats: Stats;
      try {
        stats = await stat(files.data);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return this.toInfo(stats, await readSidecar(files.sidecar));
    });
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    const files = this.layout.filesOf(key);
    await this.deleteKeyFiles(key);
    await this.pruneEmptyFolders(files.folder);
  }

  async deleteByPrefix(prefix: string): Promise<number> {
    assertValidPrefix(prefix);
    const { folder, namePrefix } = this.layout.prefixLocation(prefix);
    const folderKeyPrefix = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    const deleted = await this.deleteBelow(folder, folderKeyPrefix, (segment) => segment.startsWith(namePrefix));
    await this.pruneEmptyFolders(folder);
    return deleted;
  }

  async *list(prefix: string): AsyncIterable<BlobListing> {
    assertValidPrefix(prefix);
    const { folder, namePrefix } = this.layout.prefixLocation(prefix);
    const folderKeyPrefix = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    yield* this.listBelow(folder, folderKeyPrefix, (segment) => segment.startsWith(namePrefix));
  }

  presignPost(policy: UploadPolicy): Promise<PresignedUpload> {
    return Promise.resolve().then(() => {
      assertValidKey(policy.key);
      assertPresignExpiry(policy.expiresInSeconds);
      const base = this.options.publicBaseUrl.replace(/\/+$/, '');
      return {
        url: `${base}${normalizePathPrefix(this.options.pathPrefix ?? DEFAULT_SIGNED_PATH_PREFIX)}`,
        fields: buildUploadFields(this.signingKey, policy, Math.ceil(this.now() / 1000)),
      };
    });
  }

  /** Nothing to release: every operation opens and closes its own file handles. */
  close(): void {
    // Files are closed as each operation ends.
  }

  presignGet(key: string, expiresInSeconds: number): Promise<string> {
    // Through a promise so invalid input rejects rather than throws, as with the S3 adapter.
    return Promise.resolve().then(() => {
      assertValidKey(key);
      assertPresignExpiry(expiresInSeconds);
      // Rounding up keeps every URL valid for at least the seconds asked for.
      const expires = Math.ceil(this.now() / 1000) + expiresInSeconds;
      return buildSignedUrl({
        publicBaseUrl: this.options.publicBaseUrl,
        pathPrefix: this.options.pathPrefix ?? DEFAULT_SIGNED_PATH_PREFIX,
        signingKey: this.signingKey,
        key,
        expires,
      });
    });
  }

  /**
   * Deletes the blobs in `folder` (whose keys start with `keyPrefix`) whose next segment `selects`
   * accepts, recursing into selected sub-folders. Key by key, so the count is exact and each key's
   * two files go together under its lock.
   */
  private async deleteBelow(folder: string, keyPrefix: string, selects: (segment: string) => boolean): Promise<number> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    let deleted = 0;
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (!selects(entry.name)) continue;
        const subfolder = join(folder, entry.name);
        deleted += await this.deleteBelow(subfolder, `${keyPrefix}${entry.name}/`, () => true);
        await this.removeFolderIfEmpty(subfolder);
        continue;
      }
      const segment = segmentOfFile(entry.name);
      if (segment !== undefined && selects(segment) && (await this.deleteKeyFiles(keyPrefix + segment))) deleted += 1;
    }
    return deleted;
  }

  /** The blobs in `folder` whose next segment `selects` accepts, recursing into selected sub-folders. */
  private async *listBelow(
    folder: string,
    keyPrefix: string,
    selects: (segment: string) => boolean,
  ): AsyncIterable<BlobListing> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (selects(entry.name))
          yield* this.listBelow(join(folder, entry.name), `${keyPrefix}${entry.name}/`, () => true);
        continue;
      }
      // Sidecars and anything else are not blobs; a blob deleted since the readdir is skipped.
      if (!entry.name.endsWith(DATA_SUFFIX) || entry.name.endsWith(SIDECAR_SUFFIX)) continue;
      const segment = entry.name.slice(0, -DATA_SUFFIX.length);
      if (!selects(segment)) continue;
      try {
        const stats = await stat(join(folder, entry.name));
        yield { key: keyPrefix + segment, size: stats.size, lastModified: new Date(stats.mtimeMs) };
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
  }

  /** Removes a key's data file and sidecar; true when the data file (the blob) was there. */
  private deleteKeyFiles(key: string): Promise<boolean> {
    const files = this.layout.filesOf(key);
    return this.keyLock.run(key, async () => {
      const existed = await ignoreMissing(unlink(files.data));
      await ignoreMissing(unlink(files.sidecar));
      return existed;
    });
  }

  /** Removes empty folders from `folder` up to (not including) the objects folder. */
  private async pruneEmptyFolders(folder: string): Promise<void> {
    const isBelowObjects = (path: string): boolean => {
      const rel = relative(this.layout.objectsFolder, path);
      return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
    };
    for (let current = folder; isBelowObjects(current); current = dirname(current)) {
      if (!(await this.removeFolderIfEmpty(current))) return;
    }
  }

  private async removeFolderIfEmpty(folder: string): Promise<boolean> {
    try {
      await rmdir(folder);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTEMPTY' || code === 'EEXIST' || isMissing(error)) return false;
      throw error;
    }
  }

  /** Writes a body to a new file and flushes it to disk; returns an ETag (quoted SHA-256 of the bytes). */
  private async writeDurably(path: string, body: Buffer | Readable): Promise<string> {
    const hash = createHash('sha256');
    const handle = await open(path, 'wx');
    try {
      const chunks: AsyncIterable<Buffer | string> | Buffer[] = Buffer.isBuffer(body) ? [body] : body;
      for await (const chunk of chunks) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        hash.update(bytes);
        await handle.write(bytes);
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    return `"${hash.digest('hex')}"`;
  }

  /**
   * Renames a finished temporary file onto its final path. A concurrent delete may remove the (then
   * empty) folder between mkdir and rename, so ENOENT is retried a few times.
   */
  private async moveIntoPlace(from: string, to: string, folder: string): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      await mkdir(folder, { recursive: true });
      try {
        await rename(from, to);
        return;
      } catch (error) {
        if (!isMissing(error) || attempt >= 5) throw error;
      }
    }
  }

  private toInfo(stats: Stats, sidecar: Sidecar): BlobInfo {
    return {
      contentType: sidecar.contentType,
      size: stats.size,
      // A fresh Date rather than the one fs made (it may come from another realm, e.g. under jest).
      lastModified: new Date(stats.mtimeMs),
      etag: sidecar.etag,
      cacheControl: sidecar.cacheControl,
    };
  }
}
