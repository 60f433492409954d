/**
 * Render benchmark (issue 19): the local renderer's time against the length of the video it
 * makes (× real time), and the pipeline's own overhead around a render (POST /jobs → the job's
 * COMPLETED event, minus the render itself), on the jobs API + worker on memory adapters. Not
 * part of the test suite; it stops by itself (fixed numbers of renders and jobs).
 *
 *   node --conditions=kadr-source --import tsx bench/render/run.ts [--runs 3] [--jobs 7] [--cases standard,ultra,lite] [--frames DIR]
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { decodeEvent, JobProgressKind, type JobQuality, type JobSpeed } from '@kadr/contracts';
import {
  FfmpegInspector,
  FRAME_OF_QUALITY,
  LocalVideoProvider,
  X264_PRESET_OF_SPEED,
  type GenerationContext,
  type GenerationResult,
  type GenerationRequest,
  type VideoProvider,
} from '@kadr/jobs/testing';
import { startJobsStack } from '../jobs-stack';

const VIDEO_SECONDS = 5;
/** One prompt per run, the same ones on every commit, so before and after render the same scenes. */
const PROMPTS = [
  'A lighthouse on a stormy coast at dusk, waves crashing',
  'Neon koi fish in a midnight pond',
  'A paper boat drifting down a rainy street',
];

interface Case {
  name: string;
  quality: JobQuality;
  speed: JobSpeed;
}

const CASES: Record<string, Case> = {
  standard: { name: 'Standard 720p, Normal', quality: 'Standard', speed: 'Normal' },
  ultra: { name: 'Ultra 2160p, Normal', quality: 'Ultra', speed: 'Normal' },
  lite: { name: 'Lite 480p, Fast', quality: 'Lite', speed: 'Fast' },
};

function parseOptions(argv: string[]) {
  const value = (name: string) => {
    const at = argv.indexOf(`--${name}`);
    return at === -1 ? undefined : argv[at + 1];
  };
  return {
    runs: Number(value('runs') ?? 3),
    jobs: Number(value('jobs') ?? 7),
    cases: (value('cases') ?? 'standard,ultra,lite').split(',').filter((name) => name in CASES),
    // --cases none --jobs 7: the pipeline only.
    frames: value('frames'),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};

/** CPU seconds (user + system) of this process's finished children: ffmpeg's own work, whatever else runs. */
async function childCpuSeconds(): Promise<number> {
  // /proc/self/stat fields 16 and 17 (cutime, cstime) in clock ticks; the command name may hold spaces.
  const stat = await readFile('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(execFileSync('getconf', ['CLK_TCK']).toString());
  return (Number(fields[13]) + Number(fields[14])) / ticks;
}

const requestOf = (kind: Case, prompt: string, seed: number): GenerationRequest => {
  const { width, height } = FRAME_OF_QUALITY[kind.quality];
  return {
    jobId: randomUUID(),
    prompt,
    seed,
    modelId: 'kadr-motion-v1',
    durationSeconds: VIDEO_SECONDS,
    aspectRatio: '16:9',
    width,
    height,
    quality: kind.quality,
    speed: kind.speed,
    negativePrompt: null,
    startImage: null,
  };
};

/** The post-render checks on one rendered file, with the floors of any check that reads it in ffmpeg. */
interface ChecksRow {
  kind: Case;
  /** The worker's checks: one ffmpeg pass (description, blackdetect, thumbnail). */
  checksMs: number[];
  /** Baseline: the checks as they were before issue 19 — ffprobe ∥ ffmpeg blackdetect, then a thumbnail process. */
  threeProcessMs: number[];
  /** Baseline: ffmpeg decoding every frame to nowhere (what reading the file once costs). */
  decodeMs: number[];
  /** Baseline: ffmpeg opening the file and exiting (process start + header). */
  spawnMs: number[];
}

const timed = async (work: () => unknown): Promise<number> => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

const execFileAsync = promisify(execFile);

/** The pre-issue-19 checks, kept here only as a baseline: three processes, the file read twice. */
async function threeProcessChecks(video: string, thumbnail: string): Promise<void> {
  await Promise.all([
    execFileAsync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', video]),
    execFileAsync('ffmpeg', [
      '-hide_banner',
      '-nostats',
      '-i',
      video,
      '-vf',
      'blackdetect=d=0.1:pix_th=0.10',
      '-an',
      '-f',
      'null',
      '-',
    ]),
  ]);
  await execFileAsync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-ss',
    '1.50',
    '-i',
    video,
    '-frames:v',
    '1',
    '-vf',
    'scale=640:360:force_original_aspect_ratio=decrease,pad=640:360:(ow-iw)/2:(oh-ih)/2,setsar=1',
    '-q:v',
    '3',
    thumbnail,
  ]);
}

