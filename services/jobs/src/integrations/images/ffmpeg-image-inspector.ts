import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { imageSize } from 'image-size';
import type { ImageInspection, ImageInspector } from '../../domain/jobs/start-image-check';
import { runFfmpeg } from '../ffmpeg/ffmpeg-process';

/** image-size's names for the three formats a start image may have; anything else is not one. */
const TYPE_OF_FORMAT: Record<string, ImageInspection['type']> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * Looks at a start image in two steps, cheapest first: the header alone (format by magic bytes and
 * the dimensions it claims, via image-size — a decompression bomb is refused here, before any
 * pixel is decoded), then a real decode of the whole image by ffmpeg into nothing (`-f null`), so a
 * truncated or corrupt file is caught before a worker would try to render it.
 */
export class FfmpegImageInspector implements ImageInspector {
  constructor(private readonly ffmpegPath: string) {}

  readHeader(head: Buffer): Pick<ImageInspection, 'type' | 'width' | 'height'> | null {
    try {
      const { type, width, height } = imageSize(new Uint8Array(head));
      const known = type ? TYPE_OF_FORMAT[type] : undefined;
      return known && width > 0 && height > 0 ? { type: known, width, height } : null;
    } catch {
      return null;
    }
  }

  async decodes(image: Buffer, signal?: AbortSignal): Promise<boolean> {
    // ffmpeg probes a file better than a pipe (it seeks); the file lives only for the decode.
    const file = path.join(tmpdir(), `kadr-start-image-${randomUUID()}`);
    try {
      await writeFile(file, image);
      // -xerror: any decoding error fails the run (ffmpeg would otherwise conceal it and go on).
      await runFfmpeg({
        executable: this.ffmpegPath,
        args: ['-hide_banner', '-nostdin', '-v', 'error', '-xerror', '-i', file, '-frames:v', '1', '-f', 'null', '-'],
        signal,
      });
      return true;
    } catch {
      return false;
    } finally {
      await rm(file, { force: true });
    }
  }
}
