import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Files a browser fetches as text; source maps (devtools only) and Vite's manifest (.vite/) are left out. */
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The variants a server picks from by Accept-Encoding: brotli at its best (11), gzip at its best (9). */
const VARIANTS: { extension: string; compress: (data: Buffer) => Promise<Buffer> }[] = [
  {
    extension: '.br',
    compress: (data) =>
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { extension: '.gz', compress: (data) => gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }) },
];

async function textFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !path.relative(dir, file).split(path.sep).includes('.vite'));
}

/**
 * Writes `<file>.br` and `<file>.gz` next to every text file of `dir`: compressed once at build
 * time at the highest levels, so neither the gateway (express-static-gzip) nor nginx (gzip_static)
 * compresses per request. A variant that would not be smaller than the file (a tiny file) is not
 * written: the server then sends the file as it is. Returns the files it compressed.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const files = await textFiles(dir);
  // zlib's async calls run on libuv's thread pool: the files compress in parallel.
  await Promise.all(
    files.map(async (file) => {
      const data = await fs.readFile(file);
      await Promise.all(
        VARIANTS.map(async ({ extension, compress }) => {
          const compressed = await compress(data);
          if (compressed.length < data.length) await fs.writeFile(file + extension, compressed);
          else await fs.rm(file + extension, { force: true });
        }),
      );
    }),
  );
  return files;
}

/** The Vite plugin: every production build (`vite build` from any caller) ends with its files precompressed. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kadr-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
