import { createHash } from 'node:crypto';

/**
 * The local renderer's scene, derived deterministically from the prompt and a seed: a slowly
 * turning four-colour gradient, two soft glowing orbs drifting on Lissajous paths, the prompt's
 * words fading in line by line, and a vignette. Everything (palette, gradient style, speeds,
 * paths, timing) comes from SHA-256(prompt + seed), so the same prompt and seed give the same
 * frames and a different prompt gives a different scene.
 *
 * Cost (bench/render/README.md has the profile): what does not change is drawn once, what is
 * smooth is drawn small. The gradient is drawn at 320 pixels wide and scaled up (it has no
 * detail to lose: SSIM 0.997 against the full-size one); each orb is one frame that `overlay`
 * repeats; the vignette is one darkening layer laid over every frame, not recomputed per pixel
 * per frame. Text stays `drawtext`: with its glyphs cached it costs little per frame.
 */

export interface SceneRequest {
  prompt: string;
  seed: number;
  width: number;
  height: number;
  fps: number;
  durationSeconds: number;
  /**
   * Whether the ffmpeg has the `gradients` source (4.4 and later; default true). Without it (the
   * npm-shipped ffmpeg 4.1) the same palette and motion are drawn with `geq`, `scale` and `crop`.
   */
  gradientSource?: boolean;
  /**
   * Image-to-video (issue 21): the start image's file. It becomes the background — its first frame
   * is the image filling the frame — moved by a camera (a slow zoom towards a point, so it pans too)
   * chosen from the prompt and seed; the prompt's text fades in over it. No orbs or vignette: the
   * picture is the user's.
   */
  startImage?: string;
}

/** The camera over a start image: zoom from 1 to `zoom` towards the point (`x`, `y`) of the frame (0–1). */
export interface CameraMove {
  zoom: number;
  x: number;
  y: number;
}

export interface Scene {
  palette: string[];
  /** ffmpeg `gradients` type: 0 linear, 1 radial, 2 circular, 3 spiral. */
  gradientType: number;
  /** Lines of the prompt as shown (at most 4). */
  lines: string[];
  /** With a start image: how the camera moves over it. */
  camera?: CameraMove;
  /** ffmpeg's arguments for the inputs and the filter graph (output `[v]`); text files are named by index. */
  inputs: string[];
  filterGraph(textFiles: string[], fontFile: string | undefined): string;
}

/** A stream of numbers in [0, 1) from the hash; more bytes are hashed on as needed. */
function randomStream(seedText: string): () => number {
  let block = createHash('sha256').update(seedText).digest();
  let offset = 0;
  return () => {
    if (offset + 4 > block.length) {
      block = createHash('sha256').update(block).digest();
      offset = 0;
    }
    const value = block.readUInt32BE(offset) / 0x1_0000_0000;
    offset += 4;
    return value;
  };
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const q = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation;
  const p = 2 * lightness - q;
  const channel = (t: number) => {
    const x = ((t % 1) + 1) % 1;
    const v = x < 1 / 6 ? p + (q - p) * 6 * x : x < 1 / 2 ? q : x < 2 / 3 ? p + (q - p) * (2 / 3 - x) * 6 : p;
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `0x${channel(h + 1 / 3)}${channel(h)}${channel(h - 1 / 3)}`;
}

/** Splits the prompt into at most `maxLines` lines of about `width` characters (an ellipsis when cut). */
export function wrapPrompt(prompt: string, width = 30, maxLines = 4): string[] {
  const words = prompt.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const piece = word.length > width ? `${word.slice(0, width - 1)}…` : word;
    if (!current) current = piece;
    else if (current.length + 1 + piece.length <= width) current += ` ${piece}`;
    else {
      lines.push(current);
      current = piece;
    }
  }
  if (current) lines.push(current);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, width - 1)}…`;
    return kept;
  }
  return lines;
}

/**
 * Characters per line and lines of the prompt's text for a frame: 30 × 4 on a landscape frame; a narrower frame
 * (the same font size, from the short side) takes fewer characters per line and more lines.
 */
export function textBlockOf(width: number, height: number): [characters: number, lines: number] {
  if (width >= height * 1.5) return [30, 4];
  if (width >= height) return [18, 5];
  return [14, 7];
}

const fixed = (n: number, digits = 3) => n.toFixed(digits);

/** Escapes a value for an ffmpeg filter option (inside single quotes). */
const quoteOption = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "'\\''").replace(/:/g, '\\:')}'`;

