import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { GenerationContext, GenerationRequest, VideoProvider } from '../../src/domain/generation/video-provider';
import { LocalVideoProvider } from '../../src/integrations/providers/local/local-provider';
import { startRig, type Rig } from './test-rig';

/**
 * A `local` provider for tests that need to decide when each render ends: every render records
 * its start (job id, in order) and waits until the test opens the gate, then copies one real
 * Lite 5 s video rendered once by the built-in renderer (so the worker's output check passes).
 */
export class GatedProvider implements VideoProvider {
  readonly name = 'local';
  readonly started: string[] = [];
  private readonly gates: Array<() => void> = [];
  private readonly waiting: Array<() => void> = [];
  private opened = 0;
  private free = false;

  private constructor(private readonly sample: string) {}

  /** Renders the sample video (854×480, 5 s) into `dir`. */
  static async create(dir: string): Promise<GatedProvider> {
    const local = new LocalVideoProvider({ ffmpegPath: 'ffmpeg' });
    const { videoPath } = await local.generate(
      {
        jobId: 'sample',
        prompt: 'a sample for the gated provider',
        seed: 7,
        aspectRatio: '16:9',
        negativePrompt: null,
        startImage: null,
        modelId: 'kadr-motion-v1',
        durationSeconds: 5,
        width: 854,
        height: 480,
        quality: 'Lite',
        speed: 'Ultra Fast',
      },
      { workDir: dir, onProgress: () => undefined, signal: new AbortController().signal },
    );
    return new GatedProvider(videoPath);
  }

  isAvailable(): Promise<boolean> {
    return Promise.resolve(true);
  }

  async generate(request: GenerationRequest, context: GenerationContext): Promise<{ videoPath: string }> {
    this.started.push(request.jobId);
    for (const wake of this.waiting.splice(0)) wake();
    if (this.free) {
      // every render passes
    } else if (this.opened > 0) this.opened -= 1;
    else {
      await new Promise<void>((resolve, reject) => {
        this.gates.push(resolve);
        context.signal.addEventListener('abort', () => reject(context.signal.reason as Error), { once: true });
      });
    }
    const videoPath = path.join(context.workDir, 'video.mp4');
    await copyFile(this.sample, videoPath);
    return { videoPath };
  }

  /** Lets `count` renders finish (those waiting first, then the next ones at once). */
  open(count = 1): void {
    for (let i = 0; i < count; i += 1) {
      const gate = this.gates.shift();
      if (gate) gate();
      else this.opened += 1;
    }
  }

  /** Every render waiting and every later one passes, until `close`. */
  openAll(): void {
    this.free = true;
    for (const gate of this.gates.splice(0)) gate();
  }

  /** Back to gated renders (between tests). */
  close(): void {
    this.free = false;
    this.opened = 0;
  }

  /** Resolves once `count` renders have started. */
  async startedCount(count: number): Promise<void> {
    while (this.started.length < count) await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
}

/** A rig whose renders the test lets go one by one: the gated provider, one render slot, room for many jobs. */
export interface GatedRig {
  rig: Rig;
  provider: GatedProvider;
  close(): Promise<void>;
}

export async function startGatedRig(env: Record<string, string> = {}): Promise<GatedRig> {
  const sampleDir = await mkdtemp(path.join(os.tmpdir(), 'kadr-gated-'));
  const provider = await GatedProvider.create(sampleDir);
  const rig = await startRig({
    env: { WORKER_CONCURRENCY: '1', ACTIVE_JOBS_CAP_FREE: '50', ...env },
    start: { providers: [provider] },
  });
  return {
    rig,
    provider,
    async close() {
      provider.openAll();
      await rig.close();
      await rm(sampleDir, { recursive: true, force: true });
    },
  };
}
