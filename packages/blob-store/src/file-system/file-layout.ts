import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { InvalidBlobKeyError } from '../errors';

/**
 * Where the filesystem adapter keeps a key. Under `<root>/objects/` a key's segments become folders and
 * its last segment becomes two files: `<last>.blob` (the bytes) and `<last>.blob.json` (the sidecar).
 * The suffixes keep `a/b` (file `a/b.blob`) and `a/b/c` (folder `a/b/`) apart, as S3 allows both.
 * Temporary files live in `<root>/tmp/`, on the same filesystem, so a rename publishes them atomically.
 */

export const DATA_SUFFIX = '.blob';
export const SIDECAR_SUFFIX = '.blob.json';
/** Most filesystems cap a name at 255 bytes; the longest suffix must still fit. */
const MAX_SEGMENT_BYTES = 255 - Buffer.byteLength(SIDECAR_SUFFIX);

export interface KeyFiles {
  folder: string;
  data: string;
  sidecar: string;
}

export class FileLayout {
  readonly objectsFolder: string;
  readonly tmpFolder: string;

  constructor(root: string) {
    this.objectsFolder = join(root, 'objects');
    this.tmpFolder = join(root, 'tmp');
  }

  /** The files of a key that already passed assertValidKey. */
  filesOf(key: string): KeyFiles {
    const segments = key.split('/');
    this.assertStorableSegments(key, segments.slice(0, -1), segments.at(-1));
    const last = segments.pop() ?? '';
    const folder = join(this.objectsFolder, ...segments);
    return { folder, data: join(folder, last + DATA_SUFFIX), sidecar: join(folder, last + SIDECAR_SUFFIX) };
  }

  /**
   * A prefix (that passed assertValidPrefix) as the folder to look in and the start every name in it
   * must have: `a/b/c` → folder `a/b`, names starting with `c`; `a/b/` → folder `a/b`, every name.
   */
  prefixLocation(prefix: string): { folder: string; namePrefix: string } {
    const cut = prefix.lastIndexOf('/');
    const namePrefix = prefix.slice(cut + 1);
    const folders = cut < 0 ? [] : prefix.slice(0, cut).split('/');
    this.assertStorableSegments(prefix, folders, undefined);
    return {
      folder: join(this.objectsFolder, ...folders),
      namePrefix,
    };
  }

  tempFile(): string {
    return join(this.tmpFolder, `${randomUUID()}.tmp`);
  }

  private assertStorableSegments(key: string, folders: string[], last: string | undefined): void {
    for (const segment of folders) {
      if (segment.endsWith(DATA_SUFFIX) || segment.endsWith(SIDECAR_SUFFIX)) {
        throw new InvalidBlobKeyError(
          key,
          `the filesystem store reserves folder names ending in "${DATA_SUFFIX}" or "${SIDECAR_SUFFIX}"`,
        );
      }
    }
    for (const segment of last === undefined ? folders : [...folders, last]) {
      if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) {
        throw new InvalidBlobKeyError(
          key,
          `the filesystem store allows at most ${MAX_SEGMENT_BYTES} bytes per segment`,
        );
      }
    }
  }
}