export function designScene(request: SceneRequest): Scene {
  const { width: w, height: h, fps, durationSeconds: d } = request;
  const next = randomStream(`${request.prompt}\u0000${request.seed}`);
  const baseHue = next() * 360;
  const spread = 25 + next() * 50;
  const palette = [
    hslToHex(baseHue, 0.65 + next() * 0.25, 0.22 + next() * 0.1),
    hslToHex(baseHue + spread, 0.7 + next() * 0.2, 0.38 + next() * 0.12),
    hslToHex(baseHue + 180 + spread / 2, 0.7 + next() * 0.2, 0.45 + next() * 0.1),
    hslToHex(baseHue + 180 - spread, 0.6 + next() * 0.3, 0.28 + next() * 0.12),
  ];
  const glow = [hslToHex(baseHue + 90 + next() * 60, 0.9, 0.7), hslToHex(baseHue - 60 - next() * 60, 0.9, 0.65)];
  const gradientType = [0, 1, 3][Math.floor(next() * 3)] ?? 0;
  const gradientSpeed = 0.012 + next() * 0.03;
  const gradientSeed = Math.floor(next() * 1_000_000);
  // Sizes follow the frame's short side, so a portrait or square frame (issue 21) gets the landscape's proportions.
  const short = Math.min(w, h);
  const orbs = [0.62, 0.46].map((scale, i) => {
    const size = Math.max(16, Math.round((short * scale) / 2) * 2);
    return {
      size,
      color: glow[i]!,
      ax: 0.22 + next() * 0.14,
      ay: 0.16 + next() * 0.14,
      fx: 0.35 + next() * 0.6,
      fy: 0.3 + next() * 0.6,
      px: next() * Math.PI * 2,
      py: next() * Math.PI * 2,
    };
  });
  const lines = wrapPrompt(request.prompt, ...textBlockOf(w, h));
  const textDrift = 0.6 + next() * 0.8;
  // Drawn after everything above, so a start image leaves the text-to-video scene of a prompt and seed as it was.
  const camera = request.startImage ? cameraMoveOf(next) : undefined;

  const sources = request.startImage
    ? imageSources({ w, h, fps, d, image: request.startImage, camera: camera! })
    : request.gradientSource === false
      ? portableSources({ w, h, fps, d, palette, orbs, driftSpeed: gradientSpeed * 40 })
      : gradientSources({ w, h, fps, d, palette, orbs, gradientSpeed, gradientSeed, gradientType });

  return {
    palette,
    gradientType,
    lines,
    camera,
    inputs: sources.inputs,
    filterGraph(textFiles, fontFile) {
      const steps: string[] = [...sources.steps];
      let last = sources.background;
      sources.orbs.forEach((orbSource, i) => {
        const orb = orbs[i]!;
        const x = `(W-w)/2+W*${fixed(orb.ax)}*sin(t*${fixed(orb.fx)}+${fixed(orb.px)})`;
        const y = `(H-h)/2+H*${fixed(orb.ay)}*cos(t*${fixed(orb.fy)}+${fixed(orb.py)})`;
        steps.push(`${last}${orbSource}overlay=x='${x}':y='${y}':eval=frame[o${i}]`);
        last = `[o${i}]`;
      });
      const filters: string[] = [];
      if (fontFile) {
        const fontSize = Math.round(short / 13);
        const lineHeight = Math.round(fontSize * 1.3);
        const top = Math.round(h / 2 - (lines.length * lineHeight) / 2);
        textFiles.forEach((file, i) => {
          const delay = 0.25 + i * 0.35;
          filters.push(
            `drawtext=fontfile=${quoteOption(fontFile)}:textfile=${quoteOption(file)}:fontcolor=white:fontsize=${fontSize}` +
              `:x=(w-text_w)/2:y=${top + i * lineHeight}+h*0.012*sin(t*${fixed(textDrift)}+${i})` +
              `:shadowcolor=black@0.5:shadowx=${Math.max(1, Math.round(short / 240))}:shadowy=${Math.max(1, Math.round(short / 240))}` +
              `:alpha='min(1,max(0,(t-${fixed(delay)})/0.6))'`,
          );
        });
      }
      if (request.startImage) {
        steps.push(`${last}${[...filters, 'format=yuv420p'].join(',')}[v]`);
        return steps.join(';');
      }
      steps.push(`${last}${[...filters, 'format=yuv420p'].join(',')}[scene]`);
      steps.push(vignetteLayer(w, h, fps), '[scene][vignette]overlay,format=yuv420p[v]');
      return steps.join(';');
    },
  };
}

