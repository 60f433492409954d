import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '@kadr/blob-store';
import type { RenderWorkspace, RenderWorkspaces } from '../../domain/generation/render-workspace';

/**
 * The worker's render workspaces: a fresh folder in the OS temp folder per attempt
 * (`kadr-job-<first 8 of the job id>-…`, named so a leftover is easy to trace), its files uploaded
 * to the blob store as streams (a video is never read into memory whole).
 */
export class TempRenderWorkspaces implements RenderWorkspaces {
  constructor(private readonly blobs: BlobStore) {}

  async open(jobId: string): Promise<RenderWorkspace> {
    const dir = await mkdtemp(path.join(os.tmpdir(), `kadr-job-${jobId.slice(0, 8)}-`));
    return {
      dir,
      pathOf: (name) => path.join(dir, name),
      upload: (key, filePath, contentType) => this.blobs.put(key, createReadStream(filePath), { contentType }),
      discardUpload: (key) => this.blobs.delete(key),
      download: async (key, name) => {
        const target = path.join(dir, name);
        const read = await this.blobs.get(key);
        await pipeline(read.body, createWriteStream(target));
        return target;
      },
      linkFor: (key, seconds) => this.blobs.presignGet(key, seconds),
      remove: () => rm(dir, { recursive: true, force: true }).catch(() => undefined),
    };
  }
}
