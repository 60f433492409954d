import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import npmFfmpeg from '@ffmpeg-installer/ffmpeg';
import npmFfprobe from '@ffprobe-installer/ffprobe';
import { FfmpegBinaryError, resolveFfmpegBinaries } from './ffmpeg-binaries';

describe('ffmpeg/ffprobe resolution', () => {
  let dir: string;
  let systemDir: string;
  let emptyDir: string;
  const npm = (name: string) => path.join(dir, 'npm', name);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kadr-ffmpeg-binaries-'));
    systemDir = path.join(dir, 'bin');
    emptyDir = path.join(dir, 'empty');
    for (const sub of [systemDir, emptyDir, path.join(dir, 'npm')]) await mkdir(sub);
    for (const file of [
      path.join(systemDir, 'ffmpeg'),
      path.join(systemDir, 'ffprobe'),
      npm('ffmpeg'),
      npm('ffprobe'),
    ]) {
      await writeFile(file, '#!/bin/sh\n');
      await chmod(file, 0o755);
    }
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('uses a configured path exactly, whatever is on PATH', () => {
    const binaries = resolveFfmpegBinaries(
      { FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg', FFPROBE_PATH: 'ffprobe' },
      { pathEnv: systemDir, npmBinary: npm },
    );
    expect(binaries).toEqual({
      ffmpeg: { path: '/opt/ffmpeg/bin/ffmpeg', source: 'configured' },
      ffprobe: { path: 'ffprobe', source: 'configured' },
    });
  });

  it('prefers the system binaries on PATH over the npm packages', () => {
    const binaries = resolveFfmpegBinaries({}, { pathEnv: `${emptyDir}${path.delimiter}${systemDir}`, npmBinary: npm });
    expect(binaries).toEqual({
      ffmpeg: { path: path.join(systemDir, 'ffmpeg'), source: 'system' },
      ffprobe: { path: path.join(systemDir, 'ffprobe'), source: 'system' },
    });
  });

  it('falls back to the npm packages when PATH has none (a file on PATH that may not run does not count)', async () => {
    const notRunnable = path.join(dir, 'not-runnable');
    await mkdir(notRunnable);
    await writeFile(path.join(notRunnable, 'ffmpeg'), '#!/bin/sh\n', { mode: 0o644 });
    const binaries = resolveFfmpegBinaries({}, { pathEnv: notRunnable, npmBinary: npm });
    expect(binaries).toEqual({
      ffmpeg: { path: npm('ffmpeg'), source: 'npm package' },
      ffprobe: { path: npm('ffprobe'), source: 'npm package' },
    });
  });

  it('finds the installed npm packages’ binaries with an empty PATH', () => {
    const binaries = resolveFfmpegBinaries({}, { pathEnv: emptyDir });
    expect(binaries.ffmpeg).toEqual({ path: npmFfmpeg.path, source: 'npm package' });
    expect(binaries.ffprobe).toEqual({ path: npmFfprobe.path, source: 'npm package' });
  });

  it('reports nothing found rather than a path that cannot exist', () => {
    const binaries = resolveFfmpegBinaries({}, { pathEnv: emptyDir, npmBinary: () => undefined });
    expect(binaries.ffmpeg).toEqual({ path: 'ffmpeg', source: 'not found' });
  });

  it('refuses an npm binary this user may not execute, naming the variable to set', async () => {
    const probe = path.join(dir, 'npm-0644-ffprobe');
    // 0644: not executable even for root (npm 11 skips the package's chmod postinstall).
    await writeFile(probe, '#!/bin/sh\n', { mode: 0o644 });
    const lookup = { pathEnv: emptyDir, npmBinary: (name: string) => (name === 'ffprobe' ? probe : npm(name)) };
    expect(() => resolveFfmpegBinaries({}, lookup)).toThrow(FfmpegBinaryError);
    expect(() => resolveFfmpegBinaries({}, lookup)).toThrow(
      /ffprobe from the npm package @ffprobe-installer\/ffprobe \(.*npm-0644-ffprobe\) is not executable by this user: set FFPROBE_PATH/,
    );
  });

  it('refuses a configured path that exists but may not be executed, naming its variable', async () => {
    const ffmpeg = path.join(dir, 'configured-0644-ffmpeg');
    await writeFile(ffmpeg, '#!/bin/sh\n', { mode: 0o644 });
    expect(() => resolveFfmpegBinaries({ FFMPEG_PATH: ffmpeg }, { pathEnv: systemDir })).toThrow(
      /ffmpeg of FFMPEG_PATH \(.*\) is not executable by this user: set FFMPEG_PATH/,
    );
  });
});