/**
 * The vignette as one layer laid over every frame instead of ffmpeg's `vignette` filter redoing
 * its per-pixel float work on each one. The filter multiplies each pixel's luma by a factor f
 * (and pulls its chroma towards grey by f); a black layer (luma 0, as the filter's product
 * reaches) with alpha 1 − f blends to the same. The factors are the filter's own: `vignette=PI/5`
 * on a frame of 255s (a grey `color` frame is 235, hence the `lut`), negated into the alpha.
 * `overlay` repeats the single frame to the end.
 */
export function vignetteLayer(w: number, h: number, fps: number): string {
  const oneFrame = `s=${w}x${h}:r=${fps}:d=${fixed(1 / fps, 4)}`;
  return (
    `color=c=white:${oneFrame},format=gray,lut=c0=255,vignette=PI/5:dither=0,negate[vignetteAlpha];` +
    `color=c=black:${oneFrame},format=yuv420p,lutyuv=y=0[vignetteBlack];` +
    `[vignetteBlack][vignetteAlpha]alphamerge[vignette]`
  );
}

/** The width the smooth background is drawn at before it is scaled to the frame. */
const BACKGROUND_WIDTH = 320;

interface Orb {
  size: number;
  color: string;
}

/** Where the background and the orbs come from: `-i` inputs and/or filter-graph steps, and their labels. */
interface SceneSources {
  inputs: string[];
  steps: string[];
  background: string;
  orbs: string[];
}

interface SourceRequest {
  w: number;
  h: number;
  fps: number;
  d: number;
  palette: string[];
  orbs: Orb[];
}

/**
 * ffmpeg's own generator (libavutil/lfg.c: `av_lfg_init` seeds 64 words by chained MD5 of the
 * seed, `av_lfg_get` is a lagged Fibonacci step): what `gradients` draws its line's end points
 * with when given only a seed — x0, y0, x1, y1, each modulo the frame's width or height.
 */
export function ffmpegGradientLine(seed: number, w: number, h: number): [number, number, number, number] {
  const state = new Uint32Array(64);
  let block = Buffer.alloc(16);
  for (let i = 8; i < 64; i += 4) {
    block.writeUInt32LE(seed >>> 0, 0);
    block[4] = i;
    block = createHash('md5').update(block).digest();
    for (let k = 0; k < 4; k += 1) state[i + k] = block.readUInt32LE(4 * k);
  }
  let index = 0;
  const next = () => {
    const value = (state[(index - 24) & 63]! + state[(index - 55) & 63]!) >>> 0;
    state[index & 63] = value;
    index += 1;
    return value;
  };
  return [next() % w, next() % h, next() % w, next() % h];
}

/**
 * ffmpeg 4.4+: a turning `gradients` background and two radial `gradients` orbs of one frame
 * each, as lavfi inputs. The background is drawn small and scaled up in yuv420p, along the line
 * `gradients` picks for the full frame from the same seed, scaled down (the filter turns the line
 * about the centre, so the picture does not depend on the size): the same scene as drawing it
 * full size, for a sixteenth of the work.
 */
function gradientSources(
  request: SourceRequest & { gradientSpeed: number; gradientSeed: number; gradientType: number },
): SceneSources {
  const { w, h, fps, d, palette, orbs } = request;
  const smallW = Math.min(w, BACKGROUND_WIDTH);
  const smallH = Math.max(2, Math.round((smallW * h) / w / 2) * 2);
  const [x0, y0, x1, y1] = ffmpegGradientLine(request.gradientSeed, w, h);
  // Never the size itself: the filter takes an out-of-frame point as "pick one at random".
  const small = (value: number, full: number, to: number) => Math.min(to - 1, Math.round((value * to) / full));
  const source = (duration: number, options: string) => [
    '-f',
    'lavfi',
    '-i',
    `gradients=r=${fps}:d=${fixed(duration, 4)}:${options}`,
  ];
  return {
    inputs: [
      ...source(
        d,
        `s=${smallW}x${smallH}:n=4:c0=${palette[0]}:c1=${palette[1]}:c2=${palette[2]}:c3=${palette[3]}` +
          `:x0=${small(x0, w, smallW)}:y0=${small(y0, h, smallH)}:x1=${small(x1, w, smallW)}:y1=${small(y1, h, smallH)}` +
          `:speed=${fixed(request.gradientSpeed, 4)}:seed=${request.gradientSeed}:type=${request.gradientType}`,
      ),
      ...orbs.flatMap((orb) =>
        source(
          1 / fps,
          `s=${orb.size}x${orb.size}:n=2:c0=${orb.color}@0.85:c1=${orb.color}@0.0` +
            `:x0=${orb.size / 2}:y0=${orb.size / 2}:x1=${orb.size}:y1=${orb.size / 2}:type=radial:speed=0.00001:seed=1`,
        ),
      ),
    ],
    steps: [`[0:v]format=yuv420p,scale=${w}:${h}:flags=bicubic[bg]`],
    background: '[bg]',
    orbs: orbs.map((_, i) => `[${i + 1}:v]`),
  };
}

