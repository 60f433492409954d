import { readFile } from 'node:fs/promises';
import type * as Mp4BoxModule from 'mp4box';
import type { VideoFacts } from '../ffmpeg/video-probe';

/* eslint-disable @typescript-eslint/no-require-imports -- Required on the first description, not with the
   worker: ~350 kB of parser, 40 ms of every start-up (issue 19). */
const mp4box = () => require('mp4box') as typeof Mp4BoxModule;
/* eslint-enable @typescript-eslint/no-require-imports */

/** The H.264 profiles that only code 8-bit 4:2:0 (Baseline, Main, Extended, High): ffmpeg's `yuv420p`. */
const YUV420P_PROFILES = new Set([66, 77, 88, 100]);

/**
 * A rendered MP4's description read from its boxes — codec, pixel format, frame, length — without
 * starting ffmpeg or decoding a frame (gpac's mp4box.js reads the `moov` box). Used on the local
 * renderer's own output, whose picture was checked while it was rendered (local-provider.ts): starting
 * an ffmpeg process just to describe the file cost more than the pipeline's whole budget (issue 19).
 * The pixel format follows from the H.264 profile in the `avcC` box: the profiles up to High code
 * 8-bit 4:2:0 only. Anything else — another codec, a High 10 or 4:4:4 profile, no video track — is
 * described as such, and the output check refuses it.
 */
export async function describeMp4(file: string): Promise<VideoFacts> {
  const bytes = await readFile(file);
  const movie = parseMovie(bytes);
  const track = movie?.videoTracks[0];
  if (!movie || !track) throw new Error('the file has no video stream');
  const avc = /^avc[13]\.([0-9a-f]{2})/i.exec(track.codec);
  const profile = avc ? parseInt(avc[1]!, 16) : undefined;
  return {
    codec: avc ? 'h264' : track.codec.split('.')[0]!,
    pixelFormat: profile !== undefined && YUV420P_PROFILES.has(profile) ? 'yuv420p' : `unknown (${track.codec})`,
    width: track.video?.width ?? track.track_width,
    height: track.video?.height ?? track.track_height,
    durationSeconds: track.timescale > 0 ? track.duration / track.timescale : 0,
    sizeBytes: bytes.length,
  };
}

function parseMovie(bytes: Buffer): Mp4BoxModule.Movie | undefined {
  const { createFile, MP4BoxBuffer } = mp4box();
  const file = createFile();
  let movie: Mp4BoxModule.Movie | undefined;
  let failure: string | undefined;
  file.onReady = (info) => {
    movie = info;
  };
  file.onError = (module, message) => {
    failure = `${module}: ${message}`;
  };
  const buffer = MP4BoxBuffer.fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length), 0);
  file.appendBuffer(buffer, true);
  file.flush();
  if (failure) throw new Error(`the file is not a readable MP4 (${failure})`);
  return movie;
}
