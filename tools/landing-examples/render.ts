// Renders the landing page's example clips (web/public/examples) with the local renderer's own scene, so the
// examples are what Kadr really makes. Run: node --conditions=kadr-source --import tsx tools/landing-examples/render.ts
import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveFfmpegBinaries } from '../../services/jobs/src/integrations/ffmpeg/ffmpeg-binaries';
import { detectFfmpegFeatures } from '../../services/jobs/src/integrations/ffmpeg/ffmpeg-features';
import { designScene } from '../../services/jobs/src/integrations/providers/local/scene';

const out = process.argv[2] ?? path.join(__dirname, '../../web/public/examples');
mkdirSync(out, { recursive: true });
const font = '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf';
// The service's own choice of ffmpeg (FFMPEG_PATH, else the system's, else the npm package's) and its scene for it.
const ffmpeg = resolveFfmpegBinaries(process.env).ffmpeg.path;
const examples = [
  { name: 'tatra-sunrise', prompt: 'Sunrise over the Tatra mountains, slow drone flight through mist', seed: 3 },
  { name: 'neon-rain', prompt: 'Neonowe miasto nocą, deszcz odbija światła witryn', seed: 2 },
  { name: 'deep-sea', prompt: 'Jellyfish glowing in deep blue water, calm and dreamy', seed: 21 },
];
const W = 640,
  H = 360,
  FPS = 24,
  D = 4;
async function main(): Promise<void> {
  const { gradients } = await detectFfmpegFeatures(ffmpeg);
  for (const ex of examples) renderExample(ex, gradients);
}

function renderExample(ex: (typeof examples)[number], gradientSource: boolean): void {
  const scene = designScene({
    prompt: ex.prompt,
    seed: ex.seed,
    width: W,
    height: H,
    fps: FPS,
    durationSeconds: D,
    gradientSource,
  });
  const dir = path.join(os.tmpdir(), 'kadr-landing-examples', ex.name);
  mkdirSync(dir, { recursive: true });
  const textFiles = scene.lines.map((line, i) => {
    const f = path.join(dir, `line-${i}.txt`);
    writeFileSync(f, line);
    return f;
  });
  const mp4 = path.join(out, `${ex.name}.mp4`);
  execFileSync(
    ffmpeg,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      ...scene.inputs,
      '-filter_complex',
      scene.filterGraph(textFiles, font),
      '-map',
      '[v]',
      '-frames:v',
      String(D * FPS),
      '-r',
      String(FPS),
      '-c:v',
      'libx264',
      '-preset',
      'slow',
      '-crf',
      process.env.CRF ?? '30',
      '-pix_fmt',
      'yuv420p',
      '-g',
      String(FPS * 2),
      '-movflags',
      '+faststart',
      '-an',
      mp4,
    ],
    { stdio: 'inherit' },
  );
  // Poster: a frame after every line of text has faded in.
  const webp = path.join(out, `${ex.name}.webp`);
  execFileSync(
    ffmpeg,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-ss',
      '2.8',
      '-i',
      mp4,
      '-frames:v',
      '1',
      '-c:v',
      'libwebp',
      '-quality',
      '78',
      webp,
    ],
    { stdio: 'inherit' },
  );
  console.log(ex.name, scene.lines, statSync(mp4).size, statSync(webp).size);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