/** A zoom of 1.08–1.25× over the clip towards a point away from the edges: a push-in that also pans. */
export function cameraMoveOf(next: () => number): CameraMove {
  return { zoom: 1.08 + next() * 0.17, x: 0.2 + next() * 0.6, y: 0.2 + next() * 0.6 };
}

/**
 * The start image as the background: scaled (Lanczos) to cover twice the frame and centre-cropped
 * to its shape — twice, so `zoompan`'s whole-pixel crop steps are half a frame pixel and the move
 * is smooth — then `zoompan` makes every frame from that one picture: zoom 1 at the first frame (the
 * image filling the frame), easing to `camera.zoom` at the last, the crop drifting towards the
 * camera's point.
 */
function imageSources(request: {
  w: number;
  h: number;
  fps: number;
  d: number;
  image: string;
  camera: CameraMove;
}): SceneSources {
  const { w, h, fps, d, image, camera } = request;
  const frames = Math.round(d * fps);
  const last = Math.max(1, frames - 1);
  // Smoothstep of the frame's place in the clip: the camera starts and stops gently.
  const eased = `(3*pow(on/${last},2)-2*pow(on/${last},3))`;
  return {
    inputs: ['-i', image],
    steps: [
      `[0:v]scale=${w * 2}:${h * 2}:force_original_aspect_ratio=increase:flags=lanczos,crop=${w * 2}:${h * 2},setsar=1,` +
        `zoompan=z='1+${fixed(camera.zoom - 1)}*${eased}':x='(iw-iw/zoom)*${fixed(camera.x)}':y='(ih-ih/zoom)*${fixed(camera.y)}'` +
        `:d=${frames}:s=${w}x${h}:fps=${fps},format=yuv420p[bg]`,
    ],
    background: '[bg]',
    orbs: [],
  };
}

/** The 0..255 channels of a `0xRRGGBB` colour. */
const channelsOf = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i + 1, i + 3), 16));

/**
 * Older ffmpeg (the npm-shipped 4.1): the four palette colours blended corner to corner by `geq`
 * on a small frame, scaled up to one and a half times the picture and panned across it (`crop`
 * with time in x and y); each orb is one `geq` frame (colour with a radial alpha) that `overlay`
 * repeats. `geq` runs on small frames only, so it stays about as fast as `gradients`.
 */
function portableSources(request: SourceRequest & { driftSpeed: number }): SceneSources {
  const { w, h, fps, d, palette, orbs, driftSpeed } = request;
  const corners = palette.map(channelsOf);
  const u = 'X/(W-1)';
  const v = 'Y/(H-1)';
  const weights = [`(1-${u})*(1-${v})`, `${u}*(1-${v})`, `${u}*${v}`, `(1-${u})*${v}`];
  const channel = (c: number) => weights.map((weight, i) => `${corners[i]![c]}*${weight}`).join('+');
  const bigW = Math.round((w * 1.5) / 2) * 2;
  const bigH = Math.round((h * 1.5) / 2) * 2;
  const speed = fixed(driftSpeed);
  const background =
    `color=c=black:s=160x90:r=${fps}:d=${fixed(d)},format=gbrp,` +
    `geq=r='${channel(0)}':g='${channel(1)}':b='${channel(2)}',scale=${bigW}:${bigH}:flags=bicubic,` +
    `crop=${w}:${h}:x='(iw-ow)/2*(1+sin(t*${speed}))':y='(ih-oh)/2*(1+cos(t*${speed}*0.8))'[bg]`;
  const orbSteps = orbs.map((orb, i) => {
    const [r, g, b] = channelsOf(orb.color);
    const radius = orb.size / 2;
    return (
      `color=c=black:s=${orb.size}x${orb.size}:r=${fps}:d=${fixed(1 / fps)},format=gbrap,` +
      `geq=r=${r}:g=${g}:b=${b}:a='${fixed(255 * 0.85, 1)}*max(0,1-hypot(X-${radius},Y-${radius})/${radius})'[orb${i}]`
    );
  });
  return {
    inputs: [],
    steps: [background, ...orbSteps],
    background: '[bg]',
    orbs: orbs.map((_, i) => `[orb${i}]`),
  };
}
