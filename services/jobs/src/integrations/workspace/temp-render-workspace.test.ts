import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { BlobStore } from '@kadr/blob-store';
import { TempRenderWorkspaces } from './temp-render-workspace';

/** A blob store that keeps what was put (only `put` is used by a workspace). */
function recordingBlobs() {
  const stored = new Map<string, { bytes: string; contentType: string }>();
  const blobs = {
    async put(key: string, body: Buffer | Readable, options: { contentType: string }) {
      const chunks: Buffer[] = [];
      for await (const chunk of body as Readable) chunks.push(chunk as Buffer);
      stored.set(key, { bytes: Buffer.concat(chunks).toString('utf8'), contentType: options.contentType });
    },
  } as unknown as BlobStore;
  return { blobs, stored };
}

describe('TempRenderWorkspaces', () => {
  it('opens a private folder in the temp folder per attempt, uploads its files, and removes it', async () => {
    const { blobs, stored } = recordingBlobs();
    const workspaces = new TempRenderWorkspaces(blobs);
    const first = await workspaces.open('0123456789-job');
    const second = await workspaces.open('0123456789-job');
    expect(first.dir).not.toBe(second.dir);
    expect(path.dirname(first.dir)).toBe(os.tmpdir());
    expect(path.basename(first.dir)).toMatch(/^kadr-job-01234567-/);
    expect(path.dirname(first.pathOf('thumbnail.jpg'))).toBe(first.dir);

    const file = first.pathOf('video.mp4');
    await writeFile(file, 'frames');
    await first.upload('users/u/jobs/j/video.mp4', file, 'video/mp4');
    // A retry reads the file afresh.
    await first.upload('users/u/jobs/j/video.mp4', file, 'video/mp4');
    expect(stored.get('users/u/jobs/j/video.mp4')).toEqual({ bytes: 'frames', contentType: 'video/mp4' });

    await first.remove();
    await second.remove();
    expect(existsSync(first.dir)).toBe(false);
    expect(existsSync(second.dir)).toBe(false);
    await expect(first.remove()).resolves.toBeUndefined();
  });
});