async function measureChecks(row: ChecksRow, video: string): Promise<void> {
  const inspector = new FfmpegInspector({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
  const thumbnail = path.join(path.dirname(video), 'thumbnail.jpg');
  const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...args]);
  row.checksMs.push(await timed(() => inspector.inspect(video, thumbnail)));
  row.threeProcessMs.push(await timed(() => threeProcessChecks(video, thumbnail)));
  row.decodeMs.push(await timed(() => ffmpeg('-i', video, '-f', 'null', '-')));
  // `-frames 0`: open, read the header, stop — the cost of any ffmpeg process on this file.
  row.spawnMs.push(await timed(() => ffmpeg('-i', video, '-frames:v', '0', '-f', 'null', '-')));
}

interface RenderRow {
  kind: Case;
  wallSeconds: number[];
  cpuSeconds: number[];
  /** The same-run baseline: re-encoding the rendered video with the same x264 settings (decode + encode, no scene). */
  encodeSeconds: number[];
}

/**
 * The encoder's floor under the same load: the rendered file decoded and encoded again with the
 * renderer's own x264 settings. render ÷ this = what drawing the scene adds on top of encoding it.
 */
function reencode(video: string, speed: JobSpeed): number {
  const started = performance.now();
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    video,
    '-c:v',
    'libx264',
    '-preset',
    X264_PRESET_OF_SPEED[speed],
    '-crf',
    '21',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '48',
    '-an',
    path.join(path.dirname(video), 'reencoded.mp4'),
  ]);
  return (performance.now() - started) / 1000;
}

async function benchRenders(
  cases: Case[],
  runs: number,
  framesDir: string | undefined,
): Promise<{ rows: RenderRow[]; checks: ChecksRow[] }> {
  const provider = new LocalVideoProvider({ ffmpegPath: 'ffmpeg' });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kadr-bench-render-'));
  const rows: RenderRow[] = [];
  const checks: ChecksRow[] = [];
  try {
    // One throw-away render: the font lookup and the ffmpeg feature probe are cached after it.
    await provider.generate(requestOf(CASES.lite!, 'warm-up', 1), context(await workDir(dir)));
    for (const kind of cases) {
      const row: RenderRow = { kind, wallSeconds: [], cpuSeconds: [], encodeSeconds: [] };
      const checked: ChecksRow = { kind, checksMs: [], threeProcessMs: [], decodeMs: [], spawnMs: [] };
      for (let run = 0; run < runs; run += 1) {
        const work = await workDir(dir);
        const cpuBefore = await childCpuSeconds();
        const started = performance.now();
        const { videoPath } = await provider.generate(
          requestOf(kind, PROMPTS[run % PROMPTS.length]!, 7),
          context(work),
        );
        row.wallSeconds.push((performance.now() - started) / 1000);
        row.cpuSeconds.push((await childCpuSeconds()) - cpuBefore);
        row.encodeSeconds.push(reencode(videoPath, kind.speed));
        await measureChecks(checked, videoPath);
        if (framesDir && run === 0)
          await saveFrame(videoPath, path.join(framesDir, `${kind.quality.toLowerCase()}.png`));
        console.error(
          `${kind.name} run ${run + 1}: render ${row.wallSeconds.at(-1)!.toFixed(2)} s ` +
            `(ffmpeg CPU ${row.cpuSeconds.at(-1)!.toFixed(2)} s), ` +
            `re-encode ${row.encodeSeconds.at(-1)!.toFixed(2)} s`,
        );
      }
      rows.push(row);
      checks.push(checked);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return { rows, checks };
}

let workDirs = 0;
async function workDir(root: string): Promise<string> {
  const dir = path.join(root, `w${(workDirs += 1)}`);
  await mkdir(dir);
  return dir;
}

const context = (workDir: string): GenerationContext => ({
  workDir,
  onProgress: () => undefined,
  signal: new AbortController().signal,
});

/** The frame at 2.5 s as a 640×360 PNG (for the README's before/after pictures). */
async function saveFrame(video: string, png: string): Promise<void> {
  await mkdir(path.dirname(png), { recursive: true });
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-ss',
    '2.5',
    '-i',
    video,
    '-frames:v',
    '1',
    '-vf',
    'scale=640:360',
    png,
  ]);
}

/** The local renderer, timing each render by job id (the overhead is the rest of POST → COMPLETED). */
class TimedProvider implements VideoProvider {
  readonly name = 'local';
  readonly renderSeconds = new Map<string, number>();
  private readonly inner = new LocalVideoProvider({ ffmpegPath: 'ffmpeg' });

  isAvailable(): Promise<boolean> {
    return this.inner.isAvailable();
  }

  async generate(request: GenerationRequest, context: GenerationContext): Promise<GenerationResult> {
    const started = performance.now();
    const result = await this.inner.generate(request, context);
    this.renderSeconds.set(request.jobId, (performance.now() - started) / 1000);
    return result;
  }
}

interface OverheadRow {
  kind: Case;
  overheadMs: number[];
  renderSeconds: number[];
}

