#!/usr/bin/env node
/**
 * The initial-JavaScript budget: what a browser must download before the app can start — the
 * entry chunk of index.html and every chunk it imports statically, followed transitively — must
 * stay within 170 KiB (170 × 1024 bytes) gzip-compressed. Lazily loaded chunks (dynamic
 * `import()`, the pages behind `React.lazy`) do not count; they are listed for information.
 *
 *   node web/scripts/check-bundle-size.mjs              # vite build, then check
 *   node web/scripts/check-bundle-size.mjs --no-build   # check the existing web/dist
 *   … --by-package                                      # also: what the initial JavaScript is made of (source maps)
 *   … --json                                            # also print the result as one JSON line (last line)
 *
 * It reads Vite's manifest (dist/.vite/manifest.json; `build.manifest: true` in vite.config.ts)
 * and gzips each file at zlib's default level 6 (what `gzip` and most servers use). Exit 1 above
 * the budget, 2 when there is no build to read.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 170 * 1024;

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(webDir, 'dist');
const manifestPath = path.join(distDir, '.vite', 'manifest.json');

const args = new Set(process.argv.slice(2));

function build() {
  const require = createRequire(import.meta.url);
  const vitePkg = require.resolve('vite/package.json', { paths: [webDir] });
  const viteBin = path.join(path.dirname(vitePkg), JSON.parse(fs.readFileSync(vitePkg, 'utf8')).bin.vite);
  const result = spawnSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], {
    cwd: webDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One source-map segment's fields (Base64 VLQ). */
function decodeSegment(text) {
  const fields = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

/** `react-dom`, `@radix-ui/react-select`, or `src/<folder>` for the app's own code. */
function ownerOf(source) {
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (dependency) return dependency[1];
  const own = /(?:^|\/)(src\/[^/]+)/.exec(source);
  return own ? own[1] : 'other';
}

/**
 * Who the bytes of these chunks come from: each generated span is given to the source its map
 * names, spans are gathered per package (or src/ folder) and gzipped together — an estimate
 * (gzip of a part is not the part of a gzip), good enough to see what to split or drop.
 */
function byPackage(files) {
  const parts = new Map();
  for (const file of files) {
    const mapFile = path.join(distDir, `${file}.map`);
    if (!fs.existsSync(mapFile)) continue;
    const code = fs.readFileSync(path.join(distDir, file), 'utf8').split('\n');
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
    let source = 0;
    map.mappings.split(';').forEach((line, lineIndex) => {
      let column = 0;
      const starts = [];
      for (const segment of line.split(',').filter(Boolean)) {
        const fields = decodeSegment(segment);
        column += fields[0];
        if (fields.length > 1) source += fields[1];
        starts.push({ column, source: fields.length > 1 ? source : -1 });
      }
      const text = code[lineIndex] ?? '';
      starts.forEach((start, i) => {
        const end = starts[i + 1]?.column ?? text.length;
        const owner = start.source >= 0 ? ownerOf(map.sources[start.source] ?? '') : 'other';
        parts.set(owner, (parts.get(owner) ?? '') + text.slice(start.column, end));
      });
    });
  }
  return [...parts]
    .map(([owner, text]) => ({ owner, rawBytes: Buffer.byteLength(text), gzipBytes: gzipSync(text).length }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** Entry chunk + static imports (transitively): the files loaded before the app runs. */
function initialChunks(manifest) {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length === 0) throw new Error('the manifest names no entry chunk');
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  for (const [key] of entries) visit(key);
  return [...seen];
}

function measure(file) {
  const bytes = fs.readFileSync(path.join(distDir, file));
  return { file, rawBytes: bytes.length, gzipBytes: gzipSync(bytes).length };
}

function main() {
  if (!args.has('--no-build')) build();
  if (!fs.existsSync(manifestPath)) {
    process.stderr.write(`no ${path.relative(process.cwd(), manifestPath)}: build web first (vite build)\n`);
    process.exit(2);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const initialKeys = initialChunks(manifest);
  const initial = initialKeys.map((key) => measure(manifest[key].file)).filter((m) => m.file.endsWith('.js'));
  const initialFiles = new Set(initial.map((m) => m.file));
  const lazy = [
    ...new Set(
      Object.values(manifest)
        .map((chunk) => chunk.file)
        .filter((file) => file.endsWith('.js') && !initialFiles.has(file)),
    ),
  ].map(measure);
  const initialCss = [...new Set(initialKeys.flatMap((key) => manifest[key].css ?? []))].map(measure);

  const sum = (list, field) => list.reduce((total, m) => total + m[field], 0);
  const result = {
    initialGzipBytes: sum(initial, 'gzipBytes'),
    initialRawBytes: sum(initial, 'rawBytes'),
    budgetBytes: BUDGET_BYTES,
    lazyGzipBytes: sum(lazy, 'gzipBytes'),
    initialCssGzipBytes: sum(initialCss, 'gzipBytes'),
    initial,
    lazy,
  };
  result.withinBudget = result.initialGzipBytes <= BUDGET_BYTES;

  const width = Math.max(20, ...[...initial, ...lazy, ...initialCss].map((m) => m.file.length));
  const row = (label, file, m) =>
    `  ${label.padEnd(8)} ${file.padEnd(width)} ${kib(m.rawBytes).padStart(11)} ${kib(m.gzipBytes).padStart(11)}`;
  const lines = [`  ${'kind'.padEnd(8)} ${'file'.padEnd(width)} ${'raw'.padStart(11)} ${'gzip'.padStart(11)}`];
  for (const m of initial) lines.push(row('initial', m.file, m));
  for (const m of initialCss) lines.push(row('css', m.file, m));
  for (const m of lazy.sort((a, b) => b.gzipBytes - a.gzipBytes)) lines.push(row('lazy', m.file, m));
  lines.push(
    '',
    `initial JavaScript: ${kib(result.initialGzipBytes)} gzip (${result.initialGzipBytes} bytes; ${kib(result.initialRawBytes)} raw) ` +
      `of a ${kib(BUDGET_BYTES)} budget (170 × 1024 bytes) — ${result.withinBudget ? 'within budget' : 'OVER BUDGET'}`,
    `lazy chunks (not counted): ${lazy.length}, ${kib(result.lazyGzipBytes)} gzip; initial CSS (not counted): ${kib(result.initialCssGzipBytes)} gzip`,
  );
  if (args.has('--by-package')) {
    lines.push('', 'initial JavaScript by package (gzip of each part alone, an estimate):');
    for (const part of byPackage(initial.map((m) => m.file))) {
      lines.push(`  ${part.owner.padEnd(40)} ${kib(part.rawBytes).padStart(11)} ${kib(part.gzipBytes).padStart(11)}`);
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  if (args.has('--json')) process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(result.withinBudget ? 0 : 1);
}

main();