/** N jobs one after another through POST /jobs, the worker and the COMPLETED event, on memory adapters. */
async function benchOverhead(kind: Case, jobs: number): Promise<OverheadRow> {
  const provider = new TimedProvider();
  const userId = `bench-${randomUUID()}`;
  const stack = await startJobsStack({ workers: 1, users: [userId], providers: [provider] });
  const completedAt = new Map<string, number>();
  const failed = new Map<string, string>();
  await stack.bus.subscribe({
    group: 'bench-completed',
    topics: ['job.progress'],
    handler: (message) => {
      const envelope = decodeEvent(message.value);
      if (envelope.payload.case !== 'jobProgress') return Promise.resolve();
      const { jobId, kind, errorCode, message: why } = envelope.payload.value;
      if (kind === JobProgressKind.COMPLETED) completedAt.set(jobId, performance.now());
      if (kind === JobProgressKind.FAILED) failed.set(jobId, `${errorCode}: ${why}`);
      return Promise.resolve();
    },
  });
  const row: OverheadRow = { kind, overheadMs: [], renderSeconds: [] };
  try {
    // Job 0 warms the process up (first requests, the font and feature probes); it is not counted.
    for (let job = 0; job <= jobs; job += 1) {
      const posted = performance.now();
      const id = await stack.submit(userId, {
        prompt: PROMPTS[job % PROMPTS.length]!,
        modelId: 'kadr-motion-v1',
        duration: VIDEO_SECONDS,
        quality: kind.quality,
        speed: kind.speed,
      });
      const deadline = Date.now() + 600_000;
      while (!completedAt.has(id)) {
        if (failed.has(id)) throw new Error(`job ${id} failed: ${failed.get(id)}`);
        if (Date.now() > deadline) throw new Error(`job ${id} did not complete in 600 s`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const render = provider.renderSeconds.get(id)!;
      const overhead = completedAt.get(id)! - posted - render * 1000;
      console.error(`pipeline job ${job}: render ${render.toFixed(2)} s, overhead ${overhead.toFixed(0)} ms`);
      if (job === 0) continue;
      row.overheadMs.push(overhead);
      row.renderSeconds.push(render);
    }
  } finally {
    await stack.stop();
  }
  return row;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const ffmpegVersion = execFileSync('ffmpeg', ['-hide_banner', '-version']).toString().split('\n')[0];
  console.log(`${ffmpegVersion}; ${os.cpus().length} cores; Node ${process.version}`);
  const loadAtStart = os.loadavg()[0]!;
  const renders = await benchRenders(
    options.cases.map((name) => CASES[name]!),
    options.runs,
    options.frames,
  );
  console.log(
    `\n1-minute load average: ${loadAtStart.toFixed(2)} at the start, ${os.loadavg()[0]!.toFixed(2)} at the end\n`,
  );
  printRenders(renders.rows);
  printChecks(renders.checks);
  if (options.jobs <= 0) return;
  const loadBeforeJobs = os.loadavg()[0]!;
  const overhead = await benchOverhead(CASES.standard!, options.jobs);
  console.log(
    `\n1-minute load average: ${loadBeforeJobs.toFixed(2)} at the start, ${os.loadavg()[0]!.toFixed(2)} at the end\n`,
  );
  console.log('| pipeline (POST → COMPLETED − render) | jobs | overhead p50 | overhead max | render p50 |');
  console.log('|---|---|---|---|---|');
  console.log(
    `| ${overhead.kind.name}, 5 s | ${overhead.overheadMs.length} | ${median(overhead.overheadMs).toFixed(0)} ms | ` +
      `${Math.max(...overhead.overheadMs).toFixed(0)} ms | ${median(overhead.renderSeconds).toFixed(2)} s |`,
  );
}

function printChecks(checks: ChecksRow[]): void {
  if (checks.length === 0) return;
  console.log(
    '\n| post-render checks on the rendered file | runs | checks (one pass) | before: 3 processes (baseline) | ' +
      'decode only (baseline) | open only (baseline) | checks / 3 processes | checks / decode |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of checks) {
    const [checksMs, threeMs, decodeMs, spawnMs] = [row.checksMs, row.threeProcessMs, row.decodeMs, row.spawnMs].map(
      median,
    ) as [number, number, number, number];
    console.log(
      `| ${row.kind.name} | ${row.checksMs.length} | ${checksMs.toFixed(0)} ms | ${threeMs.toFixed(0)} ms | ` +
        `${decodeMs.toFixed(0)} ms | ${spawnMs.toFixed(0)} ms | ${(checksMs / threeMs).toFixed(2)}× | ` +
        `${(checksMs / decodeMs).toFixed(2)}× |`,
    );
  }
}

function printRenders(renders: RenderRow[]): void {
  if (renders.length === 0) return;
  console.log(
    '| render (5 s video) | runs | median render | × real time (render / 5 s) | median ffmpeg CPU | CPU / 5 s | ' +
      'median re-encode (baseline) | render / re-encode |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of renders) {
    const wall = median(row.wallSeconds);
    const cpu = median(row.cpuSeconds);
    const encode = median(row.encodeSeconds);
    console.log(
      `| ${row.kind.name} | ${row.wallSeconds.length} | ${wall.toFixed(2)} s | ${(wall / VIDEO_SECONDS).toFixed(2)}× | ` +
        `${cpu.toFixed(2)} s | ${(cpu / VIDEO_SECONDS).toFixed(2)}× | ${encode.toFixed(2)} s | ${(wall / encode).toFixed(2)}× |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
